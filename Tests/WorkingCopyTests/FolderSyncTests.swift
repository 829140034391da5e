import Foundation
import Marfa
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Folders against a local instance over HTTP with real temporary directories: text files and
/// items kept in step both ways, the first sync's confirmation, renames, conflicts, removals.
@Suite(.timeLimit(.minutes(2))) struct FolderSyncTests {
    @Test func theFirstSyncWaitsForConfirmationThenKeepsBothSidesInStep() async throws {
        try await CopyTestInstance.with { test in
            _ = try await test.createItem(
                "core.note", properties: #"{"title": "From elsewhere", "body": "made there"}"#)
            let bed = try await FolderBed.make(test)
            try bed.write("# Groceries\nmilk", to: "Groceries.md")
            try bed.write("ideas", to: "sub/Ideas.md")

            guard case .awaitingConfirmation(let plan) = try await bed.folders.sync(bed.directory) else {
                Issue.record("the first sync didn't wait")
                return
            }
            #expect(plan == FirstSyncPlan(write: 1, send: 2, beside: 0))
            #expect(try await bed.notes().count == 1, "nothing was sent before the confirmation")
            #expect(bed.read("From elsewhere.md") == nil, "nothing was written before the confirmation")
            #expect(try await bed.folders.status(of: bed.directory).firstSync?.plan == plan)

            #expect(try await bed.folders.confirmFirstSync(in: bed.directory))
            let pass = try await bed.pass()
            #expect(pass.scan.created == 2 && pass.pull?.written == 1 && pass.drain.answered >= 2)
            #expect(
                try await bed.notes() == [
                    "Groceries": "# Groceries\nmilk", "Ideas": "ideas", "From elsewhere": "made there",
                ])
            #expect(bed.read("From elsewhere.md") == "made there")
            #expect(try await bed.folders.status(of: bed.directory).files.allSatisfy { $0.state == .inStep })
            let listed = try await bed.folders.list()
            #expect(listed.map(\.folderId) == [bed.folderId])
            #expect(listed.map(\.directory.path) == [bed.directory.resolvingSymlinksInPath().path])
        }
    }

    @Test func aFileChangedOnDiskReachesItsItemAndAnItemChangedElsewhereRewritesItsFile() async throws {
        try await CopyTestInstance.with { test in
            let bed = try await FolderBed.make(test)
            try bed.write("first", to: "Plan.md")
            try await bed.pass()
            let note = try #require(try await bed.note(titled: "Plan"))

            try bed.write("second", to: "Plan.md")
            let sent = try await bed.pass()
            #expect(sent.scan.changed == 1)
            #expect(try await bed.note(titled: "Plan")?.body == "second")

            try await test.updateItem(note.id, properties: #"{"body": "third, from elsewhere"}"#)
            let pulled = try await bed.pass()
            #expect(pulled.pull?.rewritten == 1)
            #expect(bed.read("Plan.md") == "third, from elsewhere")
            #expect(try await bed.pass().scan.changed == 0, "a pass with nothing new changes nothing")
        }
    }

    @Test func aRenameOrMoveKeepsTheItem() async throws {
        try await CopyTestInstance.with { test in
            let bed = try await FolderBed.make(test)
            try bed.write("keep me", to: "Draft.md")
            try await bed.pass()
            let before = try #require(try await bed.note(titled: "Draft"))
            try FileManager.default.createDirectory(at: bed.url("done"), withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: bed.url("Draft.md"), to: bed.url("done/Final.md"))
            let pass = try await bed.pass()
            #expect(pass.scan.moved == 1 && pass.scan.created == 0 && pass.scan.removed == 0)
            let after = try #require(try await bed.note(titled: "Final"))
            #expect(after.id == before.id && after.body == "keep me")
            #expect(try await bed.notes().count == 1)
        }
    }

    @Test func aFileChangedOnBothSidesKeepsBoth() async throws {
        try await CopyTestInstance.with { test in
            let bed = try await FolderBed.make(test)
            try bed.write("base", to: "Shared.md")
            try await bed.pass()
            let note = try #require(try await bed.note(titled: "Shared"))
            try await test.updateItem(note.id, properties: #"{"body": "theirs"}"#)
            try bed.write("mine", to: "Shared.md")

            let pass = try await bed.pass()
            #expect(pass.pull?.conflicts == 1 && pass.gaveWay == 1)
            #expect(pass.flagged.contains { $0.flag == .conflicted && $0.path == "Shared.md" })
            #expect(bed.read("Shared.md") == "theirs")
            #expect(bed.read("Shared (conflicted copy).md") == "mine")
            #expect(try await bed.note(titled: "Shared")?.body == "theirs")
            #expect(try await bed.note(titled: "Shared (conflicted copy)")?.body == "mine")
        }
    }

    @Test func aLargeRemovalWaitsForConfirmation() async throws {
        try await CopyTestInstance.with { test in
            let bed = try await FolderBed.make(test, extra: #", "removal_threshold": {"files": 2, "fraction": 0.25}"#)
            for n in 1...6 { try bed.write("note \(n)", to: "n\(n).md") }
            try await bed.pass()
            for n in 1...4 { try FileManager.default.removeItem(at: bed.url("n\(n).md")) }

            let held = try await bed.pass()
            #expect(held.scan.removed == 0)
            #expect(held.flagged.filter { $0.flag == .removalPaused }.count == 4)
            #expect(try await bed.notes().count == 6, "no item was deleted")
            #expect(try await bed.folders.status(of: bed.directory).paused.disk.count == 4)

            #expect(try await bed.folders.confirmRemoval(in: bed.directory) == ConfirmedRemoval(disk: 4, pull: 0))
            #expect(try await bed.pass().scan.removed == 4)
            #expect(Set(try await bed.notes().keys) == ["n5", "n6"])
            #expect(try await bed.folders.status(of: bed.directory).paused.isPaused == false)
        }
    }

    @Test func aPausedRemovalCanBeRestored() async throws {
        try await CopyTestInstance.with { test in
            let bed = try await FolderBed.make(test, extra: #", "removal_threshold": {"files": 1, "fraction": 0.1}"#)
            for n in 1...3 { try bed.write("note \(n)", to: "n\(n).md") }
            try await bed.pass()
            for n in 1...3 { try FileManager.default.removeItem(at: bed.url("n\(n).md")) }
            _ = try await bed.pass()
            #expect(try await bed.folders.restoreRemoval(in: bed.directory) == RestoredRemoval(disk: 3, pull: 0))
            #expect((1...3).allSatisfy { bed.read("n\($0).md") == "note \($0)" })
            let pass = try await bed.pass()
            #expect(pass.scan.removed == 0 && pass.scan.created == 0)
            #expect(try await bed.notes().count == 3)
        }
    }

    @Test func patternsLinksAndIllegalNamesAreLeftAlone() async throws {
        try await CopyTestInstance.with { test in
            let bed = try await FolderBed.make(test, extra: #", "include": ["*.md"], "ignore": ["drafts/"]"#)
            try bed.write("taken", to: "Taken.md")
            try bed.write("not markdown", to: "skip.txt")
            try bed.write("ignored", to: "drafts/Secret.md")
            try bed.write("colon", to: "a:b.md")
            try FileManager.default.createSymbolicLink(
                atPath: bed.url("loop").path, withDestinationPath: bed.directory.path)
            try FileManager.default.createSymbolicLink(atPath: bed.url("link.md").path, withDestinationPath: "Taken.md")
            let pass = try await bed.pass()
            #expect(try await bed.notes() == ["Taken": "taken"])
            #expect(pass.flagged.contains { $0.path == "a:b.md" && $0.flag == .illegalName })
            #expect(pass.flagged.contains { $0.path == "link.md" && $0.flag == .symlink })
            #expect(bed.read("drafts/Secret.md") == "ignored" && bed.read("skip.txt") == "not markdown")
        }
    }

    @Test func anotherHolderOfTheFolderMakesTheCallsReadingHandle() async throws {
        try await CopyTestInstance.with { test in
            let bed = try await FolderBed.make(test)
            // A second open file description of the lock, as another process holds it.
            let lock = open(bed.url(".marfa/folder-writer").path, O_RDWR | O_CREAT, 0o600)
            #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)
            let error = try await #require(throws: MarfaError.self) { _ = try await bed.folders.sync(bed.directory) }
            #expect(error.code == "reading_handle")
            flock(lock, LOCK_UN)
            close(lock)
            _ = try await bed.folders.sync(bed.directory)
        }
    }

    @Test func otherFilesAreBlobsHeldByFileItems() async throws {
        try await CopyTestInstance.with { test in
            let bed = try await FolderBed.make(test)
            let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2, 3, 0, 255])
            try bytes.write(to: bed.url("photo.png"))
            let pass = try await bed.pass()
            #expect(pass.scan.created == 1)
            let files = try await test.send(.get, "/items?limit=200").body["data"]?.array ?? []
            let file = try #require(files.first { $0["properties"]?["title"]?.string == "photo.png" })
            let hash = try #require(file["properties"]?["blob_ref"]?.string)
            let held = try await test.send(.get, "/blobs/\(hash)")
            #expect(held.status == 200)
        }
    }
}
