import Foundation
import MarfaAPI
import MarfaClock
import MarfaLocal
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes
import Testing

/// Housekeeping through `Client`: jobs run for real against the store and answer when done.
@Suite struct HousekeepingTests {
    /// Moves `column` of the rows `table` holds back by `days`, as if they were written then.
    func age(_ table: String, _ column: String, by days: Double, in test: APITestInstance) async throws {
        let database = try await SQLitePool.open(path: test.folder.appendingPathComponent("marfa.sqlite").path)
        try await database.write { db in try db.run("UPDATE \(table) SET \(column) = \(column) - ?", days * 86_400) }
        await database.close()
    }

    @Test func trashPurgeRemovesItemsInTheBinLongerThanTheRetention() async throws {
        var options = LocalInstance.Options(log: { _ in })
        let clock = ManualClock()
        options.clock = clock
        try await APITestInstance.with(options: options) { test in
            // A call that answers only when its work is done gets a longer time.
            let api = try test.api(timeout: .seconds(120))
            try await test.registerTypes("app.crm.deal")
            let old = try await test.createItem("app.crm.deal", properties: #"{"title": "Old"}"#)
            let recent = try await test.createItem("app.crm.deal", properties: #"{"title": "Recent"}"#)
            let kept = try await test.createItem("app.crm.deal", properties: #"{"title": "Kept"}"#)
            try await test.send(.delete, "/items/\(old)")
            clock.advance(by: .seconds(61 * 86_400))  // the default retention is 60 days
            try await test.send(.delete, "/items/\(recent)")

            let run = try await api.runHousekeeping(path: .init(name: "trash-purge")).ok.body.json
            #expect(run.outcome == .ok && run.error == nil)
            #expect(run.result["removed"] == 1)
            #expect(try await test.send(.get, "/items/\(old)").status == 404)
            #expect(try await test.send(.post, "/items/\(recent)/restore").status == 200)
            #expect(try await test.item(kept)["state"]?.string == "active")

            let jobs = try await api.listHousekeepingJobs().ok.body.json.jobs
            let purge = try #require(jobs.first { $0.name == "trash-purge" })
            #expect(purge.lastOutcome == "ok" && purge.runningSince == nil && purge.lastFinishedAt != nil)
            #expect(Set(jobs.map(\.name)).isSuperset(of: ["trash-purge", "audit-cleanup", "event-log-cleanup"]))
        }
    }

    @Test func auditCleanupFollowsTheRetentionSetting() async throws {
        try await APITestInstance.with { test in
            let api = try test.api(timeout: .seconds(120))
            try await test.registerTypes("app.crm.deal", "app.crm.contract")
            let before = try await api.listAuditLog(query: .init(limit: 200)).ok.body.json.data.count
            try await age("audit_log", "timestamp", by: 100, in: test)
            let run = try await api.runHousekeeping(path: .init(name: "audit-cleanup")).ok.body.json
            #expect(run.result["removed"] == .int(Int64(before)))
            // Only the record of this run is left.
            #expect(try await api.listAuditLog().ok.body.json.data.map(\.action) == ["housekeeping.run"])
            let events = try await api.runHousekeeping(path: .init(name: "event-log-cleanup")).ok.body.json
            #expect(events.outcome == .ok && events.result["removed"] == 0)
        }
    }

    @Test func anUnknownJobOrAKeyWithoutTheOperatorsReachIsRefused() async throws {
        try await APITestInstance.with { test in
            let api = try test.api(timeout: .seconds(120))
            let unknown = try await #require(throws: MarfaError.self) {
                try await api.runHousekeeping(path: .init(name: "no-such-job"))
            }
            guard case .notFound("housekeeping_job_not_found", _) = unknown else {
                Issue.record("expected housekeeping_job_not_found, got \(unknown)")
                return
            }
            let member = try test.api(key: try await test.appKey(source: "crm"))
            let refused = try await #require(throws: MarfaError.self) { try await member.listHousekeepingJobs() }
            guard case .forbidden = refused else {
                Issue.record("expected forbidden, got \(refused)")
                return
            }
        }
    }
}
