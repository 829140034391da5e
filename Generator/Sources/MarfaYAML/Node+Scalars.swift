/// Reading scalars as values, with the YAML 1.2 core schema.
///
/// - A quoted or block scalar, or one tagged `!` or `!!str`, is always a string.
/// - A scalar tagged `!!null`, `!!bool`, `!!int` or `!!float` is read by the core rules whatever its style.
/// - Any other plain scalar follows the core schema:
///   null `null Null NULL ~` or empty; bool `true True TRUE false False FALSE`;
///   int `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`;
///   float `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?.inf` (also `.Inf .INF`), `.nan` (`.NaN .NAN`).
extension Node.Scalar {
    private static let core = "tag:yaml.org,2002:"

    /// True when the scalar's text is to be read with the core schema rather than as a string.
    public var isResolvable: Bool {
        switch tag {
        case nil: isPlain
        case "!", Self.core + "str": false
        case Self.core + "null", Self.core + "bool", Self.core + "int", Self.core + "float": true
        default: isPlain
        }
    }

    /// True for a null: `null`, `Null`, `NULL`, `~` or nothing at all.
    public var isNull: Bool {
        guard isResolvable else { return false }
        switch text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// The text, unless the scalar is a null.
    public var string: String? { isNull ? nil : text }

    /// The boolean a core-schema scalar spells.
    public var bool: Bool? {
        guard isResolvable else { return nil }
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// The integer a core-schema scalar spells (decimal, `0o` octal, `0x` hex), if it fits in `Int`.
    public var int: Int? {
        guard isResolvable else { return nil }
        return Self.integer(text)
    }

    /// The number a core-schema scalar spells: any float or integer form.
    public var double: Double? {
        guard isResolvable else { return nil }
        let text = self.text
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        let utf8 = Array(text.utf8)
        if let radix = Self.prefixedRadix(utf8) {
            var value = 0.0
            for byte in utf8.dropFirst(2) { value = value * Double(radix) + Double(Self.digit(byte)!) }
            return value
        }
        guard Self.isDecimalNumber(utf8) else { return nil }
        return Double(text)
    }

    private static func integer(_ text: String) -> Int? {
        let utf8 = Array(text.utf8)
        if let radix = prefixedRadix(utf8) {
            return Int(text.dropFirst(2), radix: radix)
        }
        var digits = utf8[...]
        if let first = digits.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }

    /// 16 for `0x` + hex digits, 8 for `0o` + octal digits, else nil.
    private static func prefixedRadix(_ utf8: [UInt8]) -> Int? {
        guard utf8.count > 2, utf8[0] == UInt8(ascii: "0") else { return nil }
        let radix: Int
        switch utf8[1] {
        case UInt8(ascii: "x"): radix = 16
        case UInt8(ascii: "o"): radix = 8
        default: return nil
        }
        for byte in utf8.dropFirst(2) {
            guard let value = digit(byte), value < radix else { return nil }
        }
        return radix
    }

    private static func digit(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        default: nil
        }
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isDecimalNumber(_ utf8: [UInt8]) -> Bool {
        var index = 0
        func isDigit(_ i: Int) -> Bool { i < utf8.count && utf8[i] >= 0x30 && utf8[i] <= 0x39 }
        func skipDigits() -> Int {
            let start = index
            while isDigit(index) { index += 1 }
            return index - start
        }
        if index < utf8.count && (utf8[index] == UInt8(ascii: "+") || utf8[index] == UInt8(ascii: "-")) { index += 1 }
        let whole = skipDigits()
        if index < utf8.count && utf8[index] == UInt8(ascii: ".") {
            index += 1
            let fraction = skipDigits()
            if whole == 0 && fraction == 0 { return false }
        } else if whole == 0 {
            return false
        }
        if index < utf8.count && (utf8[index] == UInt8(ascii: "e") || utf8[index] == UInt8(ascii: "E")) {
            index += 1
            if index < utf8.count && (utf8[index] == UInt8(ascii: "+") || utf8[index] == UInt8(ascii: "-")) {
                index += 1
            }
            if skipDigits() == 0 { return false }
        }
        return index == utf8.count
    }
}

extension Node {
    /// True for a null scalar (see `Node.Scalar.isNull`); false for mappings and sequences.
    public var isNull: Bool { scalar?.isNull ?? false }
    /// The text of any scalar that is not a null; quoted numbers and booleans are strings here too.
    public var string: String? { scalar?.string }
    /// The boolean of a plain (or `!!bool`) `true`/`false` scalar in any of its three spellings.
    public var bool: Bool? { scalar?.bool }
    /// The integer of a plain decimal, `0x` hex or `0o` octal scalar that fits in `Int`.
    public var int: Int? { scalar?.int }
    /// The number of a plain float or integer scalar, `.inf` and `.nan` forms included.
    public var double: Double? { scalar?.double }
}
