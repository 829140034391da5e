import Foundation
import Testing

@testable import MarfaLocal

/// The identifiers the instance mints: their form, and that they differ.
@Suite struct IdentifierTests {
    @Test func mintsVersionSevenUUIDs() {
        let now = Date(timeIntervalSince1970: 1_700_000_000.5)
        let ids = (0..<64).map { _ in Identifiers.uuidV7(at: now) }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(Identifiers.isUUID(id) && id == id.lowercased() && id.count == 36)
            #expect(id.hasPrefix("018bcfe5-69f4-7"))
            #expect("89ab".contains(id[id.index(id.startIndex, offsetBy: 19)]))
        }
    }

    @Test func mintsRequestIDsOfSixteenHexDigits() {
        let ids = (0..<64).map { _ in Identifiers.requestID() }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.count == 16 && id.allSatisfy { "0123456789abcdef".contains($0) })
        }
    }
}
