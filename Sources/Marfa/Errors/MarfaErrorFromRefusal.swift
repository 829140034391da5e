import Foundation

extension MarfaError {
    /// The error for a refusal that named Marfa's contract, from its status, its header fields and
    /// its body, the envelope `{"error": {"code", "message", "details"}}`.
    ///
    /// 400 and 422 are `validation`, 401 `unauthorized`, 403 `forbidden`, 404 `notFound`, 429
    /// `rateLimited` (with `Retry-After`), 409 `versionConflict` for `version_conflict` and
    /// `instanceChanged` for `instance_changed`; every other refusal is `server`. A body that is
    /// not an envelope keeps the status's case with a code and message of the SDK's. `details` is
    /// kept only when `keepingDetails` is true: a direct call's refusal carries none.
    init(refusal status: Int, fields: HTTPFields, body: [UInt8]?, keepingDetails: Bool = false, now: Date = Date()) {
        let envelope = body.flatMap { try? JSONCoding.decode(Components.Schemas.ErrorResponse.self, from: Data($0)) }
        let code = envelope.map(\.error.code).flatMap { $0.isEmpty ? nil : $0 } ?? Self.fallbackCode(status)
        let message = envelope.map(\.error.message).flatMap { $0.isEmpty ? nil : $0 } ?? Self.fallbackMessage(status)
        switch status {
        case 400, 422:
            self = .validation(code: code, message: message, details: keepingDetails ? envelope?.error.details : nil)
        case 401:
            self = .unauthorized(code: code, message: message)
        case 403:
            self = .forbidden(code: code, message: message)
        case 404:
            self = .notFound(code: code, message: message)
        case 409 where code == "version_conflict":
            self = .versionConflict(code: code, message: message)
        case 409 where code == "instance_changed":
            self = .instanceChanged(message: message)
        case 429:
            self = .rateLimited(
                code: code, message: message,
                retryAfterSeconds: fields["Retry-After"].flatMap { Self.retryAfter($0, now: now) })
        default:
            self = .server(status: UInt16(clamping: status), code: code, message: message)
        }
    }

    /// `Retry-After` in whole seconds: a number of seconds, or an HTTP date from `now`.
    static func retryAfter(_ value: String, now: Date) -> UInt64? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = UInt64(text) { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return UInt64(max(0, date.timeIntervalSince(now).rounded(.up)))
    }

    static func fallbackCode(_ status: Int) -> String {
        switch status {
        case 400, 422: "validation_error"
        case 401: "unauthorized"
        case 403: "forbidden"
        case 404: "not_found"
        case 409: "conflict"
        case 429: "rate_limited"
        default: "http_\(status)"
        }
    }

    static func fallbackMessage(_ status: Int) -> String {
        switch status {
        case 400, 422: "The server refused the values sent."
        case 401: "The server refused the key."
        case 403: "The key lacks a permission this call needs."
        case 404: "The server found nothing at that address."
        case 429: "The server asked to wait before asking again."
        default: "The server refused the call (status \(status))."
        }
    }
}
