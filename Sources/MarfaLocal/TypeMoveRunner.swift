import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// Runs one type move job in the background: moves the items the starting key reaches in batches
/// (one transaction each, a snapshot per item written by that key), checks for a cancel between
/// batches, then counts what remains and, when nothing does and no setting blocks, rewrites the
/// folders, views and webhooks that name the old type.
struct TypeMoveRunner: Sendable {
    let store: LocalStore
    let jobID: String
    let key: KeyRecord
    let batchSize: Int
    let pause: Duration

    /// Starts the job in a task the store tracks (so `stop()` cancels and awaits it), under the
    /// starting request's context. When the instance is already stopping the job is failed at once.
    func start() async {
        let context = RequestContext(requestID: RequestContext.current.requestID, key: key)
        let started = store.background.run {
            await RequestContext.$current.withValue(context) { await run() }
        }
        if !started { await fail(reason: "interrupted", "The instance stopped before the move began.") }
    }

    func run() async {
        defer { store.typeMoveChanges.wake(jobID) }
        do {
            while true {
                if Task.isCancelled {
                    // The instance is stopping: the job ends as failed ('interrupted'), resumable by a new move.
                    await fail(reason: "interrupted", "The instance stopped during the move; start it again.")
                    return
                }
                let outcome = try await store.write { db -> Bool? in
                    guard let job = try TypeMoveRecord.find(id: jobID, in: db), job.isRunning else { return nil }
                    if job.cancelRequested { return nil }
                    return try moveBatch(job, in: db) > 0
                }
                store.events.wake()
                guard outcome == true else { break }
                if pause > .zero { await pauseUnlessCanceled() } else { await Task.yield() }
            }
            try await store.write { db in try finish(in: db) }
        } catch {
            await fail(error)
        }
    }

    /// Waits `pause` on the instance's clock, or until a cancel is asked for or the task is canceled.
    private func pauseUnlessCanceled() async {
        let jobID = jobID
        _ = await store.typeMoveChanges.wait(for: jobID, atMost: pause, on: store.clock) {
            (try? await store.read { try TypeMoveRecord.find(id: jobID, in: $0)?.cancelRequested }) ?? true
        }
    }

    /// Moves up to `batchSize` items; answers how many moved.
    private func moveBatch(_ job: TypeMoveRecord, in db: SQLiteConnection) throws -> Int {
        let (condition, values) = MoveReach(key: key).condition
        let rows = try db.query(
            "SELECT * FROM items WHERE type = ? AND \(condition) ORDER BY seq LIMIT \(batchSize)",
            values: [job.from] + values + [])
        let writer = key.writer
        let now = store.clock.now
        if !rows.isEmpty { try ReadViews.change("type.move", at: now, in: db) }
        for row in rows {
            var item = try ItemRecord(row: row)
            try item.snapshot(by: writer, at: now, in: db)
            item.type = job.to
            for (name, value) in job.properties {
                if value == .null { item.properties[name] = nil } else { item.properties[name] = value }
            }
            item.version += 1
            item.updatedAt = now
            try item.update(in: db)
            try EventLog.appendItem("item.updated", item, at: now, in: db)
        }
        let remaining = try db.first("SELECT count(*) AS n FROM items WHERE type = ?", job.from)?.int64("n") ?? 0
        try db.run(
            "UPDATE type_moves SET moved = moved + ?, remaining = ? WHERE id = ?", Int64(rows.count), remaining, job.id)
        return rows.count
    }

    /// Ends the job: `canceled` when asked, else `completed`, with the counts and the settings.
    private func finish(in db: SQLiteConnection) throws {
        guard let job = try TypeMoveRecord.find(id: jobID, in: db), job.isRunning else { return }
        let now = store.clock.now
        let (remaining, hidden) = try MoveReach(key: key).count(job.from, in: db)
        let all = try db.first("SELECT count(*) AS n FROM items WHERE type = ?", job.from)?.int64("n") ?? 0
        var rewritten = false
        if !job.cancelRequested, all == 0 {
            let blocked = try TypeReferences.settings(naming: job.from, in: db).filter { !$0.rewritable }
            if blocked.isEmpty {
                try TypeReferences.rewrite(from: job.from, to: job.to, at: now, in: db)
                rewritten = true
            }
        }
        try db.run(
            """
            UPDATE type_moves SET status = ?, remaining = ?, remaining_hidden = ?, settings_rewritten = ?, finished_at = ?
            WHERE id = ?
            """, job.cancelRequested ? "canceled" : "completed", all, hidden || (all > remaining), rewritten,
            now.stored,
            job.id)
        try AuditLog.record(
            "type.move", resourceType: "type", resourceID: job.from,
            details: [
                "job": .string(job.id), "to": .string(job.to), "moved": .int(job.moved), "remaining": .int(all),
                "canceled": .bool(job.cancelRequested),
            ], at: now, in: db)
    }

    /// Records that the job failed, when the store still takes writes.
    private func fail(_ error: any Error) async {
        await fail(reason: "internal_error", "The move stopped: \(error)")
    }

    /// Records that the job failed with `reason` (the stored error's code), when the store still takes writes.
    private func fail(reason: String, _ message: String) async {
        let body = Components.Schemas.ErrorBody(code: reason, message: message)
        let now = store.clock.now
        _ = try? await store.write { db in
            try db.run(
                "UPDATE type_moves SET status = 'failed', error = ?, finished_at = ? WHERE id = ? AND status = 'running'",
                try StoredJSON.encode(body), now.stored, jobID)
        }
    }
}
