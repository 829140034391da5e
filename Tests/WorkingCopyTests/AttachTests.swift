import Foundation
import Marfa
import MarfaLocal
import MarfaSQLite
import Testing

@Suite("Working copy: files attached and embedded, thumbnails", .timeLimit(.minutes(2)))
struct AttachTests {
    static let fileTypes = ["core.note", "core.file", "core.file.image", "core.file.audio", "core.file.video"]

    @Test(
        "attach queues the upload, the file item and the attached-to edge, each waiting on the one before; a drain lands all three"
    )
    func attachOfflineThenDrain() async throws {
        try await CopyTestInstance.with { test in
            let noteID = try await test.createItem("core.note", properties: #"{"title": "Receipts", "body": "March"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: Self.fileTypes, tier: .library)
            let bytes = FileFixtures.bytes(200_000, seed: 10)
            let (file, hash) = try FileFixtures.write(bytes, named: "photo.png", in: test.folder)
            let attached = try await copy.items.attach(to: noteID, file: file)
            #expect(attached.embed == "![[photo.png]]")
            #expect(
                [attached.upload.kind, attached.item.kind, attached.edge.kind] == [
                    .uploadBlob, .createItem, .createEdge,
                ])
            #expect(attached.item.dependsOn == [attached.upload.id])
            #expect(attached.edge.dependsOn.contains(attached.item.id))
            let fileID = try #require(attached.item.itemId)
            let held = try #require(try await copy.items.get(fileID))
            #expect(held.type == "core.file.image" && held.title == "photo.png")
            #expect(held.properties["blob_ref"]?.string == hash && held.properties["mime_type"]?.string == "image/png")
            #expect(try await copy.edges.to(noteID).contains { $0.sourceId == fileID && $0.edgeType == "attached-to" })
            // The same name again on the same item: numbered.
            let second = try await copy.items.attach(to: noteID, file: file, Attachment(type: "core.file"))
            #expect(second.embed == "![[photo 2.png]]" && second.upload.id == attached.upload.id)
            let report = try await copy.queue.drain()
            #expect(report.answered == 5 && report.verdicts.allSatisfy { $0.verdict?.isSuccess == true })
            let server = try await test.send(.get, "/items/\(fileID)")
            #expect(server.body["item"]?["properties"]?["blob_ref"]?.string == hash)
            let edges = try await test.send(.get, "/items/\(fileID)/edges?edge_type=attached-to")
            #expect(edges.body["data"]?.array?.compactMap { $0["target_id"]?.string } == [noteID])
            #expect(try await FileFixtures.serverBytes(hash, test: test).bytes == bytes)
            // A second copy hydrates the file item and fetches its bytes by the name it carries.
            let other = try await test.open(test.store("other.sqlite"))
            _ = try await other.hydrate(types: Self.fileTypes, tier: .library)
            let named = try #require(try await other.items.get(fileID)?.properties["blob_ref"]?.string)
            #expect(try Data(contentsOf: try await other.blobs.get(named)) == Data(bytes))
            #expect(try await other.items.embedText(of: fileID, in: noteID) == "![[photo.png]]")
            await other.close()
            await copy.close()
        }
    }

