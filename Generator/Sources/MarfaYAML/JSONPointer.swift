/// RFC 6901 JSON pointers, in plain form (`/a/b~1c`) or URI-fragment form (`#/a/b%20c`).
public enum JSONPointer: Sendable {
    /// `ref` split at its first `#`: what names the file or resource, and the fragment after the
    /// `#` (empty when there is none), neither decoded.
    static func splitAtFragment(_ ref: String) -> (base: String, fragment: String) {
        guard let hash = ref.firstIndex(of: "#") else { return (ref, "") }
        return (String(ref[..<hash]), String(ref[ref.index(after: hash)...]))
    }

    /// The reference tokens of `pointer`, unescaped, or nil when it is not a valid pointer.
    ///
    /// `""` and `"#"` name the whole document (no tokens). The fragment form, starting with `#`,
    /// is percent-decoded first. Each token then has `~1` turned into `/` and `~0` into `~`;
    /// any other `~` makes the pointer invalid.
    public static func tokens(of pointer: String) -> [String]? {
        var text = pointer
        if text.hasPrefix("#") {
            guard let decoded = percentDecoded(String(text.dropFirst())) else { return nil }
            text = decoded
        }
        if text.isEmpty { return [] }
        guard text.hasPrefix("/") else { return nil }
        if let tokens = asciiTokens(text) { return tokens }
        var tokens: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let token = unescaped(raw) else { return nil }
            tokens.append(token)
        }
        return tokens
    }

    /// The tokens of a plain-form pointer that is all ASCII, split and unescaped byte by byte (for
    /// ASCII, bytes and characters agree, and this is many times faster); `.some(nil)` when it is
    /// invalid, nil when it is not ASCII.
    private static func asciiTokens(_ text: String) -> [String]?? {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var tokens: [String] = []
        var token: [UInt8] = []
        var escaped = false
        for byte in utf8.dropFirst() {
            if escaped {
                switch byte {
                case UInt8(ascii: "0"): token.append(UInt8(ascii: "~"))
                case UInt8(ascii: "1"): token.append(UInt8(ascii: "/"))
                default: return .some(nil)
                }
                escaped = false
            } else if byte == UInt8(ascii: "/") {
                tokens.append(String(decoding: token, as: UTF8.self))
                token.removeAll(keepingCapacity: true)
            } else if byte == UInt8(ascii: "~") {
                escaped = true
            } else {
                token.append(byte)
            }
        }
        if escaped { return .some(nil) }
        tokens.append(String(decoding: token, as: UTF8.self))
        return tokens
    }

    /// A pointer (plain form) made of `tokens`, each escaped.
    public static func pointer(_ tokens: [String]) -> String {
        tokens.map { "/" + escaped($0) }.joined()
    }

    /// `token` with `~` written `~0` and `/` written `~1`.
    public static func escaped(_ token: String) -> String {
        guard token.contains(where: { $0 == "~" || $0 == "/" }) else { return token }
        return token.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    /// Percent-decoding (`%2F` → `/`); nil when a `%` is not followed by two hex digits or the
    /// result is not UTF-8.
    public static func percentDecoded(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x61...0x66: byte - 0x61 + 10
        case 0x41...0x46: byte - 0x41 + 10
        default: nil
        }
    }

    private static func unescaped(_ raw: Substring) -> String? {
        guard raw.contains("~") else { return String(raw) }
        var out = ""
        var iterator = raw.makeIterator()
        while let character = iterator.next() {
            guard character == "~" else {
                out.append(character)
                continue
            }
            switch iterator.next() {
            case "0": out.append("~")
            case "1": out.append("/")
            default: return nil
            }
        }
        return out
    }
}

extension Node {
    /// The node an RFC 6901 pointer names, or nil when the pointer is invalid or finds nothing.
    ///
    /// Accepts the plain form (`/paths/~1pets`) and the fragment form (`#/paths/~1pets`,
    /// percent-decoded). `""` and `"#"` name this node. Sequence indices are decimal without
    /// leading zeros; `-` names nothing.
    public func value(at pointer: String) -> Node? {
        guard let tokens = JSONPointer.tokens(of: pointer) else { return nil }
        if case .success(let node) = walk(tokens) { return node }
        return nil
    }

    /// Why a pointer found nothing: the token that failed and the node it was applied to.
    struct PointerMiss: Error {
        var token: String
        var parent: Node
        var explanation: String
    }

    /// Follows `tokens` from this node, or says where and why it stopped.
    func walk(_ tokens: [String]) -> Result<Node, PointerMiss> {
        var node = self
        for token in tokens {
            switch node.kind {
            case .mapping(let entries):
                guard let entry = entries.first(where: { $0.key == token }) else {
                    return .failure(
                        PointerMiss(
                            token: token, parent: node,
                            explanation: "no key \(quoted(token)) in the mapping at \(node.location)"))
                }
                node = entry.value
            case .sequence(let elements):
                guard let index = Self.arrayIndex(token) else {
                    return .failure(
                        PointerMiss(
                            token: token, parent: node,
                            explanation: "\(quoted(token)) is not an index into the sequence at \(node.location)"))
                }
                guard index < elements.count else {
                    return .failure(
                        PointerMiss(
                            token: token, parent: node,
                            explanation:
                                "index \(index) is past the end of the sequence at \(node.location), which has \(elements.count) elements"
                        ))
                }
                node = elements[index]
            case .scalar:
                return .failure(
                    PointerMiss(
                        token: token, parent: node,
                        explanation: "\(quoted(token)) cannot be looked up in the scalar at \(node.location)"))
            }
        }
        return .success(node)
    }

    private static func arrayIndex(_ token: String) -> Int? {
        let utf8 = token.utf8
        guard let first = utf8.first, utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        if first == 0x30 && utf8.count > 1 { return nil }
        return Int(token)
    }
}
