import Foundation
import MarfaClock
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// Type moves: a preview that writes nothing, a job started in the background, read and canceled.
/// Needs `schema.write` and write on both types.
extension LocalAPI {
    typealias TypeMoveJobResponse = Components.Responses.TypeMoveJob

    func jobResponse(_ job: TypeMoveRecord) -> TypeMoveJobResponse {
        .init(headers: .init(xMarfaContract: Self.contract), body: .json(job.wire))
    }

    /// The key and the checked input of a preview or start.
    func checkMove(
        _ input: Components.Schemas.TypeMoveInput, in db: SQLiteConnection, key: KeyRecord
    ) throws -> Components.Schemas.ItemType {
        guard input.from != input.to else { throw LocalError.validation("A move needs two different types.") }
        let registry = try TypeRegistry.load(db)
        for id in [input.from, input.to] {
            try TypeValidation.checkGrammar(id)
            guard registry.contains(id) else { throw LocalError.notFound("type_not_found", "No type \(id).") }
            try requireWrite(id, by: key)
        }
        return try registry.resolved(input.to)
    }

    func moveInput(_ body: Operations.PreviewTypeMove.Input.Body) throws -> Components.Schemas.TypeMoveInput {
        guard case .json(let input) = body else { throw LocalError.validation("A JSON body is required.") }
        return input
    }

    func previewTypeMove(_ input: Operations.PreviewTypeMove.Input) async throws -> Operations.PreviewTypeMove.Output {
        let key = try requireSchemaWrite()
        let move = try moveInput(input.body)
        let preview = try await read { db -> Components.Schemas.TypeMovePreview in
            _ = try checkMove(move, in: db, key: key)
            let (visible, hidden) = try MoveReach(key: key).count(move.from, in: db)
            return .init(
                from: move.from, to: move.to, items: visible, itemsHidden: hidden,
                settings: try TypeReferences.settings(naming: move.from, in: db))
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(preview)))
    }

    func startTypeMove(_ input: Operations.StartTypeMove.Input) async throws -> Operations.StartTypeMove.Output {
        let key = try requireSchemaWrite()
        guard case .json(let move) = input.body else { throw LocalError.validation("A JSON body is required.") }
        let job = try await write { db -> TypeMoveRecord in
            let destination = try checkMove(move, in: db, key: key)
            let blocked = try TypeReferences.settings(naming: move.from, in: db).filter { !$0.rewritable }
            if !blocked.isEmpty {
                throw LocalError.conflict(
                    "type_move_blocked",
                    "The move of \(move.from) is blocked by settings it cannot rewrite: "
                        + blocked.map(TypeReferences.describe).joined(separator: ", "),
                    details: ["settings": TypeReferences.details(blocked)])
            }
            if try db.first("SELECT 1 FROM type_moves WHERE from_type = ? AND status = 'running'", move.from) != nil {
                throw LocalError.conflict("conflict", "A move of \(move.from) is already running.")
            }
            let properties = move.properties ?? [:]
            let strict = try isStrict(destination.id, in: db)
            let (condition, values) = MoveReach(key: key).condition
            for row in try db.query(
                "SELECT properties FROM items WHERE type = ? AND \(condition)", values: [move.from] + values)
            {
                var merged = try StoredJSON.decode(OpenAPIObject.self, row.string("properties"))
                for (name, value) in properties { merged[name] = value == .null ? nil : value }
                try ItemValidation.check(merged, against: destination, strict: strict)
            }
            let now = clock.now
            let id = Identifiers.uuidV7(at: now)
            let remaining = try db.first("SELECT count(*) AS n FROM items WHERE type = ?", move.from)?.int64("n") ?? 0
            try db.run(
                """
                INSERT INTO type_moves (id, from_type, to_type, properties, key_id, status, remaining, created_at)
                VALUES (?, ?, ?, ?, ?, 'running', ?, ?)
                """, id, move.from, move.to, try StoredJSON.encode(properties), key.id, remaining, now.stored)
            guard let job = try TypeMoveRecord.find(id: id, in: db) else { throw LocalError.internal() }
            return job
        }
        await TypeMoveRunner(store: store, jobID: job.id, key: key, batchSize: typeMoveBatchSize, pause: typeMovePause)
            .start()
        return .accepted(jobResponse(job))
    }

    /// The job `id`: `404 not_found` when missing or started by another key (an admin sees every job).
    func moveJob(_ id: String, key: KeyRecord, in db: SQLiteConnection) throws -> TypeMoveRecord {
        guard let job = try TypeMoveRecord.find(id: id, in: db), key.isAdmin || job.keyID == key.id else {
            throw LocalError.notFound("not_found", "No type move job \(id).")
        }
        return job
    }

    func getTypeMove(_ input: Operations.GetTypeMove.Input) async throws -> Operations.GetTypeMove.Output {
        let key = try requireSchemaWrite()
        return .ok(jobResponse(try await read { try moveJob(input.path.id, key: key, in: $0) }))
    }

    /// Asks the job to stop, then waits (a few seconds of real time at most) for it to end between
    /// batches; the job's pause between batches ends at once.
    func cancelTypeMove(_ input: Operations.CancelTypeMove.Input) async throws -> Operations.CancelTypeMove.Output {
        let key = try requireSchemaWrite()
        var job = try await write { db -> TypeMoveRecord in
            let job = try moveJob(input.path.id, key: key, in: db)
            if job.isRunning { try db.run("UPDATE type_moves SET cancel_requested = 1 WHERE id = ?", job.id) }
            return job
        }
        guard job.isRunning else { return .ok(jobResponse(job)) }
        store.typeMoveChanges.wake(job.id)
        _ = try await store.typeMoveChanges.wait(for: job.id, atMost: .seconds(5), on: SystemClock()) {
            job = try await read { try moveJob(input.path.id, key: key, in: $0) }
            return !job.isRunning
        }
        return .ok(jobResponse(job))
    }
}
