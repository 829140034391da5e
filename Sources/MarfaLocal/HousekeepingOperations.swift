import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// The instance's periodic jobs, run on demand against the store. Each reads its retention from
/// the instance settings (`0` turns the job off) and reports what it removed. Needs an instance
/// admin key (the operator's).
///
/// - `trash-purge`: items in the bin longer than `trash_retention_days` (60), purged as
///   `DELETE /items/{id}/purge` does (edges, extensions, snapshots, and the events);
/// - `audit-cleanup`: audit entries older than `audit_retention_days` (90);
/// - `event-log-cleanup`: event log entries older than `event_log_retention_hours` (168), never the
///   newest, so the head survives; a follower whose cursor falls before them gets `catchup_too_old`;
/// - `idempotency-cleanup`: remembered answers to `Idempotency-Key` writes older than 24 hours.
extension LocalAPI {
    /// A job's name and how often the instance would run it.
    struct HousekeepingJobKind: Sendable {
        let name: String
        let interval: Duration
    }

    static let housekeepingJobs: [HousekeepingJobKind] = [
        .init(name: "trash-purge", interval: .seconds(3600)),
        .init(name: "audit-cleanup", interval: .seconds(86_400)),
        .init(name: "event-log-cleanup", interval: .seconds(3600)),
        .init(name: "idempotency-cleanup", interval: .seconds(3600)),
    ]

    func requireOperator() throws -> KeyRecord {
        let key = try RequestContext.current.requireKey()
        guard key.isAdmin else {
            throw LocalError.forbidden("Housekeeping needs the operator's key (an instance admin).")
        }
        return key
    }

    func listHousekeepingJobs(
        _ input: Operations.ListHousekeepingJobs.Input
    ) async throws -> Operations.ListHousekeepingJobs.Output {
        _ = try requireOperator()
        let jobs = try await read { db in
            try Self.housekeepingJobs.map { kind -> Components.Schemas.HousekeepingJob in
                let row = try db.first("SELECT * FROM housekeeping_runs WHERE name = ?", kind.name)
                let date: (String) -> Date? = { column in row?.double(column).map { Date(stored: $0) } }
                let seconds = Double(kind.interval.components.seconds)
                return .init(
                    name: kind.name, intervalMs: kind.interval.components.seconds * 1000,
                    nextRunAt: date("last_finished_at").map { $0.addingTimeInterval(seconds) },
                    runningSince: date("running_since"), lastStartedAt: date("last_started_at"),
                    lastFinishedAt: date("last_finished_at"), lastOutcome: row?.string("last_outcome"),
                    lastError: row?.string("last_error"),
                    lastResult: try row?.string("last_result").map { try StoredJSON.decode(OpenAPIValue.self, $0) }
                        ?? .null)
            }
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(jobs: jobs))))
    }

    func runHousekeeping(_ input: Operations.RunHousekeeping.Input) async throws -> Operations.RunHousekeeping.Output {
        _ = try requireOperator()
        let name = input.path.name
        guard Self.housekeepingJobs.contains(where: { $0.name == name }) else {
            throw LocalError.notFound("housekeeping_job_not_found", "No housekeeping job \(name).")
        }
        let started = clock.now
        try await write { db in
            if try db.first("SELECT 1 FROM housekeeping_runs WHERE name = ? AND running_since IS NOT NULL", name) != nil
            {
                throw LocalError.conflict("housekeeping_job_running", "The job \(name) is already running.")
            }
            try db.run(
                """
                INSERT INTO housekeeping_runs (name, running_since, last_started_at) VALUES (?, ?, ?)
                ON CONFLICT (name) DO UPDATE SET running_since = excluded.running_since, last_started_at = excluded.last_started_at
                """, name, started.stored, started.stored)
        }
        var result: OpenAPIValue = .null
        var failure: String?
        do {
            result = try await write { db in try runJob(name, now: started, in: db) }
        } catch {
            failure = "\(error)"
        }
        let finished = clock.now
        let (outcome, error) = (result, failure)
        try await write { db in
            try db.run(
                """
                UPDATE housekeeping_runs SET running_since = NULL, last_finished_at = ?, last_outcome = ?, last_error = ?,
                    last_result = ? WHERE name = ?
                """, finished.stored, error == nil ? "ok" : "error", error, try StoredJSON.encode(outcome), name)
            try AuditLog.record(
                "housekeeping.run", resourceType: "housekeeping", resourceID: name, details: ["result": outcome],
                at: finished,
                in: db)
        }
        return .ok(
            .init(
                headers: .init(xMarfaContract: Self.contract),
                body: .json(
                    .init(
                        name: name, startedAt: started, finishedAt: finished, outcome: failure == nil ? .ok : .error,
                        result: result,
                        error: failure))))
    }

    /// Runs job `name` in one transaction; answers what it reports.
    func runJob(_ name: String, now: Date, in db: SQLiteConnection) throws -> OpenAPIValue {
        let config = try storedConfig(db)
        func removing(
            _ setting: String, _ retention: Int, unit: Double, _ body: (Double) throws -> Int
        ) throws -> OpenAPIValue {
            guard retention > 0 else { return ["removed": 0, "turned_off": true, "setting": .string(setting)] }
            let removed = try body(now.stored - Double(retention) * unit)
            return ["removed": .int(Int64(removed)), setting: .int(Int64(retention))]
        }
        switch name {
        case "trash-purge":
            return try removing("trash_retention_days", config.trashRetentionDays ?? 60, unit: 86_400) { cutoff in
                // Items a cascade took come after the item whose delete took them, which purges them.
                let rows = try db.query(
                    "SELECT * FROM items WHERE state = 'trashed' AND updated_at < ? ORDER BY trashed_with IS NOT NULL, seq",
                    cutoff)
                if !rows.isEmpty { try ReadViews.change("trash.purge", at: now, in: db) }
                for row in rows {
                    let item = try ItemRecord(row: row)
                    guard try ItemRecord.find(id: item.id, in: db) != nil else { continue }
                    try Cascades.purge(item, at: now, in: db)
                }
                return rows.count
            }
        case "audit-cleanup":
            return try removing("audit_retention_days", config.auditRetentionDays ?? 90, unit: 86_400) { cutoff in
                try db.run("DELETE FROM audit_log WHERE timestamp < ?", cutoff)
            }
        case "event-log-cleanup":
            return try removing("event_log_retention_hours", config.eventLogRetentionHours ?? 168, unit: 3600) {
                cutoff in
                try EventLog.retire(before: cutoff, in: db)
            }
        case "idempotency-cleanup":
            let removed = try db.run("DELETE FROM idempotency_records WHERE created_at < ?", now.stored - 86_400)
            return ["removed": .int(Int64(removed))]
        default:
            throw LocalError.notFound("housekeeping_job_not_found", "No housekeeping job \(name).")
        }
    }
}
