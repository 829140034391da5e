import Foundation

/// What every call on a `Server` (and later a working copy or `Client`) throws.
///
/// `message` is a sentence fit to show a person; `code()` is a stable snake_case word for the case.
/// Where a case carries a `code`, that is the server's own, more specific code (`item_not_found`,
/// `type_in_use`, …). Four properties sort an error into what an app does next: `isOffline`,
/// `isKeyRefusal`, `isTransient` and `isHydrationNeeded`; an error is at most one of the last three.
///
/// Switch on it without `@unknown default`: a new case is meant to break the switch.
public enum MarfaError: Error, Sendable, Hashable {
    // MARK: Refusals

    /// The server, or the copy before sending, found no such row, type or path.
    case notFound(code: String, message: String)
    /// The key or access token was refused.
    case unauthorized(code: String, message: String)
    /// The key works but lacks a permission.
    case forbidden(code: String, message: String)
    /// Any other refusal, with the answer's HTTP status.
    case server(status: UInt16, code: String, message: String)
    /// Values the server or the copy refuses. `details` holds the instance's `error.details` only for
    /// an edge the copy refuses itself, and `field` and `record` for a value that won't decode as an
    /// app's record (`record_mismatch`); it is nil for every other refusal, a direct call's included.
    case validation(code: String, message: String, details: JSONObject?)
    /// The server asked for a wait of `retryAfterSeconds`, when it said.
    case rateLimited(code: String, message: String, retryAfterSeconds: UInt64?)
    /// The write was based on a version that is no longer current.
    case versionConflict(code: String, message: String)
    /// The copy's catalog holds no type of that name.
    case unknownType(message: String)
    /// A value given to the call can't be used; nothing was sent.
    case invalid(message: String)

    // MARK: The connection and the server

    /// A connection was made and no complete answer arrived (it dropped, or a time limit ran out).
    /// A write may still have reached the server.
    case network(message: String)
    /// The server couldn't be reached; nothing was sent.
    case noConnection(message: String)
    /// Something in front of the server, such as a proxy, answered without Marfa's contract.
    case unnamed(status: UInt16, message: String)
    /// The server answered with a redirect. It isn't followed, so the key goes nowhere else.
    case redirected(origin: String, status: UInt16, location: String?, message: String)
    /// The server speaks another contract than the one this build was made for (`Server.contract`),
    /// or answered a success naming none. `writeSent` says a write went out and may have taken effect.
    case contractMismatch(served: String?, expected: UInt64, status: UInt16?, writeSent: Bool, message: String)
    /// The copy was given a new address, and the instance there isn't the one the store was made against.
    case wrongServer(expected: String, got: String, message: String)
    /// Another instance answers at the server's address; the change was not made.
    case instanceChanged(message: String)
    /// The sign-in ended.
    case signedOut(origin: String, message: String)
    /// The keychain can't be used.
    case noKeychain(message: String)
    /// The call needs a server, and the copy was opened without one.
    case noServer(message: String)

    // MARK: The copy's state

    /// The read or write needs a whole copy.
    case hydrationIncomplete(message: String)
    /// The copy needs a fill, for `reason` (such as `aged_out` or `credential_ended`). The queue is kept.
    case copyExpired(reason: String, message: String)
    /// The server ended the event stream early, for `reason` (such as `credential_ended`).
    case streamIncomplete(reason: String, message: String)
    /// The copy holds no position in the instance's events.
    case noCursor(message: String)
    /// The copy holds no type catalog.
    case noCatalog(message: String)
    /// The store at `path` was made by another build. `unsent` counts the writes another build could send.
    case wrongSchema(path: String, reason: String, unsent: UInt64?, message: String)
    /// The store holds another count of unsent writes than the app passed.
    case unsentDiffers(expected: UInt64, found: UInt64, message: String)
    /// Another process, or another open copy, writes the store, so this copy only reads.
    case readingHandle(message: String)
    /// The call came while the key was being replaced. Ask again once that is done.
    case keyChanging(message: String)
    /// The copy was closed. Open the store again.
    case closed
    /// A folder's first sync waits for the person to confirm it.
    case firstSyncWaiting(message: String)

    // MARK: Files and the device

