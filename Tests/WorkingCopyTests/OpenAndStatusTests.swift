import Foundation
import Marfa
import MarfaSQLite
import Testing

@Suite("Working copy: open, status, close")
struct OpenAndStatusTests {
    @Test("a new store starts never hydrated, bound to the server's origin, and its writer is the first opener")
    func newStore() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            let status = try await copy.status()
            #expect(copy.handle == .writer)
            #expect(status.hydration == .never)
            #expect(status.serverOrigin == Server.origin(of: test.instance.url))
            #expect(status.eventCursor == nil && status.items == 0 && status.unsent == 0)
            let second = try await test.open()
            #expect(second.handle == .reader)
            await #expect(
                throws: MarfaError.readingHandle(message: "Another copy writes this store, so this one only reads it.")
            ) {
                _ = try await second.hydrate(types: ["core.note"], tier: .library)
            }
            await second.close()
            await copy.close()
            let reopened = try await test.open()
            #expect(reopened.handle == .writer)
            await reopened.close()
        }
    }

    @Test("close ends the streams, and every later call throws closed; a second close returns")
    func closeThenCall() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            let changes = copy.changes()
            await copy.close()
            var iterator = changes.makeAsyncIterator()
            #expect(await iterator.next() == nil)
            await #expect(throws: MarfaError.closed) { _ = try await copy.status() }
            await #expect(throws: MarfaError.closed) { _ = try await copy.items.list() }
            await copy.close()
            #expect(copy.handle == .writer)
        }
    }

    @Test("another address throws wrongServer naming both origins; the store is left bound to the first")
    func wrongServer() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            await copy.close()
            let elsewhere = try Server(url: URL(string: "http://127.0.0.1:9/")!, key: test.ownerKey)
            do {
                _ = try await WorkingCopy.open(store: test.store(), server: elsewhere)
                Issue.record("a store bound to another origin opened")
            } catch let error as MarfaError {
                guard case .wrongServer(let expected, let got, _) = error else { throw error }
                #expect(expected == Server.origin(of: test.instance.url))
                #expect(got == "http://127.0.0.1:9")
            }
            let again = try await test.open()
            #expect(try await again.status().serverOrigin == Server.origin(of: test.instance.url))
            await again.close()
        }
    }

    @Test("without a server, the calls that need one throw noServer and reads still answer")
    func noServer() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await WorkingCopy.open(store: test.store())
            await #expect(throws: MarfaError.self) { _ = try await copy.catchUp() }
            do {
                _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            } catch let error as MarfaError {
                #expect(error.code() == "no_server")
            }
            #expect(try await copy.items.list().isEmpty)
            var updates = copy.updates().makeAsyncIterator()
            #expect(await updates.next() == .local)
            await copy.close()
        }
    }

    @Test("a store another build made throws wrongSchema naming the path and its unsent writes")
    func newerStore() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await WorkingCopy.open(store: test.store())
            await copy.close()
            let pool = try await SQLitePool.open(path: test.store().path)
            _ = try await pool.write { db in
                _ = try db.run(
                    "INSERT INTO queue(id, position, kind, idempotency_key, queued_at) VALUES ('w1', 1, 'createItem', 'k1', 0)"
                )
                _ = try db.run("INSERT INTO schema_version(version) VALUES (99)")
            }
            await pool.close()
            do {
                _ = try await WorkingCopy.open(store: test.store())
                Issue.record("a newer store opened")
            } catch let error as MarfaError {
                guard case .wrongSchema(let path, let reason, let unsent, let message) = error else { throw error }
                #expect(path == test.store().path && reason == "newer_build" && unsent == 1)
                #expect(message.contains("1 unsent write"))
            }
        }
    }

    @Test("a file that isn't a store throws wrongSchema; a reader of a missing path throws store")
    func notAStore() async throws {
        try await CopyTestInstance.with { test in
            let path = test.store("other.sqlite")
            try Data("not a database at all, just some text that is long enough".utf8).write(to: path)
            await #expect(throws: MarfaError.self) { _ = try await WorkingCopy.open(store: path) }
            do {
                _ = try await WorkingCopy.open(store: path)
            } catch let error as MarfaError {
                #expect(error.code() == "wrong_schema")
            }
            do {
                _ = try await WorkingCopy.openReader(store: test.store("missing.sqlite"))
                Issue.record("a reader opened a missing store")
            } catch let error as MarfaError {
                #expect(error.code() == "store")
            }
        }
    }

    @Test("expectingUnsent that differs from the store's count throws unsentDiffers")
    func unsentDiffers() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await WorkingCopy.open(store: test.store(), expectingUnsent: 0)
            await copy.close()
            do {
                _ = try await WorkingCopy.open(store: test.store(), expectingUnsent: 3)
                Issue.record("a store with 0 unsent writes opened when 3 were expected")
            } catch let error as MarfaError {
                guard case .unsentDiffers(let expected, let found, _) = error else { throw error }
                #expect(expected == 3 && found == 0)
            }
        }
    }
}