    @Test("an upload refused (past the blob cap) refuses the file item and its edge unsent, and rolls them back")
    func refusedUploadRefusesTheRest() async throws {
        try await CopyTestInstance.with(maxBlobBytes: 1 << 20) { test in
            let noteID = try await test.createItem("core.note", properties: #"{"title": "Host"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: Self.fileTypes, tier: .library)
            // Past the instance's blob limit (1 MiB here): 413 blob_too_large.
            let (file, _) = try FileFixtures.write(
                FileFixtures.bytes((1 << 20) + 1, seed: 11), named: "a.txt", in: test.folder)
            let attached = try await copy.items.attach(to: noteID, file: file)
            let report = try await copy.queue.drain()
            let verdicts = Dictionary(uniqueKeysWithValues: report.verdicts.map { ($0.id, $0.verdict) })
            guard case .refused? = verdicts[attached.upload.id] ?? nil else {
                Issue.record(
                    "the upload without blob rights was answered \(String(describing: verdicts[attached.upload.id]))")
                return
            }
            #expect(report.unsent == 2)
            #expect(try await copy.items.get(attached.item.itemId ?? "") == nil)
            #expect(try await copy.edges.to(noteID).isEmpty)
            await copy.close()
        }
    }

    @Test("attach queues its three writes in one transaction: the store refusing the second queues none of them")
    func attachIsOneTransaction() async throws {
        try await CopyTestInstance.with { test in
            let noteID = try await test.createItem("core.note", properties: #"{"title": "Host"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: Self.fileTypes, tier: .library)
            let (file, _) = try FileFixtures.write(
                FileFixtures.bytes(10_000, seed: 12), named: "a.bin", in: test.folder)
            // A fault in the store itself: SQLite refuses the file item's insert, after the upload's.
            try await Self.refuseInserts(of: "createItem", in: test.store())
            await #expect(throws: MarfaError.self) { _ = try await copy.items.attach(to: noteID, file: file) }
            #expect(try await copy.queue.all().isEmpty)
            #expect(try await copy.edges.to(noteID).isEmpty)
            try await Self.refuseInserts(of: nil, in: test.store())
            let attached = try await copy.items.attach(to: noteID, file: file)
            #expect(try await copy.queue.all().map(\.id) == [attached.upload.id, attached.item.id, attached.edge.id])
            await copy.close()
        }
    }

    /// Makes the store refuse every queue insert of `kind` (a trigger), or no longer (nil).
    private static func refuseInserts(of kind: String?, in store: URL) async throws {
        let pool = try await SQLitePool.open(path: store.path)
        try await pool.write { db in
            try db.execute("DROP TRIGGER IF EXISTS refuse_insert")
            guard let kind else { return }
            try db.execute(
                """
                CREATE TRIGGER refuse_insert BEFORE INSERT ON queue WHEN NEW.kind = '\(kind)'
                BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
                """)
        }
        await pool.close()
    }

    @Test("embed appends ![[title]] after a blank line on the version held, and the body edit queues no second edge")
    func embed() async throws {
        try await CopyTestInstance.with { test in
            let noteID = try await test.createItem("core.note", properties: #"{"title": "Trip", "body": "Day one"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: Self.fileTypes, tier: .library)
            let (file, _) = try FileFixtures.write(
                FileFixtures.bytes(5000, seed: 12), named: "beach.jpg", in: test.folder)
            let embedded = try await copy.items.embed(file: file, in: noteID)
            #expect(embedded.embed == "![[beach.jpg]]")
            #expect(try await copy.items.get(noteID)?.body == "Day one\n\n![[beach.jpg]]")
            let fileID = try #require(embedded.attached.item.itemId)
            #expect(try await copy.items.embedText(of: fileID, in: noteID) == embedded.embed)
            // The embed's own edge is the attach's: the body edit queued no second one.
            #expect(try await copy.edges.to(noteID).filter { $0.edgeType == "attached-to" }.count == 1)
            #expect(try await copy.items.links(in: noteID).first?.target == .pending(id: fileID))
            let report = try await copy.queue.drain()
            #expect(report.verdicts.allSatisfy { $0.verdict?.isSuccess == true })
            let server = try await test.send(.get, "/items/\(noteID)")
            #expect(server.body["item"]?["properties"]?["body"]?.string == "Day one\n\n![[beach.jpg]]")
            await #expect(throws: MarfaError.self) { _ = try await copy.items.embedText(of: noteID, in: fileID) }
            await copy.close()
        }
    }

    @Test("an embed whose body edit is refused throws EmbedFailure with the cause, and keeps the attach queued")
    func embedFailure() async throws {
        try await CopyTestInstance.with { test in
            let made = try await test.send(
                .post, "/types",
                json:
                    #"{"id": "app.copytest.counter", "fields": {"count": {"type": "integer"}}, "display_hints": {"body_field": "count"}}"#
            )
            #expect(made.status == 201)
            let counter = try await test.createItem("app.copytest.counter", properties: #"{"count": 3}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: Self.fileTypes + ["app.copytest.counter"], tier: .library)
            let (file, _) = try FileFixtures.write(FileFixtures.bytes(100, seed: 15), named: "c.txt", in: test.folder)
            do {
                _ = try await copy.items.embed(file: file, in: counter)
                Issue.record("an embed into an integer body field was queued")
            } catch let failure as EmbedFailure {
                guard case .validation = failure.cause else { throw failure }
                #expect(
                    try await copy.queue.all().map(\.id) == [
                        failure.attached.upload.id, failure.attached.item.id, failure.attached.edge.id,
                    ])
            }
            await copy.close()
        }
    }

    @Test("attach refuses an item in the bin, a missing file and a directory, queueing nothing")
    func attachRefusals() async throws {
        try await CopyTestInstance.with { test in
            let noteID = try await test.createItem("core.note", properties: #"{"title": "Host"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: Self.fileTypes, tier: .library)
            let missing = test.folder.appendingPathComponent("nowhere.png")
            await #expect { _ = try await copy.items.attach(to: noteID, file: missing) } throws: { error in
                guard case .io = error as? MarfaError else { return false }
                return true
            }
            await #expect { _ = try await copy.items.attach(to: noteID, file: test.folder) } throws: { error in
                guard case .invalid = error as? MarfaError else { return false }
                return true
            }
            let (empty, _) = try FileFixtures.write([], named: "empty.txt", in: test.folder)
            await #expect { _ = try await copy.items.attach(to: noteID, file: empty) } throws: { error in
                guard case .invalid = error as? MarfaError else { return false }
                return true
            }
            #expect(try await copy.queue.all().isEmpty)
            _ = try await copy.items.delete(noteID)
            let (file, _) = try FileFixtures.write([1, 2, 3], named: "b.txt", in: test.folder)
            await #expect(throws: MarfaError.notFound(code: "not_held", message: "The copy holds no item \(noteID).")) {
                _ = try await copy.items.attach(to: noteID, file: file)
            }
            #expect(try await copy.queue.all().map(\.kind) == [.deleteItem])
            #expect(FileFixtures.blobFolder(of: test.store()).filter { !$0.hasPrefix(".") }.isEmpty)
            await copy.close()
        }
    }

