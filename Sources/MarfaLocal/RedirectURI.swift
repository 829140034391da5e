import Foundation

/// A redirect URI read the way a browser reads it (the WHATWG URL rules), restricted to the forms
/// whose reading no parser can disagree on: printable ASCII only (no space, no control character,
/// raw or percent-encoded), no backslash (raw or `%5C`), no fragment, no user info, no `.` or `..`
/// path segment, a lowercase scheme and host. Anything else is refused, at registration and at
/// authorize, so the text compared is the address the browser goes to.
///
/// Two forms: `scheme://host[:port]/path[?query]` (required for `http` and `https`), and a
/// private-use `scheme:/path[?query]` without a host.
struct RedirectURI: Sendable, Equatable {
    /// Why a text is not a redirect URI this instance takes.
    struct Problem: Error, Sendable, Equatable {
        let message: String
    }

    /// The text as given; registered and asked URIs are compared on it.
    let text: String
    let scheme: String
    /// The host, nil for the form without an authority. An IPv6 literal keeps its brackets.
    let host: String?
    let port: Int?
    /// Everything after the authority: the path (starting with `/`, or empty) and the query.
    let pathAndQuery: Substring

    static let loopbackHosts: Set<String> = ["127.0.0.1", "[::1]", "localhost"]

    /// Whether this is `http` on 127.0.0.1, [::1] or localhost.
    var isLoopback: Bool { scheme == "http" && host.map(Self.loopbackHosts.contains) == true }

