/// Percent-encoding of URI components (RFC 3986).
public enum PercentEncoding {
    /// Encodes every byte outside the unreserved set `A-Z a-z 0-9 - . _ ~`; with `allowReserved`,
    /// the reserved characters `:/?#[]@!$&'()*+,;=` stay as they are too.
    public static func encode(_ text: String, allowReserved: Bool = false) -> String {
        encode(text) { allowReserved && isReserved($0) }
    }

    /// Encodes every byte outside the unreserved set that `keeps` doesn't keep as it is.
    static func encode(_ text: String, keeping keeps: (UInt8) -> Bool) -> String {
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            if isUnreserved(byte) || keeps(byte) {
                out.append(byte)
            } else {
                out.append(37)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 15)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes `%XX` escapes (and `+` as a space when `plusIsSpace`); nil for a broken escape or bytes
    /// that are not UTF-8.
    public static func decode<S: StringProtocol>(_ text: S, plusIsSpace: Bool = false) -> String? {
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == 37 {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue)
                else { return nil }
                out.append(high << 4 | low)
            } else if byte == 43 && plusIsSpace {
                out.append(32)
            } else {
                out.append(byte)
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    @inline(__always)
    static func isUnreserved(_ b: UInt8) -> Bool {
        (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b == 45 || b == 46 || b == 95
            || b == 126
    }

    @inline(__always)
    static func isReserved(_ b: UInt8) -> Bool {
        switch b {
        case 58, 47, 63, 35, 91, 93, 64, 33, 36, 38, 39, 40, 41, 42, 43, 44, 59, 61: true
        default: false
        }
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 48...57: b - 48
        case 65...70: b - 55
        case 97...102: b - 87
        default: nil
        }
    }
}
