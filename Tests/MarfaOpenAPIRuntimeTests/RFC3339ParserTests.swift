import Foundation
import MarfaOpenAPIRuntime
import Testing

/// `ISO8601.date(parsing:)`: RFC 3339 date-times read with any fraction and offset, and the typed
/// reason for each text it refuses.
@Suite struct RFC3339ParserTests {
    @Test(arguments: [
        ("2026-11-29T12:00:00Z", 1_795_953_600.0),
        ("2026-11-29T17:30:00+05:30", 1_795_953_600.0),
        ("2026-11-29T12:00:00-00:00", 1_795_953_600.0),
        ("2026-11-29T03:15:00-08:45", 1_795_953_600.0),
        ("2026-11-29T12:00:00.5z", 1_795_953_600.5),
        ("2026-11-29 12:00:00.000000000000000000001Z", 1_795_953_600.0),
        ("2026-11-29T12:00:00.1+00:00", 1_795_953_600.1),
        ("2016-12-31T23:59:60Z", 1_483_228_799.0),
        ("2016-12-31T23:59:60.5Z", 1_483_228_799.5),
        ("0001-01-01T00:00:00Z", -62_135_596_800.0),
        ("9999-12-31T23:59:59Z", 253_402_300_799.0),
    ])
    func reads(text: String, seconds: Double) throws {
        let date = try ISO8601.date(parsing: text)
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6)
    }

    @Test(arguments: [
        ("2026-13-01T00:00:00Z", ISO8601.ParseError.month(13)),
        ("2026-00-01T00:00:00Z", .month(0)),
        ("2025-02-29T00:00:00Z", .day(29)),
        ("2026-04-31T00:00:00Z", .day(31)),
        ("2026-11-29T24:00:00Z", .time),
        ("2026-11-29T12:60:00Z", .time),
        ("2026-11-29T12:00:61Z", .time),
        ("2026-11-29T12:00:00", .missingOffset),
        ("2026-11-29T12:00:00.25", .missingOffset),
        ("2026-11-29T12:00:00Q", .missingOffset),
        ("2026-11-29T12:00:00+24:00", .offset),
        ("2026-11-29T12:00:00+05:60", .offset),
        ("2026-11-29T12:00:00+0530", .unexpected(offset: 22)),
        ("2026-11-29T12:00:00+05", .unexpected(offset: 22)),
        ("2026-11-29T12:00:00.Z", .unexpected(offset: 20)),
        ("2026-11-29T12:00:00ZZ", .unexpected(offset: 20)),
        ("2026-11-29", .unexpected(offset: 10)),
        ("2026/11/29T12:00:00Z", .unexpected(offset: 4)),
        ("yesterday", .unexpected(offset: 0)),
        ("", .unexpected(offset: 0)),
        ("２０２６-11-29T12:00:00Z", .unexpected(offset: 0)),
    ])
    func refuses(text: String, reason: ISO8601.ParseError) {
        #expect(throws: reason) { try ISO8601.date(parsing: text) }
        #expect(ISO8601.date(from: text) == nil)
    }

    /// Ten thousand texts made from valid date-times by cutting, repeating and changing bytes: each is
    /// read or refused with a reason, never a crash, and every date it reads writes back to an instant
    /// it reads again the same.
    @Test func generatedTextsAreReadOrRefused() throws {
        var generator = SplitMix64(seed: 0x5EED_DA7E)
        let alphabet = Array("0123456789-:.TtZz+ x".utf8)
        var read = 0
        for _ in 0..<10_000 {
            let seconds = Double(Int64(generator.next() % 315_000_000_000) - 62_000_000_000)
            var bytes = Array(ISO8601.string(from: Date(timeIntervalSince1970: seconds)).utf8)
            switch generator.next() % 4 {
            case 0: bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count + 1))))
            case 1:
                bytes[Int(generator.next() % UInt64(bytes.count))] =
                    alphabet[Int(generator.next() % UInt64(alphabet.count))]
            case 2:
                bytes.insert(
                    alphabet[Int(generator.next() % UInt64(alphabet.count))],
                    at: Int(generator.next() % UInt64(bytes.count)))
            default: break
            }
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                let date = try ISO8601.date(parsing: text)
                read += 1
                let again = try #require(ISO8601.date(from: ISO8601.string(from: date)), "\(text)")
                #expect(abs(again.timeIntervalSince(date)) < 1e-5, "\(text)")
            } catch {
                #expect(!"\(error)".isEmpty)
            }
        }
        #expect(read > 2_500)
    }
}

/// A small deterministic generator (SplitMix64), so the generated texts are the same on every run.
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
