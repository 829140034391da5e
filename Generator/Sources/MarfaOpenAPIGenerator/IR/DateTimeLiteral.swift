/// A `date-time` or `date` default's value, read when the generator writes it as a Swift expression.
enum DateTimeLiteral {
    /// The year, month and day of an RFC 3339 full-date (`2024-05-31`), or nil when the text is not one.
    static func calendarDay(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let b = Array(text.utf8)
        return b.count == 10 ? fullDate(b) : nil
    }

    /// Seconds since 1970 of the RFC 3339 text (any fraction, `Z` or a `±hh:mm` offset), or nil when
    /// it is not one. A leap second reads as the second before it, as the runtime reads it.
    static func seconds(_ text: String) -> Double? {
        let b = Array(text.utf8)
        func digits(_ from: Int, _ count: Int) -> Int? { Self.digits(b, from, count) }
        guard let (year, month, day) = fullDate(b), let hour = digits(11, 2), let minute = digits(14, 2),
            let second = digits(17, 2), [84, 116, 32].contains(b[10]), b[13] == 58, b[16] == 58,
            hour < 24, minute < 60, second <= 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < b.count, b[index] == 46 {
            var scale = 0.1
            index += 1
            let start = index
            while index < b.count, (48...57).contains(b[index]) {
                fraction += Double(b[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        if index < b.count, b[index] == 90 || b[index] == 122 {
            index += 1
        } else if index < b.count, b[index] == 43 || b[index] == 45, let h = digits(index + 1, 2),
            let m = digits(index + 4, 2),
            index + 3 < b.count, b[index + 3] == 58, h < 24, m < 60
        {
            offset = (h * 60 + m) * 60 * (b[index] == 45 ? -1 : 1)
            index += 6
        } else {
            return nil
        }
        guard index == b.count else { return nil }
        let whole = days(year, month, day) * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offset
        return Double(whole) + fraction
    }

    /// The full-date in the first ten bytes of `b` (`yyyy-mm-dd`, a day the month has).
    private static func fullDate(_ b: [UInt8]) -> (year: Int, month: Int, day: Int)? {
        guard let year = digits(b, 0, 4), let month = digits(b, 5, 2), let day = digits(b, 8, 2), b[4] == 45,
            b[7] == 45, (1...12).contains(month), day >= 1, day <= daysIn(month, year)
        else { return nil }
        return (year, month, day)
    }

    /// The number written by `count` ASCII digits of `b` at `from`; nil past the end or at another byte.
    private static func digits(_ b: [UInt8], _ from: Int, _ count: Int) -> Int? {
        guard from + count <= b.count else { return nil }
        var value = 0
        for byte in b[from..<(from + count)] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    private static func days(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }
}
