import MarfaOpenAPIRuntime

/// Why a call through a client transport of this module (`CurlTransport`, `URLSessionTransport`)
/// failed; both throw the same case for the same failure.
///
/// The text of an error names the origin (scheme, host, port) and never a header value, a query, a
/// user name or a password, so it can be logged as it is. Cancelling the calling task throws
/// `CancellationError`, not one of these.
public enum HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server could not be reached: DNS failure, connection refused, host or network unreachable,
    /// connect time-out, TLS handshake failure. Nothing of the request was sent, so a retry is safe.
    case noConnection(reason: String)

    /// A connection was made and no complete answer arrived: it dropped, the server broke the
    /// protocol, or a time limit ran out. When `requestSent` is true the request (or part of it)
    /// went out, so the server may have acted on it.
    case network(reason: NetworkFailure, requestSent: Bool)

    /// The server answered with a redirect (a 3xx status other than 304). Redirects are never
    /// followed, so no credential of this request reaches another host. `origin` is the origin that
    /// answered, `location` the raw `Location` field, if any.
    case redirected(origin: String, status: Int, location: String?, message: String)

    /// The request cannot be sent as given: the base URL is not http or https, the path is not
    /// percent-encoded, a header field holds a line break, or the body does not match its declared length.
    case invalidRequest(reason: String)

    /// What went wrong on a connection that was made.
    public enum NetworkFailure: Sendable, Equatable, CustomStringConvertible {
        /// A time limit of the call ran out.
        case timedOut(TimeLimit)
        /// The connection was closed or reset before the answer was complete.
        case connectionLost(String)
        /// The server's answer broke HTTP (a malformed or oversized head, an HTTP/2 framing error).
        case protocolError(String)

        public var description: String {
            switch self {
            case .timedOut(let limit): "\(limit) ran out"
            case .connectionLost(let detail): "the connection was lost: \(detail)"
            case .protocolError(let detail): "the answer broke HTTP: \(detail)"
            }
        }
    }

    /// A time limit of a call.
    public enum TimeLimit: Sendable, Equatable, CustomStringConvertible {
        /// The whole call, from `send` to the last byte of the response body.
        case deadline(Duration)
        /// The longest silence from the server while the transport was waiting for it.
        case idle(Duration)

        public var description: String {
            switch self {
            case .deadline(let limit): "the deadline of \(limit)"
            case .idle(let limit): "the idle limit of \(limit)"
            }
        }
    }

    /// Whether `status` is a redirect this module refuses to follow: any 3xx but 304 Not Modified.
    static func isRedirect(_ status: Int) -> Bool { (300..<400).contains(status) && status != 304 }

    /// The error for a redirect answered by `origin`; its text names origins only, never a path or query.
    static func redirect(from origin: String, status: Int, location: String?) -> HTTPClientError {
        let to = location.map { RequestTarget.origin(of: $0).map { " to \($0)" } ?? " within the same origin" } ?? ""
        return .redirected(
            origin: origin, status: status, location: location,
            message: "The server at \(origin) answered \(status) \(HTTPResponse.reasonPhrase(status)), "
                + "a redirect\(to); redirects are not followed.")
    }

    /// Whether a time limit of the call ran out.
    public var isTimeout: Bool {
        if case .network(.timedOut, _) = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .noConnection(let reason):
            "The server could not be reached: \(reason)"
        case .network(let reason, let requestSent):
            "No complete answer arrived (\(requestSent ? "the request was sent" : "the request was not sent")): \(reason)"
        case .redirected(_, _, _, let message):
            message
        case .invalidRequest(let reason):
            "The request cannot be sent: \(reason)"
        }
    }
}
