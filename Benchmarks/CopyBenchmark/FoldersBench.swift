import Foundation
import Marfa
import MarfaHTTP
import MarfaOpenAPIRuntime

/// `CopyBenchmark folders [files]`: a folder of `files` Markdown files (default 5,000, 1 to 20
/// KiB) synced the first time to a local instance in another process, beside the floor of the
/// same reads and writes done raw (each file read, each note created by `POST /items`, one after
/// another, through the same transport); then 100 files changed on disk and 100 notes on the
/// instance, and one incremental pass beside its raw floor (100 reads and `PATCH`es, 100 `GET`s
/// and file writes); then, while watching, the time from a file written on disk to its note
/// on the instance. The raw floor writes to an instance of its own (`floor`), so its notes never
/// fall in the folder's search and the folder's passes do only the work they are timed for.
enum FoldersBench {
    static func run(files count: Int, local: LocalProcess, floor: LocalProcess, folder: URL) async throws {
        let server = try Server(url: local.url, key: local.key)
        let notes = folder.appendingPathComponent("notes")
        let rawNotes = folder.appendingPathComponent("raw")
        for directory in [notes, rawNotes] { try writeFolder(directory, count: count) }
        let store = try await WorkingCopy.open(store: folder.appendingPathComponent("settings.sqlite"), server: server)
        let settings = try await store.createFolder(
            FolderSettings(title: "Bench", search: FolderSearch(types: ["core.note"])))
        await store.close()
        let folders = Folders(server: server, registry: folder.appendingPathComponent("folders.json"))
        _ = try await folders.add(notes, following: settings.id)
        _ = try await folders.confirmFirstSync(in: notes)

        let start = ContinuousClock.now
        let first = try await pass(folders, notes)
        let firstSeconds = seconds(ContinuousClock.now - start)
        precondition(first.scan.created == count && first.drain.answered == count, "first sync: \(first.scan)")
        let rawStart = ContinuousClock.now
        let rawIDs = try await rawCreate(rawNotes, count: count, local: floor)
        let rawSeconds = seconds(ContinuousClock.now - rawStart)
        print(
            String(
                format: "first sync of %d files: folders %.2f s, raw reads + POST /items %.2f s; folders/raw %.2f",
                count, firstSeconds, rawSeconds, firstSeconds / rawSeconds))

        try await incremental(
            folders, notes: notes, rawNotes: rawNotes, rawIDs: rawIDs, instances: (local, floor), count: count)
        try await watchLatency(folders, notes: notes, local: local)
    }

    private static func incremental(
        _ folders: Folders, notes: URL, rawNotes: URL, rawIDs: [String],
        instances: (local: LocalProcess, floor: LocalProcess), count: Int
    ) async throws {
        let (local, floor) = instances
        let changed = Array(0..<min(100, count / 2))
        for index in changed {
            try text(index, round: 1).write(to: file(notes, index), atomically: true, encoding: .utf8)
        }
        let listed = try await allNotes(local)
        for index in changed {
            guard let id = listed["n\(count / 2 + index)"] else { throw BenchFailure("note \(index) missing") }
            try await patch(id, body: "changed elsewhere \(index)", local: local)
        }
        let start = ContinuousClock.now
        let pass = try await pass(folders, notes)
        let passSeconds = seconds(ContinuousClock.now - start)
        precondition(
            pass.scan.changed == changed.count && pass.pull?.rewritten == changed.count && pass.scan.created == 0
                && pass.pull?.written == 0, "incremental: \(pass)")

        let rawStart = ContinuousClock.now
        for index in changed {
            let body = try String(contentsOf: file(rawNotes, index), encoding: .utf8)
            try await patch(rawIDs[index], body: body + " raw", local: floor)
            let answer = try await get("/items/\(rawIDs[count / 2 + index])", local: floor)
            try Data(answer).write(to: file(rawNotes, count / 2 + index))
        }
        let rawSeconds = seconds(ContinuousClock.now - rawStart)
        print(
            String(
                format:
                    "incremental pass of %d changes (%d on disk, %d on the instance, %d files scanned): folders %.2f s (target < 2 s), raw %.2f s; folders/raw %.2f",
                2 * changed.count, changed.count, changed.count, count, passSeconds, rawSeconds,
                passSeconds / rawSeconds))
    }

