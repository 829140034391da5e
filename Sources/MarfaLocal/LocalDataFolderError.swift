import Foundation

/// Why a command on a local instance's data folder (`LocalDataFolder`) did nothing. Each case's
/// `description` is one sentence for the command line, saying what to do next.
public enum LocalDataFolderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder holds no store: no instance was ever started on it.
    case noStore(String)
    /// The store was made by an older build; a start of `marfa-local` on it brings it up to date.
    case needsStart(String)
    /// The folder keeps no owner key: the store was made before keys were kept, or without one.
    case noKeptSecrets(String)
    /// The kept secrets file can be read by others than its owner (its mode, in octal), so it is
    /// not read; `chmod 600` it.
    case secretsExposed(String, mode: String)
    /// No device sign-in waits with this user code.
    case noDeviceRequest(code: String, reason: String)
    /// A scope the instance doesn't know, or one a key can't hold.
    case badScope(String, reason: String)
    /// Nothing to grant: no scope beyond the sign-in ones.
    case noScopes
    /// Another live key already has this source.
    case sourceTaken(String)
    /// A label or source that is empty or too long.
    case badName(field: String, reason: String)

    public var description: String {
        switch self {
        case .noStore(let path):
            "\(path) holds no local instance: start one there first (marfa-local --data \(path))."
        case .needsStart(let path):
            "The store in \(path) was made by an older marfa-local: start it once to bring it up to date."
        case .noKeptSecrets(let path):
            "\(path) keeps no owner key: it was shown once by an earlier marfa-local; `marfa-local key create` mints a key."
        case .secretsExposed(let path, let mode):
            "\(path) is readable by others (mode \(mode)), so it isn't shown: make it owner-only (chmod 600 \(path)) and check who read it."
        case .noDeviceRequest(let code, let reason):
            "No device sign-in can be approved with the code \(code): \(reason)"
        case .badScope(let scope, let reason):
            "The scope \(scope) can't be used: \(reason)"
        case .noScopes:
            "Name at least one scope beyond openid, profile, email and offline_access."
        case .sourceTaken(let source):
            "Another key already has the source \(source); choose another with --source."
        case .badName(let field, let reason):
            "--\(field) \(reason)"
        }
    }
}
