import Foundation
import MarfaOpenAPIRuntime
import MarfaTypes

/// Refuses a query the operation cannot have meant, in one place for every operation, before it
/// runs: a parameter name the contract does not declare for the operation (its names come from the
/// generated `Operations.queryParameterNames`) is `400 validation_error` with
/// `details.unknown_parameters` (every such name, once, in the order sent); a value outside the
/// enum the contract declares (`?direction=sideways`) is `400 validation_error` with
/// `details.parameter` and `details.allowed`; a name or value that
/// is not percent-encoded UTF-8 is `400 validation_error` naming the parameter. Names starting
/// with `_` are the caller's own and pass. The OAuth and sign-in doors are left alone: RFC 6749
/// has an authorization server ignore parameters it does not know.
struct QueryParameterMiddleware: ServerMiddleware {
    /// The doors that take OAuth parameters and ignore the ones they do not know.
    static let lenient: Set<String> = OAuthDoorMiddleware.pages.union(OAuthDoorMiddleware.oauthShaped).union([
        "getAuthorizationServerMetadata", "showSignInPage", "signInWithPassword",
    ])

    /// The values each enumerated query parameter takes, by operation ID, read from the generated
    /// types: their open enums keep any other value as `unknown`, which no door should act on.
    static let enumValues: [String: [String: Set<String>]] = [
        "listItems": [
            "tier": values(Operations.ListItems.Input.Query.TierPayload.self),
            "direction": values(Operations.ListItems.Input.Query.DirectionPayload.self),
        ],
        "searchItems": [
            "tier": values(Operations.SearchItems.Input.Query.TierPayload.self),
            "state": values(Components.Schemas.ItemState.self),
        ],
        "getItemStats": ["by": values(Operations.GetItemStats.Input.Query.ByPayload.self)],
        "updateItem": ["conflict": values(Operations.UpdateItem.Input.Query.ConflictPayload.self)],
        "streamEvents": [
            "edges": values(Operations.StreamEvents.Input.Query.EdgesPayload.self),
            "copy": values(Operations.StreamEvents.Input.Query.CopyPayload.self),
        ],
        "revokeGrant": ["revoke_keys": values(Operations.RevokeGrant.Input.Query.RevokeKeysPayload.self)],
        "deleteType": ["force": values(Operations.DeleteType.Input.Query.ForcePayload.self)],
        "deleteEdgeType": ["force": values(Operations.DeleteEdgeType.Input.Query.ForcePayload.self)],
    ]

    private static func values<Payload: CaseIterable & RawRepresentable<String>>(_: Payload.Type) -> Set<String> {
        Set(Payload.allCases.map(\.rawValue))
    }

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
                    "The query parameter '\(name)' is not percent-encoded UTF-8.", details: ["parameter": .string(name)]
                )
            }
            if !declared.contains(name), !name.hasPrefix("_"), !unknown.contains(name) { unknown.append(name) }
            if let allowed = Self.enumValues[operationID]?[name],
                let value = parts.count > 1 ? PercentEncoding.decode(parts[1], plusIsSpace: true) : "",
                !allowed.contains(value)
            {
                throw LocalError.validation(
                    "The query parameter '\(name)' must be one of \(allowed.sorted().joined(separator: ", ")).",
                    details: ["parameter": .string(name), "allowed": .array(allowed.sorted().map { .string($0) })])
            }
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
