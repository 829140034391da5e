extension Keychain {
    /// Why a key store couldn't be used.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The store holds the entry but can't read it (locked, damaged or not this app's).
        case unreadable(message: String)
        /// The store can't be used at all: no folder, no permission, or no keychain.
        case unavailable(message: String)
        /// Another process held the entry's lock too long; nothing was changed.
        case heldElsewhere
        /// The platform's keychain answered `status` (an `OSStatus`).
        case status(Int32, message: String)

        /// A sentence fit to show a person.
        public var message: String {
            switch self {
            case .unreadable(let message), .unavailable(let message), .status(_, let message): message
            case .heldElsewhere: "Another process held the key store too long, so nothing was changed."
            }
        }

        public var description: String { message }
    }
}
