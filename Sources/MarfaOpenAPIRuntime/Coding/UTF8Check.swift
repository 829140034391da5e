/// Whether bytes are well-formed UTF-8 (RFC 3629): no overlong form, no surrogate, nothing past U+10FFFF.
enum UTF8Check {
    /// The offset of the first byte that starts no well-formed character, or nil when all are well-formed.
    static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, high) = (3, 0x9F)
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, high) = (4, 0x8F)
            default: return index
            }
            guard count - index >= length, (low...high).contains(bytes[index + 1]) else { return index }
            for offset in 2..<max(length, 2) where !(0x80...0xBF).contains(bytes[index + offset]) { return index }
            index += length
        }
        return nil
    }
}
