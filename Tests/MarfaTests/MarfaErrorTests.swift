import Foundation
import Marfa
import MarfaHTTP
import Testing

/// One row of the classification table: an error and what it must answer.
struct ErrorRow: Sendable, CustomTestStringConvertible {
    var error: MarfaError
    var code: String
    var offline = false
    var keyRefusal = false
    var transient = false
    var hydration = false

    var testDescription: String { "\(code): \(error.message)" }
}

/// Every case, and every variant that changes a property, with what the user's documents say of it.
let errorTable: [ErrorRow] = [
    ErrorRow(error: .notFound(code: "item_not_found", message: "No such item."), code: "not_found"),
    ErrorRow(
        error: .unauthorized(code: "unauthorized", message: "Key refused."), code: "unauthorized", keyRefusal: true),
    ErrorRow(error: .forbidden(code: "forbidden", message: "Needs schema.write."), code: "forbidden"),
    ErrorRow(error: .server(status: 409, code: "type_in_use", message: "In use."), code: "server"),
    ErrorRow(error: .server(status: 408, code: "timeout", message: "Slow."), code: "server", transient: true),
    ErrorRow(error: .server(status: 499, code: "http_499", message: "Odd."), code: "server"),
    ErrorRow(error: .server(status: 500, code: "internal", message: "Broke."), code: "server", transient: true),
    ErrorRow(error: .server(status: 503, code: "write_contention", message: "Busy."), code: "server", transient: true),
    ErrorRow(
        error: .validation(code: "invalid_schema", message: "Bad icon.", details: ["constraint": "duplicate"]),
        code: "validation"),
    ErrorRow(
        error: .rateLimited(code: "rate_limited", message: "Wait.", retryAfterSeconds: 3), code: "rate_limited",
        transient: true),
    ErrorRow(error: .versionConflict(code: "version_conflict", message: "Stale."), code: "version_conflict"),
    ErrorRow(error: .unknownType(message: "No such type."), code: "unknown_type"),
    ErrorRow(error: .invalid(message: "Bad limit."), code: "invalid"),
    ErrorRow(error: .network(message: "Dropped."), code: "network", offline: true, transient: true),
    ErrorRow(error: .noConnection(message: "Offline."), code: "no_connection", offline: true, transient: true),
    ErrorRow(error: .unnamed(status: 502, message: "A proxy."), code: "unnamed", transient: true),
    ErrorRow(
        error: .redirected(
            origin: "https://a.example", status: 302, location: "https://b.example/x", message: "Moved."),
        code: "redirected"),
    ErrorRow(
        error: .contractMismatch(served: "7", expected: 0, status: 200, writeSent: true, message: "Other contract."),
        code: "contract_mismatch"),
    ErrorRow(
        error: .wrongServer(expected: "0190-a", got: "0190-b", message: "Another instance."), code: "wrong_server"),
    ErrorRow(error: .instanceChanged(message: "Another instance answers."), code: "instance_changed", hydration: true),
    ErrorRow(
        error: .signedOut(origin: "https://a.example", message: "Signed out."), code: "signed_out", keyRefusal: true),
    ErrorRow(error: .noKeychain(message: "No keychain."), code: "no_keychain"),
    ErrorRow(error: .noServer(message: "No server."), code: "no_server"),
    ErrorRow(error: .hydrationIncomplete(message: "Fill first."), code: "hydration_incomplete", hydration: true),
    ErrorRow(error: .copyExpired(reason: "aged_out", message: "Too old."), code: "copy_expired", hydration: true),
    ErrorRow(
        error: .copyExpired(reason: "credential_ended", message: "Key ended."), code: "copy_expired", keyRefusal: true),
    ErrorRow(
        error: .streamIncomplete(reason: "credential_ended", message: "Key ended."), code: "stream_incomplete",
        keyRefusal: true),
    ErrorRow(error: .streamIncomplete(reason: "server_stopping", message: "Stopping."), code: "stream_incomplete"),
    ErrorRow(error: .noCursor(message: "No cursor."), code: "no_cursor", hydration: true),
    ErrorRow(error: .noCatalog(message: "No catalog."), code: "no_catalog"),
    ErrorRow(
        error: .wrongSchema(path: "/tmp/s.db", reason: "newer", unsent: 2, message: "Other build."),
        code: "wrong_schema"),
    ErrorRow(error: .unsentDiffers(expected: 1, found: 3, message: "Counts differ."), code: "unsent_differs"),
    ErrorRow(error: .readingHandle(message: "Read only."), code: "reading_handle"),
    ErrorRow(error: .keyChanging(message: "Key changing."), code: "key_changing", transient: true),
    ErrorRow(error: .closed, code: "closed"),
    ErrorRow(error: .firstSyncWaiting(message: "Confirm first."), code: "first_sync_waiting", hydration: true),
    ErrorRow(error: .bytesAbsent(hash: "abc", reason: "reader", message: "No bytes."), code: "bytes_absent"),
    ErrorRow(error: .noRoom(needed: 10, available: 5, message: "No room."), code: "no_room"),
    ErrorRow(error: .io(message: "Disk error."), code: "io", transient: true),
    ErrorRow(error: .store(message: "Store error."), code: "store"),
    ErrorRow(error: .storageFull(message: "Full."), code: "storage_full", transient: true),
    ErrorRow(error: .decoding(message: "Unreadable."), code: "decoding"),
    ErrorRow(error: .canceled, code: "canceled"),
]