    @Test("thumbnail answers the data URI of the type's thumbnail field, nil without one, and refuses what isn't one")
    func thumbnail() async throws {
        try await CopyTestInstance.with { test in
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + FileFixtures.bytes(500, seed: 13)
            let uri = "data:image/png;base64," + Data(png).base64EncodedString()
            let withThumb = try await test.createItem(
                "core.file",
                properties:
                    #"{"title": "t", "blob_ref": "sha256:\#(String(repeating: "0", count: 64))", "mime_type": "image/png", "thumbnail": "\#(uri)"}"#
            )
            let without = try await test.createItem(
                "core.file",
                properties:
                    #"{"title": "u", "blob_ref": "sha256:\#(String(repeating: "1", count: 64))", "mime_type": "image/png"}"#
            )
            let noteID = try await test.createItem("core.note", properties: #"{"title": "n"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: Self.fileTypes, tier: .library)
            #expect(try await copy.items.thumbnail(withThumb) == Thumbnail(mimeType: "image/png", bytes: Data(png)))
            #expect(try await copy.items.thumbnail(without) == nil)
            #expect(try await copy.items.thumbnail(noteID) == nil)
            let gif = "data:image/gif;base64," + Data([1, 2, 3]).base64EncodedString()
            let large = "data:image/png;base64," + Data(FileFixtures.bytes(17 << 10, seed: 14)).base64EncodedString()
            for bad in [gif, large, "not a uri"] {
                let held = try #require(try await copy.items.get(without))
                _ = try await copy.items.update(
                    without, Edit(.merge(["thumbnail": .string(bad)]), baseVersion: held.version))
                await #expect { _ = try await copy.items.thumbnail(without) } throws: { error in
                    guard case .decoding = error as? MarfaError else { return false }
                    return true
                }
            }
            await #expect(throws: MarfaError.self) { _ = try await copy.items.thumbnail("no-such-item") }
            await copy.close()
        }
    }
}