    /// A file's bytes aren't on the device, and can't be fetched.
    case bytesAbsent(hash: String, reason: String, message: String)
    /// The volume has `available` bytes free, less than the `needed` a fetch still has to receive.
    case noRoom(needed: UInt64, available: UInt64, message: String)
    /// A local file couldn't be read or written.
    case io(message: String)
    /// The store couldn't be read or written.
    case store(message: String)
    /// The device is full.
    case storageFull(message: String)
    /// An answer couldn't be read.
    case decoding(message: String)
    /// The caller canceled the call.
    case canceled
}

extension MarfaError: LocalizedError, CustomStringConvertible {
    /// A sentence fit to show a person.
    public var message: String {
        switch self {
        case .notFound(_, let message), .unauthorized(_, let message), .forbidden(_, let message),
            .server(_, _, let message), .validation(_, let message, _), .rateLimited(_, let message, _),
            .versionConflict(_, let message), .unknownType(let message), .invalid(let message),
            .network(let message), .noConnection(let message), .unnamed(_, let message),
            .redirected(_, _, _, let message), .contractMismatch(_, _, _, _, let message),
            .wrongServer(_, _, let message), .instanceChanged(let message), .signedOut(_, let message),
            .noKeychain(let message), .noServer(let message), .hydrationIncomplete(let message),
            .copyExpired(_, let message), .streamIncomplete(_, let message), .noCursor(let message),
            .noCatalog(let message), .wrongSchema(_, _, _, let message), .unsentDiffers(_, _, let message),
            .readingHandle(let message), .keyChanging(let message), .firstSyncWaiting(let message),
            .bytesAbsent(_, _, let message), .noRoom(_, _, let message), .io(let message),
            .store(let message), .storageFull(let message), .decoding(let message):
            message
        case .closed:
            "The copy was closed. Open the store again."
        case .canceled:
            "The call was canceled."
        }
    }

    /// The error's code. Read as `error.code`, it is the server's own code where the case carries one
    /// (`type_in_use`, `item_not_found`), else the word for the case; called as `error.code()`, it is
    /// always the stable snake_case word for the case (`server`, `not_found`).
    public var code: Code { Code(carried: carriedCode, caseWord: caseWord) }

    /// How long the server asked to wait before asking again, for `rateLimited` when it said; else nil.
    public var retryAfterSeconds: UInt64? {
        if case .rateLimited(_, _, let seconds) = self { return seconds }
        return nil
    }

    /// The `code` a case carries, or nil for the cases that carry none.
    private var carriedCode: String? {
        switch self {
        case .notFound(let code, _), .unauthorized(let code, _), .forbidden(let code, _), .server(_, let code, _),
            .validation(let code, _, _), .rateLimited(let code, _, _), .versionConflict(let code, _):
            code
        default:
            nil
        }
    }

    /// The stable snake_case word for the case, such as `not_found`.
    var caseWord: String {
        switch self {
        case .notFound: "not_found"
        case .unauthorized: "unauthorized"
        case .forbidden: "forbidden"
        case .server: "server"
        case .validation: "validation"
        case .rateLimited: "rate_limited"
        case .versionConflict: "version_conflict"
        case .unknownType: "unknown_type"
        case .invalid: "invalid"
        case .network: "network"
        case .noConnection: "no_connection"
        case .unnamed: "unnamed"
        case .redirected: "redirected"
        case .contractMismatch: "contract_mismatch"
        case .wrongServer: "wrong_server"
        case .instanceChanged: "instance_changed"
        case .signedOut: "signed_out"
        case .noKeychain: "no_keychain"
        case .noServer: "no_server"
        case .hydrationIncomplete: "hydration_incomplete"
        case .copyExpired: "copy_expired"
        case .streamIncomplete: "stream_incomplete"
        case .noCursor: "no_cursor"
        case .noCatalog: "no_catalog"
        case .wrongSchema: "wrong_schema"
        case .unsentDiffers: "unsent_differs"
        case .readingHandle: "reading_handle"
        case .keyChanging: "key_changing"
        case .closed: "closed"
        case .firstSyncWaiting: "first_sync_waiting"
        case .bytesAbsent: "bytes_absent"
        case .noRoom: "no_room"
        case .io: "io"
        case .store: "store"
        case .storageFull: "storage_full"
        case .decoding: "decoding"
        case .canceled: "canceled"
        }
    }

    /// The same text as `message`.
    public var errorDescription: String? { message }

    /// The same text as `message`.
    public var description: String { message }
}
