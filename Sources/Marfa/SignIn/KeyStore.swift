import Foundation

/// Where keys and sign-ins are kept: small secrets under a `service` and an `account`.
///
/// `Keychain` is the platform's store; `MemoryKeyStore` (in `MarfaTesting`) keeps them in memory.
/// A write replaces what the entry held, whole. Every call throws `Keychain.Failure`.
public protocol KeyStore: Sendable {
    /// A name that is the same for every value that reaches the same stored entries, so that
    /// sign-in renewals on one store run one at a time in the process.
    var identity: String { get }

    /// The bytes kept for `service` and `account`, or nil when there are none.
    func read(service: String, account: String) throws -> Data?

    /// Keeps `data` for `service` and `account`, replacing what was there, all or nothing.
    func write(_ data: Data, service: String, account: String) throws

    /// Removes the entry; true when there was one.
    @discardableResult
    func remove(service: String, account: String) throws -> Bool

    /// The accounts kept under `service`, without reading their bytes.
    func accounts(service: String) throws -> [String]

    /// Runs `body` while holding the entry's lock against other processes sharing the store,
    /// waiting at most `wait` for it; throws `heldElsewhere` when it stays held. A store only this
    /// process uses runs `body` at once.
    func withExclusiveAccess<T: Sendable>(
        service: String, account: String, wait: Duration, _ body: @Sendable () async throws -> T
    ) async throws -> T
}

extension KeyStore {
    public func withExclusiveAccess<T: Sendable>(
        service: String, account: String, wait: Duration, _ body: @Sendable () async throws -> T
    ) async throws -> T {
        try await body()
    }

    /// Keeps the API key `key` for `service` and `account`, replacing what was there.
    public func save(key: String, service: String, account: String) throws {
        try write(Data(key.utf8), service: service, account: account)
    }

    /// The API key kept for `service` and `account`, or nil.
    public func key(service: String, account: String) throws -> String? {
        guard let data = try read(service: service, account: account) else { return nil }
        guard let key = String(data: data, encoding: .utf8) else {
            throw Keychain.Failure.unreadable(message: "The kept key isn't text.")
        }
        return key
    }

    /// Whether an entry is kept for `service` and `account` (any account when nil), without reading it.
    public func holds(service: String, account: String? = nil) throws -> Bool {
        let kept = try accounts(service: service)
        guard let account else { return !kept.isEmpty }
        return kept.contains(account)
    }

    /// Removes the entry for `service` and `account`; true when there was one.
    @discardableResult
    public func delete(service: String, account: String) throws -> Bool {
        try remove(service: service, account: account)
    }
}
