import Foundation
import Marfa
import MarfaSQLite
import Testing

/// Version 5 of the store keys the queue by position and drops the journal's AUTOINCREMENT: a
/// store of version 4 opens with every queued write and journal entry kept, in order, and both
/// go on numbering where they stopped.
@Suite("Working copy: the store's version 5", .timeLimit(.minutes(2)))
struct StoreVersionFiveTests {
    /// Rebuilds the queue and the journal as version 4 made them, rows kept, and marks the store version 4.
    static let versionFourShape = """
        CREATE TABLE queue_v4(
            id TEXT PRIMARY KEY, position INTEGER NOT NULL UNIQUE, kind TEXT NOT NULL, item_id TEXT, target_id TEXT,
            edge_id TEXT, namespace TEXT, tag TEXT, base_version INTEGER, idempotency_key TEXT NOT NULL,
            depends_on TEXT NOT NULL DEFAULT '[]', follows TEXT, body TEXT NOT NULL DEFAULT '{}', verdict TEXT,
            answer TEXT, refusals INTEGER NOT NULL DEFAULT 0, queued_at REAL NOT NULL, answered_at REAL,
            handed INTEGER NOT NULL DEFAULT 0, blob TEXT);
        INSERT INTO queue_v4 SELECT id, position, kind, item_id, target_id, edge_id, namespace, tag, base_version,
            idempotency_key, depends_on, follows, body, verdict, answer, refusals, queued_at, answered_at, handed, blob
            FROM queue;
        DROP TABLE queue;
        ALTER TABLE queue_v4 RENAME TO queue;
        CREATE INDEX queue_by_item ON queue(item_id, position);
        CREATE INDEX queue_by_edge ON queue(edge_id, position);
        CREATE INDEX queue_by_blob ON queue(blob) WHERE blob IS NOT NULL;
        CREATE TABLE journal_v4(
            position INTEGER PRIMARY KEY AUTOINCREMENT, origin TEXT NOT NULL, detail TEXT, item_id TEXT, edge_id TEXT);
        INSERT INTO journal_v4 SELECT position, origin, detail, item_id, edge_id FROM journal;
        DROP TABLE journal;
        ALTER TABLE journal_v4 RENAME TO journal;
        DELETE FROM schema_version WHERE version >= 5;
        """

    @Test("a store of version 4 opens at version 5, its queue and journal kept in order and numbering on")
    func versionFourStoreOpens() async throws {
        try await CopyTestInstance.with { test in
            let target = try await test.createItem("core.note", properties: #"{"title": "Target"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let made = try #require(
                try await copy.items.create(Draft(type: "core.note", properties: ["title": "One"])).itemId)
            _ = try await copy.edges.create(from: made, to: target, type: "references")
            _ = try await copy.items.create(Draft(type: "core.note", properties: ["title": "Two"]))
            let queued = try await copy.queue.all()
            let journaled = try await copy.changes(since: 0, most: 100)
            await copy.close()

            let pool = try await SQLitePool.open(path: test.store().path)
            _ = try await pool.write { db in try db.execute(Self.versionFourShape) }
            await pool.close()

            let reopened = try await test.open()
            #expect(try await reopened.queue.all() == queued)
            #expect(try await reopened.changes(since: 0, most: 100) == journaled)
            _ = try await reopened.items.create(Draft(type: "core.note", properties: ["title": "Three"]))
            let after = try await reopened.queue.all()
            #expect(after.count == queued.count + 1 && after.dropLast() == queued[...])
            let entries = try await reopened.changes(since: 0, most: 100)
            #expect(entries.count > journaled.count)
            #expect(
                entries.first(where: { $0.position > (journaled.last?.position ?? 0) })?.position
                    == (journaled.last?.position ?? 0) + 1)
            #expect(try await reopened.queue.drain().answered == after.count)
            await reopened.close()
            try Self.expectVersionFive(test.store())
        }
    }

    /// The schema is version 5's: no counter row for the journal, the queue keyed by position, and
    /// the edge lookup served by the partial edge index.
    static func expectVersionFive(_ store: URL) throws {
        let db = try SQLiteConnection(path: store.path, options: .init(readOnly: true))
        defer { db.close() }
        #expect(try db.first("SELECT max(version) FROM schema_version")?[0].integer == 5)
        #expect(try db.first("SELECT count(*) FROM sqlite_sequence WHERE name = 'journal'")?[0].integer == 0)
        let queue = try db.first("SELECT sql FROM sqlite_master WHERE name = 'queue'")?.string("sql") ?? ""
        #expect(queue.contains("position INTEGER PRIMARY KEY"))
        let plan = try db.query(
            "EXPLAIN QUERY PLAN SELECT id FROM queue WHERE edge_id = ? AND verdict IS NULL ORDER BY position DESC LIMIT 1",
            "e"
        ).compactMap { $0.string("detail") }
        #expect(plan.contains { $0.contains("queue_by_edge") }, "\(plan)")
    }
}
