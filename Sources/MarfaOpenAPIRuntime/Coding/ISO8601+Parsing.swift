import Foundation

extension ISO8601 {
    /// Why a text is not an RFC 3339 date-time.
    public enum ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The byte at `offset` (UTF-8) is not what the form has there, or the text ends before it.
        case unexpected(offset: Int)
        /// The month is not 01 to 12.
        case month(Int)
        /// The day is not a day of its month (`02-30`, `04-31`, `00`).
        case day(Int)
        /// The hour is over 23, the minute over 59 or the second over 60.
        case time
        /// The time has no `Z` or numeric offset after it.
        case missingOffset
        /// The offset's hours are over 23 or its minutes over 59.
        case offset

        public var description: String {
            switch self {
            case .unexpected(let offset): "unexpected character at offset \(offset)"
            case .month(let month): "month \(month) is not 01 to 12"
            case .day(let day): "day \(day) is not in its month"
            case .time: "the time of day is out of range"
            case .missingOffset: "the time has no offset (Z or +hh:mm)"
            case .offset: "the offset is out of range"
            }
        }
    }
}

/// One pass over the UTF-8 bytes of an RFC 3339 `date-time`.
struct RFC3339Parser {
    typealias ParseError = ISO8601.ParseError
    let s: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) { s = bytes }

    /// The instant the text names.
    func date() throws(ParseError) -> Date {
        let (days, secondOfDay) = try dateAndTime()
        var index = 19
        let fraction = try self.fraction(at: &index)
        let offset = try self.offset(at: &index)
        guard index == s.count else { throw .unexpected(offset: index) }
        let total = days * 86_400 + Int64(secondOfDay - offset)
        return Date(timeIntervalSince1970: Double(total) + fraction)
    }

    /// Days since 1970 of the date, and the second of the day (a leap second read as the one before).
    private func dateAndTime() throws(ParseError) -> (Int64, Int) {
        let year = try number(0, 4)
        try expect(4, "-")
        let month = try number(5, 2)
        try expect(7, "-")
        let day = try number(8, 2)
        guard s.count > 10, s[10] == UInt8(ascii: "T") || s[10] == UInt8(ascii: "t") || s[10] == UInt8(ascii: " ")
        else {
            throw .unexpected(offset: min(10, s.count))
        }
        let hour = try number(11, 2)
        try expect(13, ":")
        let minute = try number(14, 2)
        try expect(16, ":")
        let second = try number(17, 2)
        guard (1...12).contains(month) else { throw .month(month) }
        guard day >= 1, day <= CalendarDate.days(inMonth: month, year: year) else { throw .day(day) }
        guard hour < 24, minute < 60, second <= 60 else { throw .time }
        let days = ISO8601.days(fromCivil: Int64(year), month, day)
        return (days, hour * 3600 + minute * 60 + min(second, 59))
    }

    /// The fraction of a second after `.`, of any length, or 0 when there is none.
    private func fraction(at index: inout Int) throws(ParseError) -> Double {
        guard index < s.count, s[index] == UInt8(ascii: ".") else { return 0 }
        index += 1
        let start = index
        var fraction = 0.0
        var scale = 0.1
        while index < s.count, s[index] >= 48, s[index] <= 57 {
            fraction += Double(s[index] - 48) * scale
            scale /= 10
            index += 1
        }
        guard index > start else { throw .unexpected(offset: index) }
        return fraction
    }

    /// The offset from UTC in seconds: `Z`, `z`, or `+hh:mm`/`-hh:mm`.
    private func offset(at index: inout Int) throws(ParseError) -> Int {
        guard index < s.count else { throw .missingOffset }
        switch s[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
            return 0
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = s[index] == UInt8(ascii: "-") ? -1 : 1
            let hours = try number(index + 1, 2)
            try expect(index + 3, ":")
            let minutes = try number(index + 4, 2)
            guard hours < 24, minutes < 60 else { throw .offset }
            index += 6
            return sign * (hours * 60 + minutes) * 60
        default:
            throw .missingOffset
        }
    }

    private func number(_ from: Int, _ count: Int) throws(ParseError) -> Int {
        var value = 0
        for i in from..<(from + count) {
            guard i < s.count else { throw .unexpected(offset: s.count) }
            let byte = s[i]
            guard byte >= 48, byte <= 57 else { throw .unexpected(offset: i) }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }

    private func expect(_ index: Int, _ character: Unicode.Scalar) throws(ParseError) {
        guard index < s.count, s[index] == UInt8(ascii: character) else {
            throw .unexpected(offset: min(index, s.count))
        }
    }
}
