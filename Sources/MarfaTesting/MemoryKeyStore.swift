#if DEBUG
import Foundation
import Marfa
import Synchronization

/// A `KeyStore` in memory, for tests and previews. `makeUnreadable(_:account:)` makes an entry the
/// store holds but can't read, as a locked or damaged keychain item would be.
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

    /// Makes the entries of `service` (only `account`'s when given) unreadable: they are still held,
    /// and reading them throws `Keychain.Failure.unreadable`.
    public func makeUnreadable(_ service: String, account: String? = nil) {
        contents.withLock { contents in
            if let account {
                contents.unreadable.insert(Entry(service: service, account: account))
            } else {
                contents.unreadableServices.insert(service)
            }
        }
    }

    public func read(service: String, account: String) throws -> Data? {
        let entry = Entry(service: service, account: account)
        let (data, unreadable) = contents.withLock {
            ($0.entries[entry], $0.unreadable.contains(entry) || $0.unreadableServices.contains(service))
        }
        if unreadable, data != nil { throw Keychain.Failure.unreadable(message: "The key store holds this entry but can't read it.") }
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
