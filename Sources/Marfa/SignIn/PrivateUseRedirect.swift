import Foundation

/// The redirect a browser sign-in may register: a private-use address (RFC 8252 §7.1) whose scheme
/// is a reverse domain name (`com.example.app`), followed by a path and no host
/// (`com.example.app:/signed-in`). Printable ASCII only, with no backslash (raw or `%5C`), no
/// percent-encoded control character and no fragment, so every URL parser reads it alike.
enum PrivateUseRedirect {
    /// Whether `url` is such an address.
    static func isValid(_ url: URL) -> Bool {
        let text = url.absoluteString
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon]
        let labels = scheme.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy(isLabel) else { return false }
        let rest = text[text.index(after: colon)...]
        guard rest.hasPrefix("/"), !rest.hasPrefix("//"), rest.count > 1 else { return false }
        return hasOnlyPlainCharacters(rest)
    }

    /// A lowercase scheme part: a letter, then letters, digits or `-`.
    private static func isLabel(_ label: Substring) -> Bool {
        guard let first = label.first, ("a"..."z").contains(first) else { return false }
        return label.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    private static func hasOnlyPlainCharacters(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() {
            guard (0x21...0x7E).contains(byte), byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "#") else {
                return false
            }
            guard byte == UInt8(ascii: "%") else { continue }
            guard index + 2 < bytes.count,
                let escaped = UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16),
                escaped >= 0x20, escaped != 0x7F, escaped != UInt8(ascii: "\\")
            else { return false }
        }
        return true
    }
}