    init(_ text: String) throws(Problem) {
        guard (1...2048).contains(text.utf8.count) else {
            throw Problem(message: "A redirect URI must be 1 to 2048 bytes.")
        }
        try Self.checkCharacters(text)
        guard let colon = text.firstIndex(of: ":") else { throw Problem(message: "A redirect URI must be absolute.") }
        let scheme = text[..<colon]
        guard Self.isScheme(scheme) else {
            throw Problem(message: "A redirect URI's scheme must be lowercase letters, digits, '+', '-' or '.'.")
        }
        var rest = text[text.index(after: colon)...]
        self.text = text
        self.scheme = String(scheme)
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            (host, port) = try Self.authority(rest[..<end])
            pathAndQuery = rest[end...]
        } else {
            guard scheme != "http" && scheme != "https" else {
                throw Problem(message: "An http or https redirect URI must name its host after '//'.")
            }
            guard rest.hasPrefix("/") else {
                throw Problem(message: "A private-use redirect URI needs a path, such as com.example.app:/signed-in.")
            }
            (host, port) = (nil, nil)
            pathAndQuery = rest
        }
        try Self.checkPath(pathAndQuery)
    }

    /// Printable ASCII only; no backslash or fragment; every `%` starts an escape of neither a
    /// control character nor a backslash.
    private static func checkCharacters(_ text: String) throws(Problem) {
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() {
            guard (0x21...0x7E).contains(byte) else {
                throw Problem(message: "A redirect URI may hold no space, control character or non-ASCII character.")
            }
            if byte == UInt8(ascii: "\\") { throw Problem(message: "A redirect URI may hold no backslash.") }
            if byte == UInt8(ascii: "#") { throw Problem(message: "A redirect URI may have no fragment.") }
            guard byte == UInt8(ascii: "%") else { continue }
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            else {
                throw Problem(message: "A redirect URI's '%' must start a percent-escape.")
            }
            let escaped = high << 4 | low
            if escaped < 0x20 || escaped == 0x7F || escaped == UInt8(ascii: "\\") {
                throw Problem(message: "A redirect URI may hold no percent-encoded control character or backslash.")
            }
        }
    }

    /// The host and port of `authority`: no user info, a lowercase name or IPv4 or bracketed IPv6 literal.
    private static func authority(_ authority: Substring) throws(Problem) -> (String, Int?) {
        guard !authority.contains("@") else { throw Problem(message: "A redirect URI may have no user info.") }
        var host = authority
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw Problem(message: "A redirect URI's IPv6 host is not closed.")
            }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else {
                throw Problem(message: "A redirect URI's host is not valid.")
            }
            portText = after.isEmpty ? nil : after.dropFirst()
            guard host.dropFirst().dropLast().allSatisfy({ $0.isHexDigit && !$0.isUppercase || $0 == ":" || $0 == "." })
            else {
                throw Problem(message: "A redirect URI's host is not valid.")
            }
        } else if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        let nameCharacters =
            host.hasPrefix("[")
            || host.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "." }
        guard !host.isEmpty, nameCharacters else {
            throw Problem(
                message: "A redirect URI's host must be lowercase letters, digits, '-' and '.', or an IP address.")
        }
        guard let portText else { return (String(host), nil) }
        guard (1...5).contains(portText.count), portText.allSatisfy({ ("0"..."9").contains($0) }),
            let port = Int(portText), port <= 65535
        else {
            throw Problem(message: "A redirect URI's port must be a number up to 65535.")
        }
        return (String(host), port)
    }

    /// No `.` or `..` segment, plain or percent-encoded: a browser would remove them.
    private static func checkPath(_ pathAndQuery: Substring) throws(Problem) {
        let path = pathAndQuery.prefix { $0 != "?" }
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            let plain = segment.lowercased().replacingOccurrences(of: "%2e", with: ".")
            if plain == "." || plain == ".." {
                throw Problem(message: "A redirect URI's path may have no '.' or '..' segment.")
            }
        }
    }

    private static func isScheme(_ scheme: Substring) -> Bool {
        guard let first = scheme.first, ("a"..."z").contains(first) else { return false }
        return scheme.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "."
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension RedirectURI {
    /// Why `uri` cannot be registered for an `applicationType` client, or nil when it can: a native
    /// client may use a loopback `http` URI, a private-use scheme in reverse-domain form
    /// (`com.example.app:/signed-in` as RFC 8252 writes it, or `com.example.app://callback` as the
    /// older hand-made pattern does) or `https`; a web client needs `https` off the loopback.
    static func problem(with uri: String, applicationType: String) -> String? {
        let parsed: RedirectURI
        do { parsed = try RedirectURI(uri) } catch { return error.message }
        switch parsed.scheme {
        case "https":
            if applicationType == "web", parsed.host.map(loopbackHosts.contains) == true {
                return "A web client needs an https redirect URI off the loopback."
            }
            return nil
        case "http":
            guard applicationType == "native", parsed.isLoopback else {
                return "An http redirect URI must be on the loopback (127.0.0.1) and the client native."
            }
            return nil
        default:
            guard applicationType == "native" else { return "A web client needs an https redirect URI." }
            guard parsed.scheme.contains(".") else {
                return
                    "A private-use redirect scheme must be in reverse-domain form, such as com.example.app:/signed-in."
            }
            return nil
        }
    }

    /// Whether `asked` is one of `registered`: the same text, or for a loopback URI the same but
    /// for the port (RFC 8252 §7.3), since a native app listens on a port it picks at sign-in.
    /// A text that is not a redirect URI matches nothing, even a registration stored before these rules.
    static func matches(_ asked: String, registered: [String]) -> Bool {
        guard let asked = try? RedirectURI(asked) else { return false }
        let known = registered.compactMap { try? RedirectURI($0) }
        if known.contains(where: { $0.text == asked.text }) { return true }
        guard asked.isLoopback else { return false }
        return known.contains { $0.isLoopback && $0.host == asked.host && $0.pathAndQuery == asked.pathAndQuery }
    }

    /// `uri` with `parameters` added to its query.
    static func adding(_ parameters: [(String, String)], to uri: String) -> String {
        let encoded = parameters.map { "\($0.0)=\(FormText.encode($0.1))" }.joined(separator: "&")
        return uri + (uri.contains("?") ? "&" : "?") + encoded
    }
}
