import Foundation
import Marfa
import Testing

/// The folders article's code, run against a local instance with a temporary directory.
@Suite struct FolderSnippets {
    static func keepInStep(_ server: Server, notes: URL, registry: URL) async throws -> FolderPass? {
        // snippet.begin: folders-keep-in-step
        // The folder's settings live on the instance: which items it holds, what a new file becomes.
        let store = try await WorkingCopy.open(store: notes.appendingPathExtension("sqlite"), server: server)
        let folder = try await store.createFolder(
            FolderSettings(title: "Notes", search: FolderSearch(types: ["core.note"]), ignore: ["drafts/"]))
        await store.close()

        let folders = Folders(server: server, registry: registry)
        _ = try await folders.add(notes, following: folder.id)
        // The first sync shows its plan and waits for the person to confirm it.
        if case .awaitingConfirmation(let plan) = try await folders.sync(notes) {
            print("would write \(plan.write) files and send \(plan.send)")
            _ = try await folders.confirmFirstSync(in: notes)
        }
        guard case .synced(let sync) = try await folders.sync(notes) else { return nil }
        print("sent \(sync.pass.scan.created) files, wrote \(sync.pass.pull?.written ?? 0)")
        // snippet.end
        return sync.pass
    }

    static func watchUntilSent(_ folders: Folders, notes: URL) async throws -> FolderPass? {
        // snippet.begin: folders-watch
        let watch = folders.watch(notes)
        for try await event in watch {
            switch event {
            case .watching: try Data("Written on disk".utf8).write(to: notes.appendingPathComponent("Inbox.md"))
            case .passed(let pass) where pass.scan.created > 0:
                await watch.stop()
                return pass
            case .unreachable(let reason): print("offline: \(reason)")
            default: continue
            }
        }
        // snippet.end
        return nil
    }

    @Test func aFolderIsKeptInStepAndWatched() async throws {
        try await SnippetInstance.with { url, key in
            let server = try Server(url: url, key: key)
            let root = FileManager.default.temporaryDirectory.appendingPathComponent(
                "snippet-folders-\(UUID().uuidString)")
            let notes = root.appendingPathComponent("Notes")
            try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: root) }
            try Data("milk, eggs".utf8).write(to: notes.appendingPathComponent("Groceries.md"))
            let registry = root.appendingPathComponent("folders.json")
            let pass = try await Self.keepInStep(server, notes: notes, registry: registry)
            #expect(pass?.scan.created == 1)
            let watched = try await Self.watchUntilSent(Folders(server: server, registry: registry), notes: notes)
            #expect(watched?.scan.created == 1)
        }
    }
}