    private static func watchLatency(_ folders: Folders, notes: URL, local: LocalProcess) async throws {
        let watch = folders.watch(notes)
        var events = watch.makeAsyncIterator()
        while let event = try await events.next(), event != .watching(notes) {}
        var latencies: [Double] = []
        for round in 0..<5 {
            let start = ContinuousClock.now
            try "watched \(round)".write(
                to: notes.appendingPathComponent("watched-\(round).md"), atomically: true, encoding: .utf8)
            while let event = try await events.next() {
                if case .passed(let pass) = event, pass.scan.created > 0, pass.drain.answered > 0 { break }
            }
            latencies.append(seconds(ContinuousClock.now - start))
        }
        await watch.stop()
        let held = try await allNotes(local)
        precondition((0..<5).allSatisfy { held["watched-\($0)"] != nil }, "a watched file never reached the instance")
        print(
            String(
                format:
                    "watch: a file written on disk on the instance in %.2f s median, %.2f s worst (target < 1 s; 250 ms debounce)",
                latencies.sorted()[2], latencies.max() ?? 0))
    }

    private static func pass(_ folders: Folders, _ directory: URL) async throws -> FolderPass {
        guard case .synced(let sync) = try await folders.sync(directory) else { throw BenchFailure("a sync waited") }
        return sync.pass
    }

    static func file(_ directory: URL, _ index: Int) -> URL { directory.appendingPathComponent("n\(index).md") }

    /// `count` files of 1 to 20 KiB of Markdown text.
    private static func writeFolder(_ directory: URL, count: Int) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for index in 0..<count {
            try text(index, round: 0).write(to: file(directory, index), atomically: false, encoding: .utf8)
        }
    }

    private static func text(_ index: Int, round: Int) -> String {
        let line = "Line of note \(index), round \(round): the quick brown fox jumps over the lazy dog.\n"
        let kib = 1 + (index * 7919) % 20
        return "# Note \(index)\n\n" + String(repeating: line, count: kib * 1024 / line.utf8.count)
    }

    private static func rawCreate(_ directory: URL, count: Int, local: LocalProcess) async throws -> [String] {
        var ids: [String] = []
        for index in 0..<count {
            let body = try String(contentsOf: file(directory, index), encoding: .utf8)
            let json: JSONValue = .object([
                "type": .string("core.note"),
                "properties": .object(["title": .string("raw \(index)"), "body": .string(body)]),
            ])
            let answer = try await send(.post, "/items", json: json, local: local)
            ids.append(answer["item"]?["id"]?.string ?? answer["id"]?.string ?? "")
        }
        return ids
    }

    private static func patch(_ id: String, body: String, local: LocalProcess) async throws {
        let current = try JSONCoding.decode(JSONValue.self, from: Data(try await get("/items/\(id)", local: local)))
        let version = current["item"]?["version"]?.int ?? current["version"]?.int ?? 0
        _ = try await send(
            .patch, "/items/\(id)",
            json: .object(["version": .int(version), "properties": .object(["body": .string(body)])]), local: local)
    }

    private static func allNotes(_ local: LocalProcess) async throws -> [String: String] {
        var titles: [String: String] = [:]
        var cursor: String?
        repeat {
            let path = "/items?type=core.note&limit=200" + (cursor.map { "&cursor=\($0)" } ?? "")
            let page = try JSONCoding.decode(JSONValue.self, from: Data(try await get(path, local: local)))
            for item in page["data"]?.array ?? [] {
                if let title = item["properties"]?["title"]?.string, let id = item["id"]?.string { titles[title] = id }
            }
            cursor = page["has_more"]?.bool == true ? page["cursor"]?.string : nil
        } while cursor != nil
        return titles
    }

    private static func get(_ path: String, local: LocalProcess) async throws -> [UInt8] {
        let (response, body) = try await Server.defaultTransport.send(
            HTTPRequest(method: .get, path: path, headerFields: ["Authorization": "Bearer \(local.key)"]), body: nil,
            baseURL: local.url, operationID: "raw")
        let bytes = try await body?.collect(upTo: 64 << 20) ?? []
        guard response.status == 200 else { throw BenchFailure("GET \(path) answered \(response.status)") }
        return bytes
    }

    private static func send(
        _ method: HTTPMethod, _ path: String, json: JSONValue, local: LocalProcess
    ) async throws -> JSONValue {
        let fields: HTTPFields = [
            "Authorization": "Bearer \(local.key)", "Content-Type": "application/json",
            "Idempotency-Key": UUID().uuidString.lowercased(),
        ]
        let (response, body) = try await Server.defaultTransport.send(
            HTTPRequest(method: method, path: path, headerFields: fields),
            body: HTTPBody(Array(JSONText.encode(json).utf8)),
            baseURL: local.url, operationID: "raw")
        let bytes = try await body?.collect(upTo: 1 << 20) ?? []
        guard (200..<300).contains(response.status) else { throw BenchFailure("\(path) answered \(response.status)") }
        return (try? JSONCoding.decode(JSONValue.self, from: Data(bytes))) ?? .null
    }
}

extension FoldersBench {
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
