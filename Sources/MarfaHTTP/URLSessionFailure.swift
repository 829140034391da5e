import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The error `URLSessionTransport` throws for an error URLSession reported: the same
/// `HTTPClientError` case `CurlTransport` throws for the same failure, or `CancellationError`.
enum URLSessionFailure {
    /// The error for `error`, from a call to `origin` whose response head had (`afterHead`) or had
    /// not arrived yet. URLSession does not tell whether a request head went out, so a failure after
    /// connecting is reported with `requestSent: true`.
    static func error(for error: any Error, origin: String, afterHead: Bool) -> any Error {
        let nsError = error as NSError
        guard let code = (error as? URLError)?.code else {
            return HTTPClientError.network(
                reason: .connectionLost("\(origin): \(nsError.localizedDescription)"), requestSent: true)
        }
        let detail = "\(origin): \(nsError.localizedDescription)"
        if code == .cancelled { return CancellationError() }
        if !afterHead, isBeforeConnecting(code) || isTLSHandshakeFailure(code, nsError, origin: origin) {
            return HTTPClientError.noConnection(reason: detail)
        }
        switch code {
        case .badURL, .unsupportedURL, .dataLengthExceedsMaximum:
            return HTTPClientError.invalidRequest(reason: "URLSession cannot send it (\(nsError.localizedDescription))")
        case .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData, .resourceUnavailable:
            return HTTPClientError.network(reason: .protocolError(detail), requestSent: true)
        case .badServerResponse:
            return badServerResponse(detail)
        default:
            return HTTPClientError.network(reason: .connectionLost(detail), requestSent: true)
        }
    }

    /// Failures that happen before a connection carries anything: name lookup, connecting, TLS set-up,
    /// no network. URLSession's own time-out only governs connecting here (the transport keeps the
    /// call's limits itself), so it too means the server was never reached.
    private static func isBeforeConnecting(_ code: URLError.Code) -> Bool {
        switch code {
        case .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed, .notConnectedToInternet, .timedOut,
            .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired, .internationalRoamingOff, .callIsActive, .dataNotAllowed,
            .appTransportSecurityRequiresSecureConnection, .cannotLoadFromNetwork:
            true
        default:
            false
        }
    }

    /// Whether an error FoundationNetworking could not name is a failed TLS handshake: it reports
    /// every TLS failure as `unknown`, with libcurl's message as its text, so the text is read for the
    /// marks of a handshake or certificate failure (never of a read or write on an open connection).
    private static func isTLSHandshakeFailure(_ code: URLError.Code, _ error: NSError, origin: String) -> Bool {
        #if canImport(FoundationNetworking)
        guard code == .unknown, origin.hasPrefix("https://") else { return false }
        let text = error.localizedDescription
        if text.contains("SSL_read") || text.contains("SSL_write") || text.contains("eof while reading") {
            return false
        }
        let marks = [
            "SSL certificate", "certificate verify", "TLS connect error", "SSL connect error", "wrong version number",
            "handshake", "no alternative certificate subject name", "packet length too long", "unknown protocol",
        ]
        return marks.contains { text.localizedCaseInsensitiveContains($0) }
        #else
        return false
        #endif
    }

    /// FoundationNetworking reports a connection closed before any answer (libcurl's "empty reply")
    /// as a bad server response; Apple's URLSession means an answer that is not HTTP.
    private static func badServerResponse(_ detail: String) -> HTTPClientError {
        #if canImport(FoundationNetworking)
        .network(reason: .connectionLost(detail), requestSent: true)
        #else
        .network(reason: .protocolError(detail), requestSent: true)
        #endif
    }
}
