import Foundation

extension Telemetry {
    /// Where reports go: a PostHog ingestion host and a project token.
    ///
    /// Exceptions go to `host` + `/i/v0/e/`, log records to `host` + `/i/v1/logs`; a path on `host`
    /// (a self-hosted PostHog behind a prefix) comes before both.
    public struct Destination: Sendable, Hashable {
        /// The ingestion host, such as `https://eu.i.posthog.com`.
        public let host: URL
        /// The project token (`phc_…`). It is sent to `host` only, and appears in no report's text.
        public let projectToken: String

        /// Checks `host` and `projectToken`.
        ///
        /// - Throws: `Telemetry.ConfigurationError` for a host that is not `https` (an `http` loopback
        ///   address is allowed for tests), names no host, carries a user name or password, a query or
        ///   a fragment; for an empty token or one holding a blank or control character. (Untyped
        ///   `throws`, like the rest of the SDK: typed throws crashed the Swift 6.3 compiler in app code.)
        public init(host: URL, projectToken: String) throws {
            try Self.check(host: host)
            guard !projectToken.isEmpty else { throw ConfigurationError.emptyToken }
            guard projectToken.unicodeScalars.allSatisfy({ !Self.isBlankOrControl($0) }) else {
                throw ConfigurationError.blankInToken
            }
            self.host = host
            self.projectToken = projectToken
        }

        private static func check(host url: URL) throws(ConfigurationError) {
            guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
                throw .noHost
            }
            guard let name = components.host, !name.isEmpty else { throw .noHost }
            guard components.user == nil, components.password == nil else { throw .credentialsInHost }
            guard components.query == nil, components.fragment == nil else { throw .queryOrFragmentInHost }
            switch components.scheme?.lowercased() {
            case "https": return
            case "http" where isLoopback(name): return
            default: throw .notHTTPS
            }
        }

        /// `localhost`, an address in 127.0.0.0/8, or `::1`.
        static func isLoopback(_ host: String) -> Bool {
            let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            if name == "localhost" || name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 4, parts[0] == "127" else { return false }
            return parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && UInt8(part) != nil
            }
        }

        private static func isBlankOrControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .format
        }
    }
}
