import Foundation
import MarfaClock
import MarfaDigest
import MarfaOpenAPIRuntime
import MarfaSQLite

/// `Idempotency-Key` on the writes whose contract declares it: the first answer (a refusal
/// included, not a 5xx) is recorded under the key and the credential; a repeat with the same
/// method, target and body is answered from the record with `Idempotency-Replayed: true` and does
/// nothing; another request under the same key is `422 idempotency_key_reused`.
///
/// The key is reserved (in one transaction) before the operation runs, so two requests racing
/// with one key run it once: the later one waits for the first answer and replays it, or, after
/// `waitLimit` on the instance's clock, is answered `503 write_contention` (nothing written; ask
/// again). The waiting request is woken when the first one's answer is recorded or dropped.
/// Operations that do not declare the header ignore it, so answers carrying secrets (minted keys,
/// OAuth tokens) are never stored.
struct IdempotencyMiddleware: ServerMiddleware {
    let store: LocalStore
    /// The most request or response bytes read for a fingerprint or a record.
    let maxBodyBytes: Int
    /// Upload bodies spooled to disk: fingerprinted by their content hash, never read here.
    let uploads: SpooledUploads
    /// How long a repeat waits for the answer of the same request still under way.
    var waitLimit: Duration = .seconds(5)
    /// Woken (by credential and key) when a reservation is recorded or dropped.
    let settled = ChangeWaiters<String>()

    /// The operations whose contract declares `Idempotency-Key` (see `openapi/marfa.yaml`).
    static let declaringOperations: Set<String> = [
        "addItemTags", "createEdge", "createFolder", "createItem", "createView", "deleteEdge", "deleteFolder",
        "deleteItem", "deleteItemExtension", "deleteView", "mergeItemMetadata", "purgeItem", "removeItemTag",
        "replaceItemExtension", "replaceItemMetadata", "restoreItem", "setTypeIcon", "startTypeMove",
        "transitionItem", "updateEdge", "updateFolder", "updateItem", "updateSpaceConfig", "updateView", "uploadBlob",
    ]
    /// Operations whose answers are never recorded, whatever the contract says: they carry secrets.
    static let neverRecorded: Set<String> = [
        "createKey", "requestToken", "revokeToken", "registerOAuthClient", "requestDeviceCode", "authorize",
        "submitConsentDecision", "submitDeviceConsent", "submitDeviceCode", "signInWithPassword", "createWebhook",
        "createOwner",
    ]
    /// The `status` of a record whose request is still under way.
    static let reservedStatus = 0
    static let writeMethods: Set<HTTPMethod> = [.post, .put, .patch, .delete]
    /// Headers that describe one answer, not its content: never replayed.
    static let perAnswerHeaders: Set<String> = [
        "x-request-id", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "x-marfa-contract",
        "content-length",
    ]

    /// Whether `operationID` takes part in idempotency.
    static func applies(to operationID: String) -> Bool {
        declaringOperations.contains(operationID) && !neverRecorded.contains(operationID)
    }

