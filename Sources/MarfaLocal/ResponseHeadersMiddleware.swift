import Foundation
import MarfaOpenAPIRuntime

/// The outermost middleware: gives every answer `X-Marfa-Contract` and `X-Request-ID`, and turns
/// every error thrown behind it into the error envelope (`LocalError.from`), so no refusal leaves
/// the instance without its code.
struct ResponseHeadersMiddleware: ServerMiddleware {
    /// Called with each answer of status 500 or more and the error behind it, for the log.
    let onServerError: @Sendable (String, any Error) -> Void

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let requestID = Self.acceptedRequestID(request.headerFields["X-Request-ID"]) ?? Identifiers.requestID()
        let context = RequestContext(requestID: requestID, key: nil)
        var (response, responseBody) = await RequestContext.$current.withValue(context) {
            do {
                return try await next(request, body, metadata)
            } catch {
                let refusal = LocalError.from(error)
                if refusal.status >= 500 && refusal.status != 501 { onServerError(operationID, error) }
                return refusal.httpResponse
            }
        }
        response.headerFields["X-Marfa-Contract"] = LocalContract.version
        response.headerFields["X-Request-ID"] = requestID
        return (response, responseBody)
    }

    /// The caller's own request id when it is 1 to 128 letters, digits, `_` or `-`.
    static func acceptedRequestID(_ value: String?) -> String? {
        guard let value, (1...128).contains(value.utf8.count),
            value.utf8.allSatisfy({
                $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0)
                    || (0x41...0x5a).contains($0) || (0x61...0x7a).contains($0)
            })
        else { return nil }
        return value
    }
}

/// Runs `middlewares` around `last`, first to last, as the generated registrar does.
enum MiddlewareChain {
    static func run(
        _ middlewares: ArraySlice<any ServerMiddleware>, _ request: HTTPRequest, _ body: HTTPBody?,
        _ metadata: ServerRequestMetadata, operationID: String,
        last:
            @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
                HTTPResponse, HTTPBody?
            )
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let first = middlewares.first else { return try await last(request, body, metadata) }
        let rest = middlewares.dropFirst()
        return try await first.intercept(request, body: body, metadata: metadata, operationID: operationID) {
            try await run(rest, $0, $1, $2, operationID: operationID, last: last)
        }
    }
}
