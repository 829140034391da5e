import Foundation
import Marfa
import MarfaSQLite
import Testing

@Suite("Working copy: a hydration killed part way")
struct DurabilityTests {
    @Test(
        "a hydration killed with SIGKILL at a random page leaves reads refused and the store sound; the next one completes"
    )
    func killedHydration() async throws {
        try await CopyTestInstance.with { test in
            let total = 1_000
            for index in 0..<total { try await test.createItem("core.note", properties: #"{"title": "n\#(index)"}"#) }
            var rounds: [Int] = []
            for _ in 0..<3 {
                let killAt = Int.random(in: 1...4)
                rounds.append(killAt)
                try await killHydration(test, afterPage: killAt)
                let copy = try await test.open()
                let status = try await copy.status()
                #expect(status.hydration == .inProgress, "killed after page \(killAt)")
                do {
                    _ = try await copy.items.list()
                    Issue.record("a read answered after a killed hydration (page \(killAt))")
                } catch let error as MarfaError {
                    #expect(error.code() == "hydration_incomplete")
                }
                await copy.close()
                try await Self.expectSound(test.store())
            }
            let copy = try await test.open()
            let report = try await copy.hydrate(types: ["core.note"], tier: .library)
            #expect(report.items == total)
            #expect(try await copy.items.list().count == total, "after kills at pages \(rounds)")
            await copy.close()
            try await Self.expectSound(test.store())
        }
    }

    /// Runs `copy-probe hydrate` and kills it once it reports storing page `page`.
    private func killHydration(_ test: CopyTestInstance, afterPage page: Int) async throws {
        let (said, killed) = try await killProbe(
            ["hydrate", test.store().path, test.instance.url.absoluteString, test.ownerKey, "core.note"]
        ) { $0.contains("page \(page)\n") }
        #expect(killed, "the probe finished before page \(page): \(said)")
    }

    static func expectSound(_ store: URL) async throws {
        let pool = try await SQLitePool.open(path: store.path, configuration: .init(readOnly: true))
        let check = try await pool.read { db in try db.first("PRAGMA integrity_check")?[0].text }
        await pool.close()
        #expect(check == "ok")
    }
}
