import MarfaDigest
import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite

/// `Idempotency-Key` on writes: the first answer (a refusal included, not a 5xx) is recorded under
/// the key and the credential; a repeat with the same method, target and body is answered from the
/// record with `Idempotency-Replayed: true` and does nothing; another request under the same key is
/// `422 idempotency_key_reused`.
struct IdempotencyMiddleware: ServerMiddleware {
    let store: LocalStore
    /// The most request or response bytes read for a fingerprint or a record.
    let maxBodyBytes: Int

    static let writeMethods: Set<HTTPMethod> = [.post, .put, .patch, .delete]
    /// Headers that describe one answer, not its content: never replayed.
    static let perAnswerHeaders: Set<String> = [
        "x-request-id", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "x-marfa-contract",
        "content-length",
    ]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard Self.writeMethods.contains(request.method), let idempotencyKey = request.headerFields["Idempotency-Key"] else {
            return try await next(request, body, metadata)
        }
        guard (1...255).contains(idempotencyKey.utf8.count) else {
            throw LocalError.validation("Idempotency-Key must be 1 to 255 characters.")
        }
        let bytes = try await body?.collect(upTo: maxBodyBytes)
        let credential = RequestContext.current.key?.id ?? "anonymous"
        let fingerprint = SHA256.hex(Array("\(request.method.rawValue) \(request.path)\n".utf8) + (bytes ?? []))
        if let record = try store.database.read({
            try $0.first("SELECT * FROM idempotency_records WHERE credential = ? AND key = ?", credential, idempotencyKey)
        }) {
            guard record.string("fingerprint") == fingerprint else {
                throw LocalError(
                    422, "idempotency_key_reused",
                    "This Idempotency-Key was already used for a different request; use a new key.")
            }
            return try Self.replay(record)
        }
        var (response, responseBody): (HTTPResponse, HTTPBody?)
        do {
            (response, responseBody) = try await next(request, bytes.map { HTTPBody($0) }, metadata)
        } catch {
            (response, responseBody) = LocalError.from(error).httpResponse
        }
        guard response.status < 500 else { return (response, responseBody) }
        let responseBytes = try await responseBody?.collect(upTo: maxBodyBytes) ?? []
        let headers = response.headerFields.filter { !Self.perAnswerHeaders.contains($0.name.lowercased()) }.map { [$0.name, $0.value] }
        try store.database.write { db in
            try db.run(
                """
                INSERT OR IGNORE INTO idempotency_records (credential, key, fingerprint, status, headers, body, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, credential, idempotencyKey, fingerprint, response.status, try StoredJSON.encode(headers),
                responseBytes, Date().stored)
        }
        return (response, HTTPBody(responseBytes))
    }

    private static func replay(_ record: SQLiteRow) throws -> (HTTPResponse, HTTPBody?) {
        var response = HTTPResponse(status: record.int("status") ?? 200)
        for pair in try StoredJSON.decode([[String]].self, record.string("headers")) where pair.count == 2 {
            response.headerFields.append(name: pair[0], value: pair[1])
        }
        response.headerFields["Idempotency-Replayed"] = "true"
        return (response, HTTPBody(record.bytes("body") ?? []))
    }
}
