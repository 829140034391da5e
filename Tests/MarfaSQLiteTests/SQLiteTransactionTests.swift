import Foundation
import MarfaSQLite
import Testing

@Suite struct SQLiteTransactionTests {
    struct Stop: Error {}

    @Test func commitsWhenTheBodyReturns() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute("CREATE TABLE t (v INTEGER)")
        let count = try db.transaction { db in
            try db.run("INSERT INTO t VALUES (1)")
            try db.run("INSERT INTO t VALUES (2)")
            return try db.first("SELECT count(*) FROM t")?[0].integer
        }
        #expect(count == 2)
        #expect(!db.isInTransaction)
    }

    @Test func rollsBackEverythingWhenTheBodyThrowsHalfWay() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let db = try SQLiteConnection(path: folder.path("a.sqlite"))
        try db.execute("CREATE TABLE accounts (name TEXT PRIMARY KEY, balance INTEGER)")
        try db.run("INSERT INTO accounts VALUES ('a', 100), ('b', 0)")
        #expect(throws: Stop.self) {
            try db.transaction { db in
                try db.run("UPDATE accounts SET balance = balance - 40 WHERE name = 'a'")
                throw Stop()
            }
        }
        #expect(!db.isInTransaction)
        let balances = try db.query("SELECT balance FROM accounts ORDER BY name").compactMap { $0.int("balance") }
        #expect(balances == [100, 0])
    }

    @Test func aFailingStatementRollsBackTheWholeTransaction() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute("CREATE TABLE t (k TEXT PRIMARY KEY)")
        #expect(throws: SQLiteError.self) {
            try db.transaction { db in
                try db.run("INSERT INTO t VALUES ('a')")
                try db.run("INSERT INTO t VALUES ('a')")
            }
        }
        #expect(try db.first("SELECT count(*) FROM t")?[0].integer == 0)
    }

    @Test func nestedTransactionRollsBackAlone() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute("CREATE TABLE t (v INTEGER)")
        try db.transaction { db in
            try db.run("INSERT INTO t VALUES (1)")
            try? db.transaction { db in
                try db.run("INSERT INTO t VALUES (2)")
                throw Stop()
            }
            try db.run("INSERT INTO t VALUES (3)")
        }
        let values = try db.query("SELECT v FROM t ORDER BY v").compactMap { $0.int("v") }
        #expect(values == [1, 3])
    }

    /// What a crash leaves on disk: the database and its write-ahead log as they are in the middle
    /// of a transaction. Opened again, the store is as it was before that transaction.
    @Test func filesCopiedMidTransactionOpenAsBefore() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let db = try SQLiteConnection(path: folder.path("live.sqlite"))
        try db.execute("PRAGMA cache_size = 1")  // let uncommitted pages spill into the log
        try db.execute("CREATE TABLE t (v INTEGER, filler TEXT)")
        try db.run("INSERT INTO t VALUES (1, 'committed')")
        try db.execute("BEGIN IMMEDIATE")
        for index in 0..<2000 {
            try db.run("INSERT INTO t VALUES (?, ?)", index + 2, String(repeating: "x", count: 500))
        }
        try db.run("DELETE FROM t WHERE v = 1")
        // The crash: copy the files as they are now, while the transaction is open.
        let crashed = try TemporaryDirectory()
        defer { crashed.remove() }
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: folder.path("live.sqlite" + suffix)) {
            try FileManager.default.copyItem(
                atPath: folder.path("live.sqlite" + suffix), toPath: crashed.path("live.sqlite" + suffix))
        }
        try db.execute("ROLLBACK")
        let reopened = try SQLiteConnection(path: crashed.path("live.sqlite"))
        let rows = try reopened.query("SELECT v, filler FROM t")
        #expect(rows.count == 1)
        #expect(rows.first?.int("v") == 1)
        #expect(try reopened.first("PRAGMA integrity_check")?[0].text == "ok")
    }

    @Test func closingWithATransactionOpenDiscardsIt() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        do {
            let db = try SQLiteConnection(path: folder.path("a.sqlite"))
            try db.execute("CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1)")
            try db.execute("BEGIN; INSERT INTO t VALUES (2)")
            db.close()
        }
        let db = try SQLiteConnection(path: folder.path("a.sqlite"))
        #expect(try db.first("SELECT count(*) FROM t")?[0].integer == 1)
    }

    @Test func aPoolSerializesWritersFromManyTasks() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await SQLitePool.open(path: folder.path("a.sqlite"))
        try await pool.write { try $0.execute("CREATE TABLE counter (n INTEGER); INSERT INTO counter VALUES (0)") }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<50 {
                        try? await pool.write { db in
                            let n = try db.first("SELECT n FROM counter")?.int("n") ?? 0
                            try db.run("UPDATE counter SET n = ?", n + 1)
                        }
                    }
                }
            }
        }
        #expect(try await pool.read { try $0.first("SELECT n FROM counter")?.int("n") } == 400)
        await pool.close()
    }
}
