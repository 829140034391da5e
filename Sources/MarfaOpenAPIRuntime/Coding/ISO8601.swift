import Foundation

/// Reads and writes RFC 3339 timestamps (`format: date-time`) without a formatter object.
///
/// Reading accepts a fraction of any length or none, `Z` or a numeric offset, and `t`/`z`/space forms.
/// Writing uses UTC and `Z`, with the fraction (to the microsecond, trailing zeros trimmed) only when
/// the time has one, so whole seconds read back as they were written.
public enum ISO8601 {
    /// The date `text` names, or nil when it is not an RFC 3339 date-time.
    public static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// `date` in UTC, e.g. `2026-11-29T12:00:00Z` or `2026-11-29T12:00:00.25Z`.
    public static func string(from date: Date) -> String {
        let interval = date.timeIntervalSince1970
        var seconds = interval.rounded(.down)
        var micros = Int(((interval - seconds) * 1_000_000).rounded())
        if micros == 1_000_000 {
            seconds += 1
            micros = 0
        }
        let whole = Int64(seconds)
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondOfDay = Int(whole - days * 86_400)
        let (year, month, day) = civil(fromDays: days)
        var out = [UInt8]()
        out.reserveCapacity(32)
        func digits(_ value: Int, _ width: Int) {
            var buffer = [UInt8](repeating: 48, count: width)
            var v = value
            for i in stride(from: width - 1, through: 0, by: -1) {
                buffer[i] = UInt8(48 + v % 10)
                v /= 10
            }
            out.append(contentsOf: buffer)
        }
        digits(Int(year), 4)
        out.append(45)
        digits(month, 2)
        out.append(45)
        digits(day, 2)
        out.append(84)
        digits(secondOfDay / 3600, 2)
        out.append(58)
        digits(secondOfDay / 60 % 60, 2)
        out.append(58)
        digits(secondOfDay % 60, 2)
        if micros > 0 {
            out.append(46)
            var width = 6
            var fraction = micros
            while fraction % 10 == 0 {
                fraction /= 10
                width -= 1
            }
            digits(fraction, width)
        }
        out.append(90)
        return String(decoding: out, as: UTF8.self)
    }

    private static func parse(_ s: UnsafeBufferPointer<UInt8>) -> Date? {
        guard s.count >= 20 else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for i in from..<(from + count) {
                let byte = s[i]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0, 4), s[4] == 45, let month = number(5, 2), s[7] == 45,
            let day = number(8, 2), s[10] == 84 || s[10] == 116 || s[10] == 32,
            let hour = number(11, 2), s[13] == 58, let minute = number(14, 2), s[16] == 58,
            let second = number(17, 2),
            (1...12).contains(month), day >= 1, day <= CalendarDate.days(inMonth: month, year: year),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if s[index] == 46 {
            index += 1
            var scale = 0.1
            let start = index
            while index < s.count, s[index] >= 48, s[index] <= 57 {
                fraction += Double(s[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < s.count else { return nil }
        var offset = 0
        switch s[index] {
        case 90, 122:
            index += 1
        case 43, 45:
            guard index + 6 == s.count, let h = number(index + 1, 2), s[index + 3] == 58,
                let m = number(index + 4, 2), h < 24, m < 60
            else { return nil }
            offset = (h * 60 + m) * 60 * (s[index] == 45 ? -1 : 1)
            index += 6
        default:
            return nil
        }
        guard index == s.count else { return nil }
        let days = Self.days(fromCivil: Int64(year), month, day)
        let total = days * 86_400 + Int64(hour * 3600 + minute * 60 + min(second, 59)) - Int64(offset)
        return Date(timeIntervalSince1970: Double(total) + fraction)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func days(fromCivil year: Int64, _ month: Int, _ day: Int) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(fromDays days: Int64) -> (Int64, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = Int(doy - (153 * mp + 2) / 5 + 1)
        let month = Int(mp < 10 ? mp + 3 : mp - 9)
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
