import Foundation
import Marfa

/// A directory kept in step with a folder on a test's local instance, its registry in the test's
/// own folder.
struct FolderBed {
    let test: CopyTestInstance
    let directory: URL
    let folders: Folders
    let folderId: String

    /// A fresh directory following a new folder of `core.note` items with `settings` (as JSON
    /// members added to the folder's body).
    static func make(_ test: CopyTestInstance, extra: String = "") async throws -> FolderBed {
        let directory = test.folder.appendingPathComponent("notes-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let answer = try await test.send(
            .post, "/folders", json: #"{"title": "Notes", "search": {"types": ["core.note"]}\#(extra)}"#)
        guard let id = answer.body["folder"]?["id"]?.string else {
            throw TestFailure("creating a folder answered \(answer.status): \(answer.body)")
        }
        let folders = Folders(server: try test.server(), registry: test.folder.appendingPathComponent("folders.json"))
        _ = try await folders.add(directory, following: id)
        return FolderBed(test: test, directory: directory, folders: folders, folderId: id)
    }

    func url(_ path: String) -> URL { directory.appendingPathComponent(path) }

    func write(_ text: String, to path: String) throws {
        let url = url(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: url(path).path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A sync that must pass (confirming a first sync when one waits); answers the pass.
    @discardableResult
    func pass() async throws -> FolderPass {
        switch try await folders.sync(directory) {
        case .synced(let sync): return sync.pass
        case .awaitingConfirmation:
            _ = try await folders.confirmFirstSync(in: directory)
            guard case .synced(let sync) = try await folders.sync(directory) else {
                throw TestFailure("a confirmed first sync waited again")
            }
            return sync.pass
        }
    }

    /// The instance's active notes, title to body.
    func notes() async throws -> [String: String] {
        let page = try await test.send(.get, "/items?type=core.note&limit=200").body["data"]?.array ?? []
        var notes: [String: String] = [:]
        for item in page where item["state"]?.string == "active" {
            notes[item["properties"]?["title"]?.string ?? ""] = item["properties"]?["body"]?.string ?? ""
        }
        return notes
    }

    /// The instance's note titled `title`: its id and body.
    func note(titled title: String) async throws -> (id: String, body: String)? {
        let page = try await test.send(.get, "/items?type=core.note&limit=200").body["data"]?.array ?? []
        guard
            let item = page.first(where: {
                $0["properties"]?["title"]?.string == title && $0["state"]?.string == "active"
            }),
            let id = item["id"]?.string
        else { return nil }
        return (id, item["properties"]?["body"]?.string ?? "")
    }
}
