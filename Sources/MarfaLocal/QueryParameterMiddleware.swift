import Foundation
import MarfaOpenAPIRuntime
import MarfaTypes

/// Refuses a query the operation cannot have meant, in one place for every operation, before it
/// runs: a parameter name the contract does not declare for the operation (its names come from the
/// generated `Operations.queryParameterNames`) is `400 validation_error` with
/// `details.unknown_parameters` (every such name, once, in the order sent); a name or value that
/// is not percent-encoded UTF-8 is `400 validation_error` naming the parameter. Names starting
/// with `_` are the caller's own and pass. The OAuth and sign-in doors are left alone: RFC 6749
/// has an authorization server ignore parameters it does not know.
struct QueryParameterMiddleware: ServerMiddleware {
    /// The doors that take OAuth parameters and ignore the ones they do not know.
    static let lenient: Set<String> = OAuthDoorMiddleware.pages.union(OAuthDoorMiddleware.oauthShaped).union([
        "getAuthorizationServerMetadata", "showSignInPage", "signInWithPassword",
    ])

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard !Self.lenient.contains(operationID), let declared = Operations.queryParameterNames[operationID],
            let query = request.query, !query.isEmpty
        else { return try await next(request, body, metadata) }
        var unknown: [String] = []
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentEncoding.decode(parts[0], plusIsSpace: true) else {
                throw LocalError.validation("A query parameter's name is not percent-encoded UTF-8.")
            }
            if parts.count > 1, PercentEncoding.decode(parts[1], plusIsSpace: true) == nil {
                throw LocalError.validation(
                    "The query parameter '\(name)' is not percent-encoded UTF-8.", details: ["parameter": .string(name)])
            }
            if !declared.contains(name), !name.hasPrefix("_"), !unknown.contains(name) { unknown.append(name) }
        }
        guard unknown.isEmpty else {
            let list = unknown.map { "'\($0)'" }.joined(separator: ", ")
            throw LocalError.validation(
                "This operation does not take the query parameter\(unknown.count == 1 ? "" : "s") \(list).",
                details: ["unknown_parameters": .array(unknown.map { .string($0) })])
        }
        return try await next(request, body, metadata)
    }
}
