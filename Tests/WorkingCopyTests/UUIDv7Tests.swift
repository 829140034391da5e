import Foundation
import MarfaDigest
import Testing

@testable import Marfa

/// The copy's UUIDv7s: RFC 9562's layout, the time first so they sort by when they were minted.
@Suite struct UUIDv7Tests {
    @Test func holdsTheMillisecondsTheVersionAndTheVariant() throws {
        let date = Date(timeIntervalSince1970: 1_767_225_600.123)  // 2026-01-01T00:00:00.123Z
        let id = UUIDv7.make(at: date)
        #expect(id.count == 36)
        #expect(id == id.lowercased())
        let uuid = try #require(UUID(uuidString: id))
        let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
        let milliseconds = bytes[0..<6].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        #expect(milliseconds == 1_767_225_600_123)
        #expect(bytes[6] >> 4 == 7, "version 7")
        #expect(bytes[8] >> 6 == 0b10, "RFC 9562 variant")
    }

    @Test func writesEachNibbleInPlace() {
        #expect(
            UUIDv7.text(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210)
                == "01234567-89ab-cdef-fedc-ba9876543210")
    }

    @Test func sortsByTimeAndNeverRepeats() {
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let ids = (0..<1000).map { UUIDv7.make(at: start.addingTimeInterval(Double($0) / 100)) }
        #expect(Set(ids).count == ids.count)
        let byMillisecond = stride(from: 0, to: 1000, by: 10).map { ids[$0] }
        #expect(byMillisecond == byMillisecond.sorted())
    }
}

/// Idempotency keys: random version 4 UUIDs, lowercase, never repeated.
@Suite struct RandomUUIDTests {
    @Test func isAVersion4UUIDInLowercase() throws {
        let keys = (0..<1000).map { _ in RandomUUID.make() }
        #expect(Set(keys).count == keys.count)
        for key in keys.prefix(50) {
            #expect(key == key.lowercased())
            let uuid = try #require(UUID(uuidString: key))
            let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
            #expect(bytes[6] >> 4 == 4, "version 4")
            #expect(bytes[8] >> 6 == 0b10, "RFC 9562 variant")
        }
    }
}
