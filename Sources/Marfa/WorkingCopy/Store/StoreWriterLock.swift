import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The writer's claim on a store: an exclusive `flock` on a file beside it, held while the copy is
/// open. A second opener, in this process or another, fails to take it and becomes a reader. The
/// lock is taken without waiting, so it never blocks a thread.
final class StoreWriterLock: Sendable {
    private let descriptor: Mutex<Int32?>

    private init(descriptor: Int32) { self.descriptor = Mutex(descriptor) }

    /// The lock for the store at `path`, or nil when another opener holds it.
    static func take(forStoreAt path: String) throws(MarfaError) -> StoreWriterLock? {
        let lockPath = path + "-writer"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .io(
                message: "The store's lock file \(lockPath) couldn't be opened: \(String(cString: strerror(errno))).")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return StoreWriterLock(descriptor: descriptor)
    }

    /// Lets go of the lock; later calls do nothing.
    func release() {
        guard
            let held = descriptor.withLock({ held in
                defer { held = nil }
                return held
            })
        else { return }
        flock(held, LOCK_UN)
        close(held)
    }
}
