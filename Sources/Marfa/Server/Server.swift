import Foundation

/// A Marfa instance's address and the key or sign-in its calls send.
///
/// Its calls (`instanceDescription()`, `snapshots(ofItem:after:limit:)`, `config()`,
/// `updateConfig(_:expecting:)`, `setTypeIcon(_:ofType:expecting:)`) need the instance itself: they
/// are never queued, and with the device offline they throw `noConnection` and send nothing. Each
/// waits `timeout` in all (20 seconds unless given), then throws `network`. Every call throws a
/// `MarfaError`; redirects are never followed, so the key reaches no other host.
///
/// Its `description`, `debugDescription` and `dump` show the address only, never the key or token.
public struct Server: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The contract this build speaks: `info.version` of the contract document
    /// (`openapi/marfa.yaml`), which an instance names in the `X-Marfa-Contract` header of every
    /// answer. Version 0.2.0 of this package (`MarfaSDK.version`) speaks contract 0.
    public static let contract: UInt64 = 0

    /// How long a call waits in all unless its `timeout:` says otherwise.
    public static let defaultTimeout: Duration = .seconds(20)

    /// The longest answer a call reads; a longer one throws `decoding`.
    public static let answerLimit = 8 << 20

    /// The instance's address: `http` or `https`, with a host, perhaps with a path prefix.
    public let url: URL

    /// What the calls send, compared by `==`.
    enum Authentication: Sendable, Hashable {
        case key(String)
        case credential(Credential)
    }

    let authentication: Authentication
    /// Answers and renews the `Authorization` header; derived from `authentication`.
    let credentials: any CredentialSource

    /// What the calls go through: `Server.defaultTransport` unless set. Set it to send through
    /// another transport, such as one that records, delays or drops requests in a test. It takes
    /// no part in `==`.
    public var transport: any ClientTransport = Server.defaultTransport

    /// A server whose calls send the API key `key`.
    ///
    /// Throws `invalid` for an address that isn't `http` or `https` with a host, or that carries a
    /// user name or password, and for an empty key.
    ///
    /// - Parameters:
    ///   - url: The instance's address (`https://marfa.example.com`).
    ///   - key: An API key (`marfa_k1_…`).
    public init(url: URL, key: String) throws {
        if let problem = Self.problem(with: url) { throw MarfaError.invalid(message: problem) }
        guard !key.isEmpty else { throw MarfaError.invalid(message: "The key is empty.") }
        guard !key.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw MarfaError.invalid(message: "The key holds a blank character, so it can't be sent.")
        }
        self.url = url
        authentication = .key(key)
        credentials = FixedBearer(token: key)
    }

    /// A server whose calls send the sign-in `credential`.
    ///
    /// When an `Authorization` in this process gave out `credential`, a refused access token is
    /// renewed through that sign-in (see `Authorization`); otherwise the token is sent as it is.
    ///
    /// Throws `invalid` for an address that isn't `http` or `https` with a host, or that carries a
    /// user name or password, and for an address on another server than the credential's.
    ///
    /// - Parameters:
    ///   - url: The instance's address, on the credential's server.
    ///   - credential: A sign-in's credential.
    public init(url: URL, credential: Credential) throws {
        if let problem = Self.problem(with: url) { throw MarfaError.invalid(message: problem) }
        guard Self.origin(of: url) == Self.origin(of: credential.server) else {
            throw MarfaError.invalid(
                message: "The sign-in belongs to another server than \(Self.origin(of: url) ?? "this address").")
        }
        self.url = url
        authentication = .credential(credential)
        // A credential an `Authorization` in this process gave out renews through its sign-in.
        credentials = SignInSources.source(for: credential) ?? FixedBearer(token: credential.accessToken)
    }

    /// A server whose calls take their `Authorization` from `credentials`: the seam a renewing
    /// sign-in plugs into. `authentication` is what `==` and `key` / `credential` answer.
    init(url: URL, authentication: Authentication, credentials: any CredentialSource) throws(MarfaError) {
        if let problem = Self.problem(with: url) { throw .invalid(message: problem) }
        self.url = url
        self.authentication = authentication
        self.credentials = credentials
    }

    /// The API key the calls send, or nil for a sign-in.
    public var key: String? {
        if case .key(let key) = authentication { return key }
        return nil
    }

    /// The sign-in the calls send, or nil for a key.
    public var credential: Credential? {
        if case .credential(let credential) = authentication { return credential }
        return nil
    }

    public static func == (lhs: Server, rhs: Server) -> Bool {
        lhs.url == rhs.url && lhs.authentication == rhs.authentication
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        hasher.combine(authentication)
    }

    public var description: String {
        "Server(\(url.absoluteString), \(credential == nil ? "key" : "sign-in"))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["url": url], displayStyle: .struct)
    }

    /// Why `url` can't be a server's address, in words that never repeat the address; nil when it can.
    static func problem(with url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "The server's address must start with http:// or https://."
        }
        guard let host = url.host, !host.isEmpty else {
            return "The server's address has no host."
        }
        guard url.user == nil, url.password == nil else {
            return "The server's address carries a user name or password. Pass the key on its own instead."
        }
        return nil
    }

    /// `scheme://host[:port]` of an address, the default port left out; nil without a host.
    package static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
            return nil
        }
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
        let port = url.port.flatMap { $0 == defaultPort ? nil : $0 }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)" + (port.map { ":\($0)" } ?? "")
    }
}
