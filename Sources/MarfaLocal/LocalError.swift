import Foundation
import MarfaHTTPServer
import MarfaOpenAPIRuntime

/// A refusal the local instance answers: `{"error": {"code", "message", "details"}}` with the code in
/// `X-Error-Code`. Some refusals carry more top-level members (`current`, `ancestor`, ... for
/// `version_conflict`).
struct LocalError: Error, Sendable, HTTPResponseConvertible, CustomStringConvertible {
    let status: Int
    let code: String
    let message: String
    var details: OpenAPIObject?
    /// Members beside `error` in the body.
    var extra: OpenAPIObject = [:]
    /// Headers beside the usual ones, such as `Retry-After` or `Allow`.
    var headers: [(String, String)] = []

    init(_ status: Int, _ code: String, _ message: String, details: OpenAPIObject? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.details = details
    }

    var description: String { "\(status) \(code): \(message)" }

    var httpResponse: (HTTPResponse, HTTPBody?) {
        var error: OpenAPIObject = ["code": .string(code), "message": .string(message)]
        if let details { error["details"] = .object(details) }
        if code == "version_conflict" || code == "ancestor_unavailable" { error["status"] = .int(Int64(status)) }
        var body = extra
        body["error"] = .object(error)
        var response = HTTPResponse(status: status, headerFields: ["Content-Type": "application/json"])
        response.headerFields["X-Error-Code"] = code
        for (name, value) in headers { response.headerFields[name] = value }
        let bytes = (try? JSONCoding.makeEncoder().encode(OpenAPIValue.object(body))) ?? Data()
        return (response, HTTPBody(bytes))
    }
}

extension LocalError {
    static func validation(_ message: String, details: OpenAPIObject? = nil) -> LocalError {
        LocalError(400, "validation_error", message, details: details)
    }
    static func unauthorized(_ message: String = "A valid API key is required.") -> LocalError {
        LocalError(401, "unauthorized", message)
    }
    static func forbidden(_ message: String, details: OpenAPIObject? = nil) -> LocalError {
        LocalError(403, "forbidden", message, details: details)
    }
    static func notFound(_ code: String, _ message: String) -> LocalError { LocalError(404, code, message) }
    static func conflict(_ code: String, _ message: String, details: OpenAPIObject? = nil) -> LocalError {
        LocalError(409, code, message, details: details)
    }
    /// `409 version_conflict`: `what` is at `version`, not the `requested` one the write was based
    /// on; the answer carries the stored row as `current`.
    static func versionConflict(
        _ what: String, at version: some BinaryInteger, not requested: some BinaryInteger, current: OpenAPIValue
    ) -> LocalError {
        var refusal = conflict("version_conflict", "The \(what) is at version \(version), not \(requested).")
        refusal.extra = ["current": current]
        return refusal
    }
    /// The envelope for a refusal the HTTP server answers before any handler runs (framing, sizes,
    /// unknown methods), with the contract header the middlewares add to every other answer.
    static let serverRefusal: MicroHTTPDServer.RefusalFormat = { status, code, message in
        var (head, body) = LocalError(status, code, message).httpResponse
        head.headerFields["X-Marfa-Contract"] = LocalContract.version
        return (head, body)
    }
    static func notImplemented(_ operationID: String) -> LocalError {
        LocalError(501, "not_implemented", "The local instance does not implement \(operationID) yet.")
    }
    static func `internal`(_ message: String = "The local instance failed to answer.") -> LocalError {
        LocalError(500, "internal_error", message)
    }

    /// The refusal for any error thrown while answering: a `LocalError` as it is, a request the
    /// generated server could not read as `400 validation_error` (or `missing_required_field`,
    /// `413 request_too_large`), anything else `500 internal_error`.
    static func from(_ error: any Error) -> LocalError {
        switch error {
        case let error as LocalError:
            return error
        case let error as ServerError:
            return fromUnreadableRequest(error)
        case let error as HTTPBody.TooManyBytesError:
            return LocalError(413, "request_too_large", "The request body is larger than \(error.limit) bytes.")
        default:
            return .internal()
        }
    }

    private static func fromUnreadableRequest(_ error: ServerError) -> LocalError {
        if error.status == 413 {
            return LocalError(413, "request_too_large", "The request body is too large.")
        }
        if error.status == 415 {
            return LocalError(415, "validation_error", error.causeDescription + ".")
        }
        guard let decoding = error.underlyingError as? DecodingError else {
            return .validation(error.causeDescription + ".")
        }
        switch decoding {
        case .keyNotFound(let key, let context):
            let path = (context.codingPath + [key]).map(\.stringValue).joined(separator: ".")
            return LocalError(
                400, "missing_required_field", "The field '\(path)' is required.",
                details: ["field": .string(path)])
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            let reason = context.debugDescription
            // A parameter or header that could not be read is named by the cause ("The query
            // parameter 'limit' could not be read"); a body's field by its path.
            let message =
                path.isEmpty ? "\(error.causeDescription): \(reason)" : "The field '\(path)' is not valid: \(reason)"
            return .validation(
                message,
                details: ["errors": .array([.object(["path": .string(path), "message": .string(reason)])])])
        @unknown default:
            return .validation(error.causeDescription + ".")
        }
    }
}
