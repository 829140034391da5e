import Foundation
import MarfaOpenAPIRuntime
import Testing

@Suite struct DateCodingTests {
    @Test(arguments: [
        ("2026-11-29T12:00:00Z", 1_795_953_600.0),
        ("2026-11-29T12:00:00.250Z", 1_795_953_600.25),
        ("2026-11-29T12:00:00.123456789Z", 1_795_953_600.123456789),
        ("2026-11-29T13:30:00+01:30", 1_795_953_600.0),
        ("2026-11-29t12:00:00z", 1_795_953_600.0),
        ("1969-12-31T23:59:59Z", -1.0),
    ])
    func readsRFC3339(text: String, seconds: Double) throws {
        let date = try #require(ISO8601.date(from: text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6)
    }

    @Test(arguments: [
        "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-11-29", "2026-11-29T12:00:00", "2026-11-29T12:00:00.Z",
        "x",
    ])
    func refusesWhatIsNotADateTime(text: String) {
        #expect(ISO8601.date(from: text) == nil)
    }

    @Test func writesWholeSecondsWithoutAFraction() {
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: 1_795_953_600)) == "2026-11-29T12:00:00Z")
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: 1_795_953_600.25)) == "2026-11-29T12:00:00.25Z")
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }

    @Test func calendarDatesRoundTrip() throws {
        let date = try #require(CalendarDate("2024-02-29"))
        #expect(date.description == "2024-02-29")
        #expect(CalendarDate("2023-02-29") == nil)
        let json = try JSONCoding.encode([date])
        #expect(String(decoding: json, as: UTF8.self) == #"["2024-02-29"]"#)
        #expect(try JSONCoding.decode([CalendarDate].self, from: json) == [date])
    }
}
