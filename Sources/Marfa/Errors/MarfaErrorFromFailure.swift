import Foundation
import MarfaHTTP

extension MarfaError {
    /// The `MarfaError` for any failure of a call: a `MarfaError` as it is, task cancellation as
    /// `canceled`, transport failures as `noConnection` / `network` / `redirected` / `invalid`, an
    /// answer the generated client could not read as `decoding` (or the transport failure behind it),
    /// a request it could not write as `invalid`. Anything else is `invalid` too: a failure the SDK
    /// can't classify is never called transient, so a write that fails that way isn't retried forever.
    package init(_ error: any Error) {
        switch error {
        case let error as MarfaError:
            self = error
        case is CancellationError:
            self = .canceled
        case let error as HTTPClientError:
            self = Self(transport: error)
        case let error as ClientError:
            self = Self(client: error)
        case let error as HTTPBody.TooManyBytesError:
            self = .decoding(
                message: "The server's answer is longer than \(Self.sizeText(error.limit)), so it wasn't read.")
        case let error as UnexpectedResponseError:
            self = .decoding(message: "The server gave an answer this call doesn't expect (\(error.received)).")
        case let error as UnexpectedContentError:
            self = .decoding(message: "The server's answer came as \(error.received), which this call can't read.")
        case let error as DecodingError:
            self = .decoding(message: "The server's answer couldn't be read: \(Self.describe(error))")
        default:
            self = .invalid(message: "The call failed for a reason the SDK can't classify: \(error)")
        }
    }

    /// A transport failure. Its texts name the origin only, never a header, query or user information.
    init(transport error: HTTPClientError) {
        switch error {
        case .noConnection(let reason):
            self = .noConnection(message: "The server couldn't be reached (\(reason)).")
        case .network(.timedOut(let limit), _):
            switch limit {
            case .deadline(let duration):
                self = .network(message: "The server's answer didn't arrive within \(Self.durationText(duration)).")
            case .idle(let duration):
                self = .network(message: "The server stopped answering for \(Self.durationText(duration)).")
            }
        case .network(let reason, let requestSent):
            let sent = requestSent ? " The request was sent, so a write may have taken effect." : ""
            self = .network(message: "The server's answer didn't arrive: \(reason).\(sent)")
        case .redirected(let origin, let status, let location, _):
            let target = location.flatMap(Self.origin(of:)).map { " to \($0)" } ?? ""
            self = .redirected(
                origin: origin, status: UInt16(clamping: status), location: location,
                message: "The server at \(origin) answered with a redirect (status \(status))\(target). "
                    + "It isn't followed, so the key goes nowhere else.")
        case .invalidRequest(let reason):
            self = .invalid(message: "The request can't be sent: \(reason).")
        }
    }

    /// A failure of the generated client: the transport failure or cancellation behind it when there
    /// is one (a body cut off or timed out while it was read), else an unreadable answer, or a
    /// request that couldn't be written (a failure with no answer's status).
    package init(client error: ClientError) {
        if let underlying = error.underlyingError {
            switch underlying {
            case is CancellationError, is HTTPClientError, is MarfaError, is HTTPBody.TooManyBytesError:
                self = Self(underlying)
                return
            default:
                // Thrown while the request was sent (by a middleware or a transport of the app's own).
                if error.request != nil && error.status == nil {
                    self = Self(underlying)
                    return
                }
            }
        }
        guard error.status != nil else {
            self = .invalid(message: "The request couldn't be written: \(error.causeDescription).")
            return
        }
        var text = "The server's answer couldn't be read: \(error.causeDescription)"
        if let decoding = error.underlyingError as? DecodingError { text += " (\(Self.describe(decoding)))" }
        self = .decoding(message: text + ".")
    }

    /// The origin (`scheme://host[:port]`) of an absolute URL, without user information, path or query.
    static func origin(of location: String) -> String? {
        guard let url = URL(string: location), let scheme = url.scheme, let host = url.host, !host.isEmpty else {
            return nil
        }
        return "\(scheme.lowercased())://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }

    static func durationText(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return milliseconds == 1000 ? "1 second" : "\(milliseconds / 1000) seconds" }
        return "\(Double(milliseconds) / 1000) seconds"
    }

    static func sizeText(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let names = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return names.isEmpty ? "" : " at \(names.joined(separator: "."))"
        }
        switch error {
        case .keyNotFound(let key, let context): return "'\(key.stringValue)' is missing\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return context.debugDescription + path(context)
        @unknown default: return "\(error)"
        }
    }
}
