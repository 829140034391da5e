/// Turns names from a document into Swift identifiers, in the idiomatic style:
/// `source_id` → `sourceId`, `item-page` → `ItemPage`, `NOT_AVAILABLE` → `notAvailable`.
enum Naming {
    /// Words Swift reserves, and member names the generated types use themselves.
    static let reserved: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "type", "Protocol", "borrowing", "consuming", "package",
    ]

    /// Type names that would hide the names generated code relies on.
    static let reservedTypeNames: Set<String> = [
        "Swift", "Foundation", "MarfaOpenAPIRuntime", "Components", "Operations", "Webhooks", "Servers", "Client",
        "APIProtocol", "Schemas", "Parameters", "RequestBodies", "Responses", "Headers", "CodingKeys",
        "Input", "Output", "Body", "Path", "Query", "Cookies", "Type", "Protocol", "Self", "Any",
    ]

    /// Splits a name into words at separators, case changes and digits-to-letters.
    static func words(_ name: String) -> [String] {
        let bytes = Array(name.utf8)
        if bytes.allSatisfy({ $0 < 0x80 }) {
            return bytes.withUnsafeBufferPointer { buffer in
                asciiWordRanges(buffer).map {
                    String(decoding: UnsafeBufferPointer(rebasing: buffer[$0]), as: UTF8.self)
                }
            }
        }
        return unicodeWords(name)
    }

    /// Where the words of a name of ASCII bytes alone are, where each character is one byte (or
    /// `\r\n`, which separates as its two bytes do), classified by ranges instead of Unicode properties.
    private static func asciiWordRanges(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var start: Int?
        for index in bytes.indices {
            let byte = bytes[index]
            guard ASCIIClass.isLetter(byte) || ASCIIClass.isDigit(byte) else {
                if let first = start { words.append(first..<index) }
                start = nil
                continue
            }
            guard let first = start else {
                start = index
                continue
            }
            let last = bytes[index - 1]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            let boundary =
                (ASCIIClass.isLower(last) && ASCIIClass.isUpper(byte))
                || (ASCIIClass.isDigit(last) && ASCIIClass.isLetter(byte))
                || (ASCIIClass.isLetter(last) && ASCIIClass.isDigit(byte))
                || (ASCIIClass.isUpper(last) && ASCIIClass.isUpper(byte) && ASCIIClass.isLower(next))
            if boundary {
                words.append(first..<index)
                start = index
            }
        }
        if let first = start { words.append(first..<bytes.count) }
        return words
    }

    /// `typeName` (`lowerFirst` false) or `memberName` of an ASCII name that has words, before the
    /// checks for a leading digit and reserved names, written byte by byte: for ASCII, `capitalized`
    /// and `lowered` change `a-z` and `A-Z` alone. Nil for other names.
    private static func asciiCamelCase(_ name: String, lowerFirst: Bool) -> String? {
        var name = name
        return name.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            let ranges = asciiWordRanges(bytes)
            guard !ranges.isEmpty else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 2)
            for (index, range) in ranges.enumerated() {
                let word = UnsafeBufferPointer(rebasing: bytes[range])
                let allUpper = !word.contains(where: ASCIIClass.isLower)
                if index == 0 && lowerFirst {
                    // `lowered`: an all-caps word is lowered whole, any other its first letter.
                    out.append(ASCIIClass.lowered(word[0]))
                    for byte in word.dropFirst() { out.append(allUpper ? ASCIIClass.lowered(byte) : byte) }
                } else if allUpper && word.count > 4 {
                    // `capitalized`: a long all-caps word keeps its first letter and lowers the rest.
                    out.append(word[0])
                    for byte in word.dropFirst() { out.append(ASCIIClass.lowered(byte)) }
                } else {
                    out.append(ASCIIClass.uppered(word[0]))
                    out.append(contentsOf: word.dropFirst())
                }
            }
            if ASCIIClass.isDigit(out[0]) { out.insert(UInt8(ascii: "_"), at: 0) }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// `words` for any name, by the characters' Unicode properties.
    private static func unicodeWords(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let chars = Array(name)
        for (index, char) in chars.enumerated() {
            if !(char.isLetter || char.isNumber) || !char.isASCII && !char.isLetter {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if !current.isEmpty, let last = current.last {
                let next = index + 1 < chars.count ? chars[index + 1] : nil
                let boundary =
                    (last.isLowercase && char.isUppercase)
                    || (last.isNumber && char.isLetter) || (last.isLetter && char.isNumber)
                    || (last.isUppercase && char.isUppercase && (next?.isLowercase ?? false))
                if boundary {
                    words.append(current)
                    current = ""
                }
            }
            current.append(char)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `UpperCamelCase` for types; a name made only of symbols becomes `_empty`.
    static func typeName(_ name: String) -> String {
        if var result = asciiCamelCase(name, lowerFirst: false) {
            if reservedTypeNames.contains(result) { result += "_" }
            return result
        }
        let parts = words(name)
        guard !parts.isEmpty else { return symbolName(name, upper: true) }
        var result = parts.map(capitalized).joined()
        if result.first?.isNumber == true { result = "_" + result }
        if reservedTypeNames.contains(result) { result += "_" }
        return result
    }

    /// `lowerCamelCase` for properties, parameters, methods and enum cases; reserved words get `_`.
    static func memberName(_ name: String) -> String {
        if let result = asciiCamelCase(name, lowerFirst: true) {
            return reserved.contains(result) ? "_" + result : result
        }
        let parts = words(name)
        guard !parts.isEmpty else { return symbolName(name, upper: false) }
        var result = lowered(parts[0]) + parts.dropFirst().map(capitalized).joined()
        if result.first?.isNumber == true { result = "_" + result }
        if reserved.contains(result) { result = "_" + result }
        return result
    }

    /// A word with its first letter upper case; an all-caps word keeps its caps (`ID`, `URL`) only when short.
    static func capitalized(_ word: String) -> String {
        if word.count > 1 && word == word.uppercased() && word.count > 4 {
            return word.prefix(1) + word.dropFirst().lowercased()
        }
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    static func lowered(_ word: String) -> String {
        if word == word.uppercased() { return word.lowercased() }
        return word.prefix(1).lowercased() + word.dropFirst()
    }

    /// A name for text with no letters or digits, such as `""` or `+`.
    static func symbolName(_ name: String, upper: Bool) -> String {
        if name.isEmpty { return "_empty" }
        let spelled = name.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "+": "plus"
            case "-": "minus"
            case "*": "star"
            case "/": "slash"
            case ".": "dot"
            case "<": "lt"
            case ">": "gt"
            case "=": "eq"
            case "!": "bang"
            case "@": "at"
            case "$": "dollar"
            case "%": "percent"
            case "&": "and"
            case "#": "hash"
            case "~": "tilde"
            case " ": "space"
            default: "u\(String(scalar.value, radix: 16))"
            }
        }
        let joined = spelled.enumerated().map { $0 == 0 && !upper ? $1 : capitalized($1) }.joined()
        return "_" + joined
    }
}

/// Hands out names unique within one scope, adding `_2`, `_3`… to repeats.
struct NameScope {
    private var used: Set<String>

    init(reserved: Set<String> = []) { used = reserved }

    mutating func claim(_ name: String) -> String {
        if used.insert(name).inserted { return name }
        var index = 2
        while !used.insert("\(name)_\(index)").inserted { index += 1 }
        return "\(name)_\(index)"
    }
}

/// Character classes of ASCII bytes, as `Character`'s properties give them for ASCII characters.
private enum ASCIIClass {
    static func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    static func isLetter(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    static func lowered(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte + 32 : byte }
    static func uppered(_ byte: UInt8) -> UInt8 { isLower(byte) ? byte - 32 : byte }
}