@Suite struct MarfaErrorTests {
    @Test(arguments: errorTable)
    func everyCaseAnswersItsCodeMessageAndClassification(_ row: ErrorRow) {
        #expect(row.error.code() == row.code)
        #expect(!row.error.message.isEmpty)
        #expect(row.error.errorDescription == row.error.message)
        #expect(row.error.description == row.error.message)
        #expect(row.error.isOffline == row.offline)
        #expect(row.error.isKeyRefusal == row.keyRefusal)
        #expect(row.error.isTransient == row.transient)
        #expect(row.error.isHydrationNeeded == row.hydration)
    }

    @Test(arguments: errorTable)
    func anErrorIsAtMostOneOfKeyRefusalTransientAndHydrationNeeded(_ row: ErrorRow) {
        let kinds = [row.error.isKeyRefusal, row.error.isTransient, row.error.isHydrationNeeded].filter { $0 }
        #expect(kinds.count <= 1)
    }

    @Test func everyOfflineErrorIsTransient() {
        for row in errorTable where row.error.isOffline { #expect(row.error.isTransient, "\(row.code)") }
    }

    /// Built with an exhaustive switch, so a new case fails to compile here until the table covers it.
    @Test func theTableCoversEveryCase() {
        func name(_ error: MarfaError) -> String {
            switch error {
            case .notFound: "notFound"
            case .unauthorized: "unauthorized"
            case .forbidden: "forbidden"
            case .server: "server"
            case .validation: "validation"
            case .rateLimited: "rateLimited"
            case .versionConflict: "versionConflict"
            case .unknownType: "unknownType"
            case .invalid: "invalid"
            case .network: "network"
            case .noConnection: "noConnection"
            case .unnamed: "unnamed"
            case .redirected: "redirected"
            case .contractMismatch: "contractMismatch"
            case .wrongServer: "wrongServer"
            case .instanceChanged: "instanceChanged"
            case .signedOut: "signedOut"
            case .noKeychain: "noKeychain"
            case .noServer: "noServer"
            case .hydrationIncomplete: "hydrationIncomplete"
            case .copyExpired: "copyExpired"
            case .streamIncomplete: "streamIncomplete"
            case .noCursor: "noCursor"
            case .noCatalog: "noCatalog"
            case .wrongSchema: "wrongSchema"
            case .unsentDiffers: "unsentDiffers"
            case .readingHandle: "readingHandle"
            case .keyChanging: "keyChanging"
            case .closed: "closed"
            case .firstSyncWaiting: "firstSyncWaiting"
            case .bytesAbsent: "bytesAbsent"
            case .noRoom: "noRoom"
            case .io: "io"
            case .store: "store"
            case .storageFull: "storageFull"
            case .decoding: "decoding"
            case .canceled: "canceled"
            }
        }
        let covered = Set(errorTable.map { name($0.error) })
        #expect(covered.count == 37)
        let codes = Set(errorTable.map(\.code))
        #expect(codes.count == 37, "each case has its own code word")
        for code in codes {
            #expect(code.allSatisfy { $0.isLowercase || $0 == "_" }, "\(code) is a snake_case word")
        }
    }

    @Test func errorsCompareByTheirValues() {
        #expect(MarfaError.notFound(code: "a", message: "m") == .notFound(code: "a", message: "m"))
        #expect(MarfaError.notFound(code: "a", message: "m") != .notFound(code: "b", message: "m"))
        #expect(Set(errorTable.map(\.error)).count == errorTable.count)
    }

    /// A failure the SDK doesn't know is `invalid`, never transient, so nothing retries it forever.
    @Test func anUnclassifiedFailureIsInvalidAndNotTransient() {
        struct SomethingElse: Error {}
        let error = MarfaError(SomethingElse())
        guard case .invalid(let message) = error else {
            Issue.record("expected invalid, got \(error)")
            return
        }
        #expect(message.contains("can't classify"))
        #expect(!error.isTransient && !error.isOffline && !error.isKeyRefusal && !error.isHydrationNeeded)
    }

    /// The generated client's failures: writing a request is `invalid`, reading an answer `decoding`.
    @Test func aClientErrorIsInvalidBeforeAnAnswerAndDecodingAfter() {
        let writing = MarfaError(
            ClientError(
                operationID: "createItem", causeDescription: "Could not write the JSON body", underlyingError: nil))
        #expect(writing.code() == "invalid")
        let reading = MarfaError(
            ClientError(
                operationID: "getItem", causeDescription: "The JSON response body could not be decoded", status: 200))
        #expect(reading.code() == "decoding")
        let cut = MarfaError(
            ClientError(
                operationID: "getItem", causeDescription: "The response body could not be read",
                underlyingError: HTTPClientError.network(reason: .connectionLost("reset"), requestSent: true),
                status: 200))
        #expect(cut.code() == "network")
    }
}
