import Foundation
import Marfa
import Testing

@Suite("Working copy: a catch-up killed part way")
struct CatchUpDurabilityTests {
    @Test(
        "a catch-up killed with SIGKILL part way leaves rows, journal and cursor agreeing; the next one applies the rest, each event once"
    )
    func killedCatchUp() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let position = try await copy.status().changePosition
            await copy.close()
            let total = 1_500
            for index in 0..<total { try await test.createItem("core.note", properties: #"{"title": "e\#(index)"}"#) }
            let killAt = Int.random(in: 1...700)  // at least 800 events, two batches, left to apply
            let (said, killed) = try await killProbe(
                ["catchup", test.store().path, test.instance.url.absoluteString, test.ownerKey]
            ) { said in
                said.split(separator: "\n").contains { $0.hasPrefix("events ") && Int($0.dropFirst(7)) ?? 0 >= killAt }
            }
            #expect(killed, "the probe finished before \(killAt) events: \(said)")
            try await DurabilityTests.expectSound(test.store())

            let reopened = try await test.open()
            let held = try await reopened.items.list(ListFilters(limit: 10_000)).count
            let journaled = try await createdEvents(reopened, since: position)
            #expect(held > 0 && held <= total, "killed after \(killAt) events")
            #expect(journaled.count == held, "every stored row has its journal entry and no other")
            #expect(
                try await reopened.status().eventCursor == journaled.last?.cursor,
                "the cursor is the last stored event's")

            let report = try await reopened.catchUp()
            #expect(report.applied == total - held)
            #expect(try await reopened.items.list(ListFilters(limit: 10_000)).count == total)
            let all = try await createdEvents(reopened, since: position)
            #expect(all.count == total && Set(all.map(\.item)).count == total, "each event journaled once")
            await reopened.close()
            try await DurabilityTests.expectSound(test.store())
        }
    }

    /// The `item.created` events journaled after `position`, oldest first.
    private func createdEvents(
        _ copy: WorkingCopy, since position: Int64
    ) async throws -> [(item: String, cursor: String)] {
        try await copy.changes(since: position, most: 10_000).compactMap { entry in
            guard case .server("item.created", let cursor) = entry.change.origin, let item = entry.change.itemId else {
                return nil
            }
            return (item, cursor)
        }
    }
}
