/// Reads the numbers, flags and command letters of SVG path data and point lists, where separators
/// may be commas, spaces or nothing at all (`1.5.5` is 1.5 then .5; `-1-2` is -1 then -2).
struct NumberScanner {
    private let bytes: [UInt8]
    private(set) var position = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool {
        mutating get {
            skipSeparators()
            return position >= bytes.count
        }
    }

    /// The next byte after separators, without consuming it.
    mutating func peek() -> UInt8? {
        skipSeparators()
        return position < bytes.count ? bytes[position] : nil
    }

    mutating func advance() { position += 1 }

    /// An arc flag: a single `0` or `1`.
    mutating func flag() -> Bool? {
        guard let byte = peek(), byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") else { return nil }
        position += 1
        return byte == UInt8(ascii: "1")
    }

    mutating func number() -> Double? {
        skipSeparators()
        let start = position
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
            position += 1
        }
        let digitsStart = position
        skipDigits()
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            skipDigits()
        }
        guard position > digitsStart, !(position == digitsStart + 1 && bytes[digitsStart] == UInt8(ascii: ".")) else {
            position = start
            return nil
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            let mark = position
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
                position += 1
            }
            let exponentStart = position
            skipDigits()
            if position == exponentStart { position = mark }
        }
        return Double(String(decoding: bytes[start..<position], as: UTF8.self))
    }

    private mutating func skipDigits() {
        while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
            position += 1
        }
    }

    private mutating func skipSeparators() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x2C].contains(bytes[position]) { position += 1 }
    }
}
