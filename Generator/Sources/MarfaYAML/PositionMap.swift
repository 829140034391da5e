import CYaml

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns libyaml's 0-based marks into `SourceLocation`s in the original text.
///
/// - Marks past the end of the input (libyaml moves the end of a stream that does not end in a
///   line break to a new line) are pulled back to the real end, so every position is in the file.
/// - Columns shortened by the JSON surrogate rewrite are moved back where they were.
struct PositionMap {
    let file: String
    /// 0-based line and column just after the last character of the text libyaml reads.
    let endLine: Int
    let endColumn: Int
    let surrogates: JSONSurrogates?

    init(file: String, input: UnsafeBufferPointer<UInt8>, surrogates: JSONSurrogates?) {
        self.file = file
        self.surrogates = surrogates
        if input.count >= 2 && ((input[0] == 0xFE && input[1] == 0xFF) || (input[0] == 0xFF && input[1] == 0xFE)) {
            // UTF-16 (libyaml reads it after a byte order mark): the byte scan below does not
            // apply, so no mark is pulled back.
            (endLine, endColumn) = (Int.max, Int.max)
        } else {
            (endLine, endColumn) = Self.lineFeedEnd(input) ?? Self.position(ofByte: input.count, in: input)
        }
    }

    /// `position(ofByte: input.count, in: input)` for text whose only line breaks are line feeds:
    /// `memchr` counts them, and the characters after the last are the column. Nil, for the full
    /// scan, when the text starts with a BOM or holds a carriage return or any byte that can end
    /// NEL, LS or PS (0x85, 0xA8, 0xA9; other characters hold them too).
    private static func lineFeedEnd(_ input: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int)? {
        guard let base = input.baseAddress, !input.starts(with: [0xEF, 0xBB, 0xBF]) else { return nil }
        for special: UInt8 in [0x0D, 0x85, 0xA8, 0xA9] where memchr(base, Int32(special), input.count) != nil {
            return nil
        }
        let end = base + input.count
        var cursor = base
        var line = 0
        var lineStart = 0
        while cursor < end, let found = memchr(cursor, Int32(UInt8(ascii: "\n")), end - cursor) {
            line += 1
            cursor = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) + 1
            lineStart = cursor - base
        }
        var column = 0
        for byte in input[lineStart...] where byte & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }

    /// 0-based line and column of a byte offset in UTF-8 text, counting as libyaml does: a BOM is skipped,
    /// CR LF, CR, LF, NEL, LS and PS end lines, and columns count characters.
    static func position(ofByte offset: Int, in input: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 0
        var column = 0
        var index = input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let count = min(offset, input.count)
        while index < count {
            let byte = input[index]
            if byte >= 0x20 && byte < 0x80 {
                column += 1
            } else if byte == 0x0A {
                line += 1
                column = 0
            } else if byte == 0x0D {
                if index + 1 < input.count && input[index + 1] == 0x0A { index += 1 }
                line += 1
                column = 0
            } else if isUnicodeBreak(input, index) {
                line += 1
                column = 0
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }

    /// NEL (C2 85) at its second byte, or LS/PS (E2 80 A8/A9) at their last byte: libyaml's other
    /// line breaks. Checking the last byte keeps the earlier bytes counted as continuation bytes.
    @inline(__always)
    private static func isUnicodeBreak(_ input: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        let byte = input[index]
        if byte == 0x85 { return index >= 1 && input[index - 1] == 0xC2 }
        if byte == 0xA8 || byte == 0xA9 { return index >= 2 && input[index - 1] == 0x80 && input[index - 2] == 0xE2 }
        return false
    }

    func location(_ mark: yaml_mark_t) -> SourceLocation {
        location(line: Int(mark.line), column: Int(mark.column))
    }

    /// The 1-based location of a 0-based line and column of the text libyaml read.
    func location(line: Int, column: Int) -> SourceLocation {
        var line = line
        var column = column
        if line > endLine || (line == endLine && column > endColumn) {
            line = endLine
            column = endColumn
        }
        if let surrogates { column = surrogates.originalColumn(line: line, column: column) }
        return SourceLocation(file: file, line: line + 1, column: column + 1)
    }
}
