/// Who made a write: a browser session, an app, a key, or the command line on the server's machine.
public struct Writer: Sendable, Hashable {
    /// What kind of credential made the write.
    public enum Kind: Sendable, Hashable {
        /// The web app, signed in through a browser.
        case browser
        /// An app the owner approved.
        case app
        /// An API key.
        case key
        /// The command line on the server's machine.
        case local
        /// A kind this SDK doesn't know, as the server named it.
        case other(String)

        /// The word the server sends for the kind.
        public var rawValue: String {
            switch self {
            case .browser: "browser"
            case .app: "app"
            case .key: "key"
            case .local: "local"
            case .other(let value): value
            }
        }
    }

    /// What kind of writer made the change.
    public var kind: Kind
    /// The key's ID, or the app's client ID.
    public var id: String?
    /// The key's label, or the app's name.
    public var name: String?

    /// A writer as given, for previews and tests.
    public init(kind: Kind, id: String? = nil, name: String? = nil) {
        self.kind = kind
        self.id = id
        self.name = name
    }

    init(_ wire: Components.Schemas.Writer) {
        let kind: Kind =
            switch wire.kind {
            case .browser: .browser
            case .app: .app
            case .key: .key
            case .local: .local
            case .unknown(let value): .other(value)
            }
        self.init(kind: kind, id: wire.id, name: wire.name)
    }
}
