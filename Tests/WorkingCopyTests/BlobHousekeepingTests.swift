import Foundation
import Marfa
import MarfaClock
import MarfaLocal
import MarfaSQLite
import Synchronization
import Testing

@Suite("Working copy: blob housekeeping, bad input and the store's version", .timeLimit(.minutes(2)))
struct BlobHousekeepingTests {
    @Test("removeUnnamed takes the bytes no row or queued write names, never an unsent upload's or an attached file's")
    func removeUnnamed() async throws {
        try await CopyTestInstance.with { test in
            let noteID = try await test.createItem("core.note", properties: #"{"title": "Host"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: AttachTests.fileTypes, tier: .library)
            let (loose, looseHash) = try FileFixtures.write(
                FileFixtures.bytes(4000, seed: 20), named: "loose.bin", in: test.folder)
            let (kept, keptHash) = try FileFixtures.write(
                FileFixtures.bytes(4000, seed: 21), named: "kept.png", in: test.folder)
            let (waiting, waitingHash) = try FileFixtures.write(
                FileFixtures.bytes(4000, seed: 22), named: "waiting.bin", in: test.folder)
            _ = try await copy.blobs.put(file: loose)
            _ = try await copy.items.attach(to: noteID, file: kept)
            #expect(try await copy.queue.drain().answered == 4)
            _ = try await copy.blobs.put(file: waiting)
            // The unsent upload and every queued write name their bytes: nothing goes yet.
            #expect(try await copy.blobs.removeUnnamed() == 0)
            #expect(try await copy.queue.forgetAnswered() == 4)
            // The loose upload is forgotten and nothing names its bytes; the attached file's
            // item names its own, and the waiting upload still needs its.
            #expect(try await copy.blobs.removeUnnamed() == 1)
            #expect(try await copy.blobs.isHeld(looseHash) == false)
            #expect(try await copy.blobs.isHeld(keptHash))
            #expect(try await copy.blobs.isHeld(waitingHash))
            // A copy-in left half made by a process that ended goes; a fetch's kept part stays.
            let folder = test.store().path + ".blobs/"
            _ = FileManager.default.createFile(atPath: folder + ".incoming-left-by-a-crash", contents: Data([1]))
            _ = FileManager.default.createFile(
                atPath: folder + ".incoming-\(String(repeating: "f", count: 64)).part", contents: Data([2]))
            #expect(try await copy.blobs.removeUnnamed() == 0)
            #expect(!FileManager.default.fileExists(atPath: folder + ".incoming-left-by-a-crash"))
            #expect(
                FileManager.default.fileExists(atPath: folder + ".incoming-\(String(repeating: "f", count: 64)).part"))
            // Removed bytes are fetched again when asked for.
            #expect(try Data(contentsOf: try await copy.blobs.get(looseHash)).count == 4000)
            await copy.close()
        }
    }

    @Test("a full disk while a file is copied in throws storageFull, leaves nothing behind and queues nothing")
    func fullDiskOnPut() async throws {
        try await CopyTestInstance.with { test in
            let files = ScriptedFiles(writable: 300_000)
            let copy = try await WorkingCopy.open(
                store: test.store(), server: try test.server(), expectingUnsent: nil, clock: SystemClock(), files: files
            )
            let (file, _) = try FileFixtures.write(
                FileFixtures.bytes(1 << 20, seed: 23), named: "big.bin", in: test.folder)
            await #expect { _ = try await copy.blobs.put(file: file) } throws: { error in
                guard case .storageFull = error as? MarfaError else { return false }
                return true
            }
            #expect(FileFixtures.blobFolder(of: test.store()).isEmpty)
            #expect(try await copy.queue.all().isEmpty)
            await copy.close()
        }
    }

    @Test("a file that changes while it is copied in is refused invalid, and nothing is kept")
    func changedWhileCopied() async throws {
        try await CopyTestInstance.with { test in
            let (file, _) = try FileFixtures.write(
                FileFixtures.bytes(1 << 20, seed: 24), named: "growing.log", in: test.folder)
            // The first write of the copy appends to the source, once.
            let changed = Mutex(false)
            let files = ScriptedFiles(onWrite: {
                guard
                    !changed.withLock({ done in
                        defer { done = true }
                        return done
                    })
                else { return }
                guard let handle = try? FileHandle(forWritingTo: file) else { return }
                _ = try? handle.seekToEnd()
                try? handle.write(contentsOf: Data([1, 2, 3]))
                try? handle.close()
            })
            let copy = try await WorkingCopy.open(
                store: test.store(), server: try test.server(), expectingUnsent: nil, clock: SystemClock(), files: files
            )
            await #expect { _ = try await copy.blobs.put(file: file) } throws: { error in
                guard case .invalid(let message) = error as? MarfaError else { return false }
                return message.contains("changed while it was copied")
            }
            #expect(FileFixtures.blobFolder(of: test.store()).isEmpty)
            #expect(try await copy.queue.all().isEmpty)
            await copy.close()
        }
    }

    @Test("a store of version 1 opens and gains the queue's blob column, its writes kept")
    func olderStoreOpens() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await WorkingCopy.open(store: test.store())
            _ = try await copy.declaredTypes()
            await copy.close()
            let pool = try await SQLitePool.open(path: test.store().path)
            _ = try await pool.write { db in
                try db.execute(
                    "DROP INDEX queue_by_blob; ALTER TABLE queue DROP COLUMN blob; DROP TABLE folders; DELETE FROM schema_version WHERE version >= 2"
                )
                try db.run(
                    "INSERT INTO queue(id, position, kind, item_id, idempotency_key, queued_at) VALUES ('w1', 1, 'restoreItem', 'i1', 'k1', 0)"
                )
            }
            await pool.close()
            let reopened = try await WorkingCopy.open(store: test.store())
            let writes = try await reopened.queue.all()
            #expect(writes.map(\.id) == ["w1"] && writes.first?.blob == nil)
            let (file, hash) = try FileFixtures.write([9, 9, 9], named: "n.txt", in: test.folder)
            #expect(try await reopened.blobs.put(file: file).blob == hash)
            await reopened.close()
        }
    }
}
