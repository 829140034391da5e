import MarfaOpenAPIRuntime

/// Reads every JSON request body with one strict reader (`JSONTextParser`, RFC 8259 with I-JSON's
/// UTF-8 and unique names) before the generated server decodes it, so a body Foundation's decoder
/// would let through — a trailing comma, bytes that are not UTF-8 in a member no door reads, a
/// member named twice (`{"type":"a","type":"b"}`) — is `400 validation_error` and changes nothing.
///
/// A body is JSON when its `Content-Type` is `application/json` or `…+json`, or when it has none
/// on a door that takes JSON. It also refuses a body that leaves out a member the contract
/// requires but allows to be null, which the generated decoder reads as null
/// (`requiredNullableMembers`).
struct StrictJSONBodyMiddleware: ServerMiddleware {
    /// The largest body read; a longer one is `413 request_too_large`.
    let maxBodyBytes: Int

    /// The doors whose body is a form or bytes, read when no `Content-Type` says otherwise.
    static let nonJSONDoors: Set<String> = [
        "uploadBlob", "submitConsentDecision", "requestToken", "revokeToken", "requestDeviceCode", "submitDeviceCode",
        "submitDeviceConsent",
    ]

    /// Members the contract requires though they may be `null`, by operation.
    static let requiredNullableMembers: [String: [String]] = ["setTypeIcon": ["icon"]]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let body, Self.isJSON(request.headerFields["Content-Type"], operationID: operationID) else {
            return try await next(request, body, metadata)
        }
        let bytes = try await body.collect(upTo: maxBodyBytes)
        guard !bytes.isEmpty else { return try await next(request, HTTPBody(bytes), metadata) }
        let value: OpenAPIValue
        do {
            value = try JSONTextParser.parse(bytes)
        } catch {
            throw LocalError.validation(
                "The request body is not strict JSON (RFC 8259): \(error.description)",
                details: ["reason": .string(error.description)])
        }
        if case .object(let members) = value,
            let missing = Self.requiredNullableMembers[operationID]?.first(where: { members[$0] == nil })
        {
            throw LocalError(
                400, "missing_required_field", "The field '\(missing)' is required (null is allowed).",
                details: ["field": .string(missing)])
        }
        return try await next(request, HTTPBody(bytes, json: value), metadata)
    }

    /// Whether a body with `contentType` on `operationID` is read as JSON.
    static func isJSON(_ contentType: String?, operationID: String) -> Bool {
        guard let contentType else { return !nonJSONDoors.contains(operationID) }
        let media = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces.lowercased() } ?? ""
        return media == "application/json" || (media.hasPrefix("application/") && media.hasSuffix("+json"))
    }
}
