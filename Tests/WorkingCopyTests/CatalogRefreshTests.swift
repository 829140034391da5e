import Foundation
import Marfa
import MarfaClock
import Testing

/// "Other devices show the change within about two minutes, when their copy's `catalog` next reads
/// the instance's types": a following copy reads the catalog again every two minutes on its clock.
@Suite struct CatalogRefreshTests {
    @Test("a following copy reads the catalog again after two minutes and shows a type changed elsewhere")
    func aFollowingCopyRereadsTheCatalogEveryTwoMinutes() async throws {
        try await CopyTestInstance.with { test in
            let clock = ManualClock()
            let copy = try await test.open(clock: clock)
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            #expect(try await copy.catalog.itemType("core.note").icon != "lucide:book-open")
            let changes = copy.changes()
            _ = try await first(copy.updates()) { $0 == .following }
            await clock.waitForSleepers(1)  // the catalog's next read, two minutes away

            // Another device sets the type's icon: the read view stays, so the follow goes on.
            let changed = try await test.send(.put, "/types/core.note/icon", json: #"{"icon": "lucide:book-open"}"#)
            #expect(changed.status == 200)
            clock.advance(by: .seconds(119))
            #expect(
                try await copy.catalog.itemType("core.note").icon != "lucide:book-open",
                "not read again before two minutes")
            clock.advance(by: .seconds(1))
            let refreshed = try await first(changes) { $0.origin == .refreshed(.catalog) }
            #expect(refreshed != nil)
            #expect(try await copy.catalog.itemType("core.note").icon == "lucide:book-open")
            await copy.close()
        }
    }
}