    /// What the reservation step found.
    private enum Claim {
        case reserved
        case recorded(SQLiteRow)
        case underWay
    }

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard Self.applies(to: operationID), Self.writeMethods.contains(request.method),
            let idempotencyKey = request.headerFields["Idempotency-Key"]
        else {
            return try await next(request, body, metadata)
        }
        guard (1...255).contains(idempotencyKey.utf8.count) else {
            throw LocalError.validation("Idempotency-Key must be 1 to 255 characters.")
        }
        let spooledHash = uploads.spool(behind: body)?.hash
        let bytes = spooledHash == nil ? try await body?.collect(upTo: maxBodyBytes) : nil
        let credential = RequestContext.current.key?.id ?? "anonymous"
        let content = spooledHash.map { Array("spooled \($0)".utf8) } ?? bytes ?? []
        let fingerprint = SHA256.hex(Array("\(request.method.rawValue) \(request.path)\n".utf8) + content)
        var claimed = Claim.underWay
        _ = try await settled.wait(
            for: Self.waitKey(credential, idempotencyKey), atMost: waitLimit, on: store.clock
        ) {
            claimed = try await claim(credential: credential, key: idempotencyKey, fingerprint: fingerprint)
            if case .underWay = claimed { return false }
            return true
        }
        switch claimed {
        case .recorded(let record):
            return try Self.replay(record)
        case .reserved:
            let body = spooledHash == nil ? bytes.map { HTTPBody($0) } : body
            return try await runReserved(
                request, body: body, metadata: metadata, credential: credential, key: idempotencyKey, next: next)
        case .underWay:
            try Task.checkCancellation()
            var refusal = LocalError(
                503, "write_contention",
                "A request with this Idempotency-Key is still under way; nothing was written, ask again.")
            refusal.headers = [("Retry-After", "1")]
            throw refusal
        }
    }

    /// What waiters for the reservation of (`credential`, `key`) are woken by.
    private static func waitKey(_ credential: String, _ key: String) -> String { credential + "\n" + key }

    /// Finds the record of (`credential`, `key`), or reserves it for this request, in one transaction.
    private func claim(credential: String, key: String, fingerprint: String) async throws -> Claim {
        let now = store.clock.now
        return try await store.write { db -> Claim in
            if let record = try db.first(
                "SELECT * FROM idempotency_records WHERE credential = ? AND key = ?", credential, key)
            {
                guard record.string("fingerprint") == fingerprint else {
                    throw LocalError(
                        422, "idempotency_key_reused",
                        "This Idempotency-Key was already used for a different request; use a new key.")
                }
                return record.int("status") == Self.reservedStatus ? .underWay : .recorded(record)
            }
            try db.run(
                """
                INSERT INTO idempotency_records (credential, key, fingerprint, status, headers, body, created_at)
                VALUES (?, ?, ?, ?, '[]', ?, ?)
                """, credential, key, fingerprint, Self.reservedStatus, [UInt8](), now.stored)
            return .reserved
        }
    }

    /// Runs the operation under a reservation: records its answer, or drops the reservation when
    /// the answer is a 5xx or the operation did not finish.
    private func runReserved(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, credential: String, key: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let answer: (HTTPResponse, HTTPBody?)
        do {
            answer = try await record(
                request, body: body, metadata: metadata, credential: credential, key: key, next: next)
        } catch {
            await release(credential: credential, key: key)
            settled.wake(Self.waitKey(credential, key))
            throw error
        }
        settled.wake(Self.waitKey(credential, key))
        return answer
    }

    /// Runs the operation and records its answer; a 5xx answer drops the reservation instead.
    private func record(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, credential: String, key: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var (response, responseBody): (HTTPResponse, HTTPBody?)
        do {
            (response, responseBody) = try await next(request, body, metadata)
        } catch {
            (response, responseBody) = LocalError.from(error).httpResponse
        }
        guard response.status < 500 else {
            await release(credential: credential, key: key)
            return (response, responseBody)
        }
        let responseBytes = try await responseBody?.collect(upTo: maxBodyBytes) ?? []
        let headers = response.headerFields.filter { !Self.perAnswerHeaders.contains($0.name.lowercased()) }.map {
            [$0.name, $0.value]
        }
        let status = response.status.code
        let now = store.clock.now
        try await store.write { db in
            try db.run(
                """
                UPDATE idempotency_records SET status = ?, headers = ?, body = ?, created_at = ?
                WHERE credential = ? AND key = ?
                """, status, try StoredJSON.encode(headers), responseBytes, now.stored, credential, key)
        }
        return (response, HTTPBody(responseBytes))
    }

    /// Drops an unfinished reservation, so that the same request may be sent again.
    private func release(credential: String, key: String) async {
        _ = try? await store.write { db in
            try db.run(
                "DELETE FROM idempotency_records WHERE credential = ? AND key = ? AND status = ?", credential, key,
                Self.reservedStatus)
        }
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
