import Foundation

/// Reads and writes RFC 3339 timestamps (`format: date-time`) without a formatter object.
///
/// Reading accepts a fraction of any length or none, `Z` (or `z`) or a numeric offset such as `+05:30`
/// or `-00:00` (read as UTC), and `T`, `t` or a space between date and time. A leap second (`:60`) is
/// accepted on any day and read as the second before it (`23:59:60.5Z` is `23:59:59.5Z`), since
/// `Date` counts no leap seconds. Writing uses UTC and `Z`, with the fraction (to the microsecond,
/// trailing zeros trimmed) only when the time has one, so whole seconds read back as they were written.
public enum ISO8601 {
    /// The date `text` names, or nil when it is not an RFC 3339 date-time.
    public static func date(from text: String) -> Date? {
        try? date(parsing: text)
    }

    /// The date `text` names; throws why it is not an RFC 3339 date-time.
    public static func date(parsing text: String) throws(ParseError) -> Date {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(ParseError) -> Date in try RFC3339Parser(bytes).date() }
        }
        return try result.get()
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
        appendDigits(Int(year), width: 4, to: &out)
        out.append(45)
        appendDigits(month, width: 2, to: &out)
        out.append(45)
        appendDigits(day, width: 2, to: &out)
        out.append(84)
        appendDigits(secondOfDay / 3600, width: 2, to: &out)
        out.append(58)
        appendDigits(secondOfDay / 60 % 60, width: 2, to: &out)
        out.append(58)
        appendDigits(secondOfDay % 60, width: 2, to: &out)
        if micros > 0 {
            out.append(46)
            var width = 6
            var fraction = micros
            while fraction % 10 == 0 {
                fraction /= 10
                width -= 1
            }
            appendDigits(fraction, width: width, to: &out)
        }
        out.append(90)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the last `width` decimal digits of `value`, zero-padded, in place (no buffer of
    /// their own: a listing writes three dates per item).
    private static func appendDigits(_ value: Int, width: Int, to out: inout [UInt8]) {
        let end = out.count + width
        out.append(contentsOf: repeatElement(48, count: width))
        var v = value
        for index in stride(from: end - 1, through: end - width, by: -1) {
            out[index] = UInt8(48 + v % 10)
            v /= 10
        }
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
