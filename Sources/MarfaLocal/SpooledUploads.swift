import MarfaOpenAPIRuntime
import Synchronization

/// The upload spools whose bodies are on their way to `uploadBlob`, by the body the server hands
/// the handler: the door and the idempotency check find the file and hash behind a body without
/// reading it. An entry lives from the spool's `finish()` to its `discard()`, and holds the body,
/// so its identity is never reused meanwhile.
final class SpooledUploads: Sendable {
    private struct Entry {
        let body: HTTPBody
        let spool: BlobUploadSpool
    }
    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    func register(_ spool: BlobUploadSpool, as body: HTTPBody) {
        entries.withLock { $0[ObjectIdentifier(body)] = Entry(body: body, spool: spool) }
    }

    func unregister(_ spool: BlobUploadSpool) {
        entries.withLock { entries in
            guard let key = entries.first(where: { $0.value.spool === spool })?.key else { return }
            entries.removeValue(forKey: key)
        }
    }

    /// The spool behind `body`; nil for a body no spool made.
    func spool(behind body: HTTPBody?) -> BlobUploadSpool? {
        guard let body else { return nil }
        return entries.withLock { $0[ObjectIdentifier(body)]?.spool }
    }
}
