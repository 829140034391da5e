import Foundation
import Marfa

/// Strings the tests put where an app might leak them: in errors' messages and carried values. No
/// request any receiver gets in the whole suite may contain one.
enum TestSecrets {
    static let key = "marfa_k1_TelemetrySecretKEY42"
    static let accessToken = "mat_TelemetrySecretAccessToken"
    static let instanceID = "inst_01TELEMETRYSECRETINSTANCE"
    static let instanceName = "Grandmother Private Notes"
    static let address = "https://notes.secret-telemetry.example:8443"
    static let addressHost = "secret-telemetry.example"
    static let itemID = "item_01TELEMETRYSECRETITEM"
    static let path = "/home/someone/secret-telemetry-notes/store.sqlite"
    static let hash = "b3f1c0ffeesecrethash0123456789abcdef"
    static let message = "Item \(itemID) on \(instanceName) was refused for \(key)"
    static let note = "a note's private text"

    static let all = [
        key, accessToken, instanceID, instanceName, address, addressHost, itemID, path, hash, message, note,
    ]

    /// The secrets found anywhere in `request`: its path, its header values, its body (both as
    /// sent and gunzipped).
    static func found(in request: ReceivedRequest, alsoSecret extra: [String] = []) -> [String] {
        let texts =
            [
                request.path, String(decoding: request.body, as: UTF8.self),
                String(decoding: request.rawBody, as: UTF8.self),
            ]
            + request.headers.map(\.value)
        return (all + extra).filter { secret in texts.contains { $0.localizedCaseInsensitiveContains(secret) } }
    }

    /// One error of every `MarfaError` case, each carrying secrets in its message and values.
    static let everyMarfaError: [MarfaError] = [
        .notFound(code: itemID, message: message),
        .unauthorized(code: "invalid_key", message: "The key \(key) was refused"),
        .forbidden(code: "missing_scope", message: message),
        .server(status: 500, code: "internal", message: message),
        .validation(
            code: "invalid_value", message: message, details: ["field": .string(note), "item": .string(itemID)]),
        .rateLimited(code: "too_many_requests", message: message, retryAfterSeconds: 30),
        .versionConflict(code: "version_conflict", message: message),
        .unknownType(message: message),
        .invalid(message: note),
        .network(message: "No answer from \(address)"),
        .noConnection(message: "Could not reach \(address)"),
        .unnamed(status: 502, message: message),
        .redirected(origin: address, status: 302, location: "\(address)/elsewhere?key=\(key)", message: message),
        .contractMismatch(served: instanceName, expected: 7, status: 200, writeSent: true, message: message),
        .wrongServer(expected: instanceID, got: "\(instanceID)-other", message: message),
        .instanceChanged(message: "\(instanceID) no longer answers at \(address)"),
        .signedOut(origin: address, message: message),
        .noKeychain(message: message),
        .noServer(message: message),
        .hydrationIncomplete(message: message),
        .copyExpired(reason: "aged_out", message: message),
        .streamIncomplete(reason: MarfaError.credentialEnded, message: message),
        .noCursor(message: message),
        .noCatalog(message: message),
        .wrongSchema(path: path, reason: "newer", unsent: 3, message: "The store at \(path) was made by another build"),
        .unsentDiffers(expected: 3, found: 4, message: message),
        .readingHandle(message: message),
        .keyChanging(message: message),
        .closed,
        .firstSyncWaiting(message: message),
        .bytesAbsent(hash: hash, reason: "evicted", message: message),
        .noRoom(needed: 10, available: 1, message: path),
        .io(message: "Could not write \(path)"),
        .store(message: path),
        .storageFull(message: message),
        .decoding(message: "Unexpected \(note)"),
        .canceled,
    ]
}

/// An error outside Marfa whose description is a secret: only its type's name may be sent.
struct LeakyAppError: Error, CustomStringConvertible, LocalizedError {
    var description: String { TestSecrets.message }
    var errorDescription: String? { TestSecrets.note }
}
