import Foundation
import Marfa
import Testing

/// The copy's folder calls against a local instance over HTTP: immediate writes, held after, and
/// the folder's search answered from the copy or refused whole.
@Suite(.timeLimit(.minutes(1))) struct FolderCallTests {
    @Test func aFolderIsCreatedChangedAndRevokedOnTheInstanceAndHeldByTheCopy() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            let changes = copy.changes()
            let settings = FolderSettings(
                title: "Notes", search: FolderSearch(types: ["core.note"]), include: ["*.md"],
                firstPlacement: ["core.note": "Inbox"], removalThreshold: RemovalThreshold(files: 4, fraction: 0.5))
            let made = try await copy.createFolder(settings, idempotencyKey: "make-notes")
            #expect(made.version == 1 && made.state == .active && made.settings == settings)
            let told = try await first(changes) { $0.origin == .refreshed(.folderWritten) }
            #expect(told?.itemId == made.id)
            let again = try await copy.createFolder(settings, idempotencyKey: "make-notes")
            #expect(again.id == made.id, "a repeat under the same key answers the first folder")

            let wire = try await test.send(.get, "/folders/\(made.id)").body["folder"]
            #expect(wire?["title"]?.string == "Notes")
            #expect(wire?["first_placement"]?["core.note"]?.string == "Inbox")
            #expect(wire?["removal_threshold"]?["files"]?.int == 4)

            let changed = try await copy.changeFolder(
                made.id, FolderSettingsChange(ignore: ["drafts/"]), baseVersion: 1)
            #expect(changed.version == 2 && changed.settings.ignore == ["drafts/"] && changed.settings.title == "Notes")
            #expect(try await copy.items.folder(made.id) == changed)
            await #expect(throws: MarfaError.self) {
                _ = try await copy.changeFolder(made.id, FolderSettingsChange(title: "Stale"), baseVersion: 1)
            }

            let revoked = try await copy.revokeFolder(made.id)
            #expect(revoked.state == .revoked)
            #expect(try await copy.items.folder(made.id)?.state == .revoked)
            let error = try await #require(throws: MarfaError.self) { _ = try await copy.revokeFolder(made.id) }
            #expect(error.code == "invalid_transition")
            await copy.close()
        }
    }

    @Test func badSettingsAreRefusedBeforeAnythingIsSent() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            for settings in [
                FolderSettings(), FolderSettings(title: "  "),
                FolderSettings(title: "T", search: FolderSearch(states: [])),
                FolderSettings(title: "T", search: FolderSearch(states: [.trashed])),
            ] {
                let error = try await #require(throws: MarfaError.self) { _ = try await copy.createFolder(settings) }
                #expect(error.code == "invalid")
            }
            let listed = try await test.send(.get, "/folders").body["folders"]?.array
            #expect(listed?.isEmpty == true)
            await copy.close()
        }
    }

    @Test func aFoldersSearchIsAnsweredFromTheCopyOrRefusedWhole() async throws {
        try await CopyTestInstance.with { test in
            let kept = try await test.createItem("core.note", properties: #"{"title": "Kept", "body": "apple pie"}"#)
            let other = try await test.createItem("core.note", properties: #"{"title": "Other", "body": "pear"}"#)
            _ = try await test.createItem("core.task", properties: #"{"title": "Task"}"#)
            let archived = try await test.createItem("core.note", properties: #"{"title": "Old", "body": "apple"}"#)
            _ = try await test.send(.post, "/items/\(archived)/transition", json: #"{"state": "archived"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let notes = try await copy.createFolder(
                FolderSettings(title: "Notes", search: FolderSearch(types: ["core.note"])))
            let listed = try await copy.items.list(
                inFolder: notes.id, sort: Sort(field: .createdAt, direction: .ascending))
            #expect(listed.map(\.id) == [kept, other, archived])
            #expect(try await copy.items.list(inFolder: notes.id, limit: 1, offset: 1).count == 1)
            let hits = try await copy.search("apple", inFolder: notes.id)
            #expect(Set(hits.map(\.item.id)) == [kept, archived])

            let tasks = try await copy.createFolder(
                FolderSettings(title: "Tasks", search: FolderSearch(types: ["core.task"])))
            let refused = try await #require(throws: MarfaError.self) {
                _ = try await copy.items.list(inFolder: tasks.id)
            }
            #expect(refused.code == "invalid")
            let unknown = try await #require(throws: MarfaError.self) {
                _ = try await copy.items.list(inFolder: "nowhere")
            }
            #expect(unknown.code == "not_held")
            await copy.close()
        }
    }

    @Test func aReaderIsRefusedFolderWrites() async throws {
        try await CopyTestInstance.with { test in
            let writer = try await test.open()
            let reader = try await test.open()
            #expect(reader.handle == .reader)
            let error = try await #require(throws: MarfaError.self) {
                _ = try await reader.createFolder(FolderSettings(title: "Notes"))
            }
            #expect(error.code == "reading_handle")
            await reader.close()
            await writer.close()
        }
    }
}
