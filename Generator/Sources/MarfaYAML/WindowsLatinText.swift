/// Text written in Windows-1252 (ISO 8859-1 with printable characters for 0x80–0x9F), as files
/// saved by older Windows editors are, turned into UTF-8 for a loader that reads only Unicode.
enum WindowsLatinText {
    /// Whether `bytes` might be such text: not UTF-16 with a byte order mark, and with no
    /// character of more than one byte in UTF-8 (text that has some is UTF-8 with a fault).
    static func mightBe(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return false }
        for (index, lead) in bytes.enumerated() where (0xC2...0xF4).contains(lead) {
            let end = index + (lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2)
            if end <= bytes.count, bytes[index + 1..<end].allSatisfy({ $0 & 0xC0 == 0x80 }) { return false }
        }
        return true
    }

    /// `bytes` read as Windows-1252, in UTF-8; the five bytes it leaves undefined become U+FFFD.
    static func utf8(from bytes: [UInt8]) -> [UInt8] {
        var text = String.UnicodeScalarView()
        for byte in bytes {
            let value: UInt32 = (0x80...0x9F).contains(byte) ? upperControls[Int(byte - 0x80)] : UInt32(byte)
            text.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return Array(String(text).utf8)
    }

    /// What Windows-1252 puts at 0x80–0x9F.
    private static let upperControls: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]
}
