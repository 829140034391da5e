import Foundation

/// The platform's key store: the Keychain on Apple platforms, and on Linux a folder of files only
/// the user can read (`$XDG_CONFIG_HOME/marfa/keys`, else `~/.config/marfa/keys`; folder 0700,
/// files 0600), each written whole through a temporary file and a rename.
///
/// `Keychain(accessGroup:)` is a store several processes share (an app and its extensions); on
/// Linux a subfolder named after the group. Sign-in renewals on one entry run one at a time across
/// those processes through a lock file (`flock`) beside the entry. On Apple platforms the lock files
/// live under the home folder, which differs between a sandboxed app and its extensions: pass
/// `appGroup` so they live in the App Group's shared container instead.
public struct Keychain: KeyStore, Hashable {
    /// The store of this user (or app) on this device.
    public static let system = Keychain(accessGroup: nil)

    /// The shared group, or nil for the app's own store.
    public let accessGroup: String?
    /// The App Group whose container holds the lock files on Apple platforms, or nil.
    public let appGroup: String?
    /// The folder of the file store (also where lock files live on Apple platforms).
    let folder: URL
    /// Whether the keys live in `folder`'s files on every platform, never the system keychain.
    let filesOnly: Bool

    /// A store shared by the processes of `accessGroup` (a keychain access group on Apple platforms,
    /// a subfolder on Linux).
    ///
    /// `appGroup` (Apple platforms only, ignored on Linux) is an App Group identifier the app and its
    /// extensions all hold: the lock files that make their renewals run one at a time are kept in
    /// that group's shared container (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`),
    /// so every process finds the same ones. Without it, or when the group's container isn't
    /// available, they are kept under the process's home folder.
    public init(accessGroup: String?, appGroup: String? = nil) {
        self.accessGroup = accessGroup
        self.appGroup = appGroup
        let base = Self.baseFolder(appGroup: appGroup)
        folder =
            accessGroup.map { base.appendingPathComponent(FileKeyFolder.fileName(for: $0), isDirectory: true) } ?? base
        filesOnly = false
    }

    /// A file store in `folder`, for tests and tools that keep their keys elsewhere.
    package init(folder: URL, filesOnly: Bool = false) {
        accessGroup = nil
        appGroup = nil
        self.folder = folder
        self.filesOnly = filesOnly
    }

    /// A store of its own for tests: a new folder under the temporary directory, kept as files (0600
    /// in a 0700 folder) on every platform, so it never touches the system's keychain or another
    /// store. `folderURL` names the folder, for a test to remove when done.
    public static func isolated() -> Keychain {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "marfa-keys-\(UUID().uuidString)", isDirectory: true)
        return Keychain(folder: folder, filesOnly: true)
    }

    /// The folder of an `isolated()` store's files (on Linux, of every store's).
    public var folderURL: URL { folder }

    public var identity: String { "keychain:" + folder.standardizedFileURL.path }

    /// `marfa/keys` in the App Group's container (Apple platforms, when `appGroup` names one this
    /// process holds), else in `$XDG_CONFIG_HOME`, else in `~/.config`.
    static func baseFolder(appGroup: String? = nil) -> URL {
        #if canImport(Darwin)
        if let appGroup,
            let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup)
        {
            return container.appendingPathComponent("marfa/keys", isDirectory: true)
        }
        #endif
        let environment = ProcessInfo.processInfo.environment
        let config: URL
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            config = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            // NSHomeDirectory: the user's home on Linux and macOS, the app's container when sandboxed and on iOS.
            config = URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true).appendingPathComponent(
                ".config", isDirectory: true)
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
    public func read(service: String, account: String) throws -> Data? {
        if filesOnly { return try files.read(service: service, account: account) }
        return try AppleKeychain(accessGroup: accessGroup).read(service: service, account: account)
    }

    public func write(_ data: Data, service: String, account: String) throws {
        if filesOnly { return try files.write(data, service: service, account: account) }
        try AppleKeychain(accessGroup: accessGroup).write(data, service: service, account: account)
    }

    @discardableResult
    public func remove(service: String, account: String) throws -> Bool {
        if filesOnly { return try files.remove(service: service, account: account) }
        return try AppleKeychain(accessGroup: accessGroup).remove(service: service, account: account)
    }

    public func accounts(service: String) throws -> [String] {
        if filesOnly { return try files.accounts(service: service) }
        return try AppleKeychain(accessGroup: accessGroup).accounts(service: service)
    }
    #else
    public func read(service: String, account: String) throws -> Data? {
        try files.read(service: service, account: account)
    }

    public func write(_ data: Data, service: String, account: String) throws {
        try files.write(data, service: service, account: account)
    }

    @discardableResult
    public func remove(service: String, account: String) throws -> Bool {
        try files.remove(service: service, account: account)
    }

    public func accounts(service: String) throws -> [String] {
        try files.accounts(service: service)
    }
    #endif
}
