import Foundation

/// The platform's key store: the Keychain on Apple platforms, and on Linux a folder of files only
/// the user can read (`$XDG_CONFIG_HOME/marfa/keys`, else `~/.config/marfa/keys`; folder 0700,
/// files 0600), each written whole through a temporary file and a rename.
///
/// `Keychain(accessGroup:)` is a store several processes share (an app and its extensions); on
/// Linux a subfolder named after the group. Sign-in renewals on one entry run one at a time across
/// those processes through a lock file (`flock`) beside the entry.
public struct Keychain: KeyStore, Hashable {
    /// The store of this user (or app) on this device.
    public static let system = Keychain(accessGroup: nil)

    /// The shared group, or nil for the app's own store.
    public let accessGroup: String?
    /// The folder of the file store (also where lock files live on Apple platforms).
    let folder: URL

    /// A store shared by the processes of `accessGroup` (an App Group on Apple platforms).
    public init(accessGroup: String?) {
        self.accessGroup = accessGroup
        let base = Self.baseFolder()
        folder = accessGroup.map { base.appendingPathComponent(FileKeyFolder.fileName(for: $0), isDirectory: true) } ?? base
    }

    /// A file store in `folder`, for tests and tools that keep their keys elsewhere.
    package init(folder: URL) {
        accessGroup = nil
        self.folder = folder
    }

    public var identity: String { "keychain:" + folder.standardizedFileURL.path }

    static func baseFolder() -> URL {
        let environment = ProcessInfo.processInfo.environment
        let config: URL
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            config = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            config = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config", isDirectory: true)
        }
        return config.appendingPathComponent("marfa/keys", isDirectory: true)
    }

    var files: FileKeyFolder { FileKeyFolder(root: folder) }

    public func withExclusiveAccess<T: Sendable>(
        service: String, account: String, wait: Duration, _ body: @Sendable () async throws -> T
    ) async throws -> T {
        try await files.withLock(service: service, account: account, wait: wait, body)
    }

    #if canImport(Security)
    public func read(service: String, account: String) throws(Failure) -> Data? {
        try AppleKeychain(accessGroup: accessGroup).read(service: service, account: account)
    }

    public func write(_ data: Data, service: String, account: String) throws(Failure) {
        try AppleKeychain(accessGroup: accessGroup).write(data, service: service, account: account)
    }

    @discardableResult
    public func remove(service: String, account: String) throws(Failure) -> Bool {
        try AppleKeychain(accessGroup: accessGroup).remove(service: service, account: account)
    }

    public func accounts(service: String) throws(Failure) -> [String] {
        try AppleKeychain(accessGroup: accessGroup).accounts(service: service)
    }
    #else
    public func read(service: String, account: String) throws(Failure) -> Data? {
        try files.read(service: service, account: account)
    }

    public func write(_ data: Data, service: String, account: String) throws(Failure) {
        try files.write(data, service: service, account: account)
    }

    @discardableResult
    public func remove(service: String, account: String) throws(Failure) -> Bool {
        try files.remove(service: service, account: account)
    }

    public func accounts(service: String) throws(Failure) -> [String] {
        try files.accounts(service: service)
    }
    #endif
}
