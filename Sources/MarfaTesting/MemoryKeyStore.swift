#if DEBUG
import Foundation
import Marfa
import Synchronization

/// A `KeyStore` in memory, for tests and previews. `makeUnreadable(_:)` makes the keys of a service
/// held but unreadable, as a locked or damaged keychain item would be.
public final class MemoryKeyStore: KeyStore, Sendable {
    private struct Entry: Hashable {
        var service: String
        var account: String
    }

    private struct Contents {
        var entries: [Entry: Data] = [:]
        var unreadable: Set<Entry> = []
        var unreadableServices: Set<String> = []
    }

    private let contents = Mutex(Contents())
    private let name = UUID().uuidString

    /// An empty store, shared by no other instance.
    public init() {}

    public var identity: String { "memory:" + name }

    /// Makes every key the store holds under `service` unreadable: each is still held, and reading
    /// it throws `Keychain.Failure.unreadable`.
    public func makeUnreadable(_ service: String) {
        contents.withLock { _ = $0.unreadableServices.insert(service) }
    }

    /// Makes the key the store holds for `service` and `account` unreadable, the others of
    /// `service` readable still.
    public func makeUnreadable(_ service: String, account: String) {
        contents.withLock { _ = $0.unreadable.insert(Entry(service: service, account: account)) }
    }

    public func read(service: String, account: String) throws -> Data? {
        let entry = Entry(service: service, account: account)
        let (data, unreadable) = contents.withLock {
            ($0.entries[entry], $0.unreadable.contains(entry) || $0.unreadableServices.contains(service))
        }
        if unreadable, data != nil {
            throw Keychain.Failure.unreadable(message: "The key store holds this entry but can't read it.")
        }
        return data
    }

    public func write(_ data: Data, service: String, account: String) throws {
        contents.withLock { $0.entries[Entry(service: service, account: account)] = data }
    }

    @discardableResult
    public func remove(service: String, account: String) throws -> Bool {
        contents.withLock { $0.entries.removeValue(forKey: Entry(service: service, account: account)) != nil }
    }

    public func accounts(service: String) throws -> [String] {
        contents.withLock { $0.entries.keys.filter { $0.service == service }.map(\.account).sorted() }
    }
}
#endif
