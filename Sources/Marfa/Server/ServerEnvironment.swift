import Foundation

extension Server {
    /// Why `fromEnvironment()` couldn't make a server. Its text never shows the key or the address.
    public enum EnvironmentError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
        /// One of the two variables is set and the other, named here, is not.
        case incomplete(missing: String)
        /// `MARFA_API_URL` isn't an `http` or `https` address with a host, or carries a user name or
        /// password; `reason` says which, without repeating it.
        case notAServer(reason: String)
        /// `MARFA_API_KEY` holds a blank character inside it, so it can't be sent.
        case unusableKey

        public var description: String {
            switch self {
            case .incomplete(let missing):
                "\(missing) is not set. Set both \(Server.urlVariable) and \(Server.keyVariable), or neither."
            case .notAServer(let reason):
                "\(Server.urlVariable) isn't a server's address: \(reason)"
            case .unusableKey:
                "\(Server.keyVariable) holds a blank character, so it can't be sent as a key."
            }
        }

        public var errorDescription: String? { description }
    }

    /// The variable that holds the server's address.
    public static let urlVariable = "MARFA_API_URL"
    /// The variable that holds the API key.
    public static let keyVariable = "MARFA_API_KEY"

    /// The server named by `MARFA_API_URL` and `MARFA_API_KEY`, or nil when neither is set (an
    /// empty value counts as unset).
    ///
    /// Throws `EnvironmentError.incomplete` when only one is set, and `.notAServer` for an address
    /// that isn't `http` or `https` with a host, or that carries a user name or password.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(EnvironmentError) -> Server? {
        func value(_ name: String) -> String? {
            guard let text = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
                return nil
            }
            return text
        }
        switch (value(urlVariable), value(keyVariable)) {
        case (nil, nil):
            return nil
        case (nil, _):
            throw .incomplete(missing: urlVariable)
        case (_, nil):
            throw .incomplete(missing: keyVariable)
        case (let address?, let key?):
            guard let url = URL(string: address) else {
                throw .notAServer(reason: "it can't be read as an address.")
            }
            if let problem = problem(with: url) { throw .notAServer(reason: problem) }
            do {
                return try Server(url: url, key: key)
            } catch {
                throw .unusableKey
            }
        }
    }
}
