import Foundation
import MarfaClock
import MarfaOpenAPIRuntime
import Testing

@testable import MarfaLocal

/// Stopping while work runs, and what the next start finds: a move under way is cancelled and
/// ends failed (`interrupted`), a move or housekeeping run a crash left running is settled, and
/// the data folder and database files are owner-only.
@Suite struct StopAndRestartTests {
    static func registerDealTypes(_ local: LocalTestInstance) async throws {
        for id in ["app.deal", "app.contract"] {
            let answer = try await local.send(
                .post, "/types", json: #"{"id":"\#(id)","fields":{"title":{"type":"string"}}}"#)
            #expect(answer.status == 201, "\(answer.text)")
        }
    }

    @Test func stopDuringATypeMoveReturnsAndTheMoveEndsInterrupted() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-stop-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = LocalInstance.Options(log: { _ in })
        options.typeMoveBatchSize = 1
        options.typeMovePause = .milliseconds(200)
        let clock = ManualClock()
        options.clock = clock
        let first = try await LocalInstance.start(dataDirectory: folder, options: options)
        let key = try #require(first.bootstrapKey)
        var local = LocalTestInstance(instance: first, folder: folder, key: key)
        try await Self.registerDealTypes(local)
        for index in 0..<6 {
            let item = try await local.send(
                .post, "/items", json: #"{"type":"app.deal","properties":{"title":"Deal \#(index)"}}"#)
            #expect(item.status == 201)
        }
        let started = try await local.send(.post, "/type-moves", json: #"{"from":"app.deal","to":"app.contract"}"#)
        #expect(started.status == 202, "\(started.text)")
        let jobID = try #require(started.json["id"]?.string ?? started.json["job"]?["id"]?.string)
        // The move has done a batch and pauses on the clock, which never moves: it is under way.
        await clock.waitForSleepers(1)
        await first.stop()

        let second = try await LocalInstance.start(dataDirectory: folder, options: .init(log: { _ in }))
        local = LocalTestInstance(instance: second, folder: folder, key: key)
        let job = try await local.send(.get, "/type-moves/\(jobID)")
        let body = job.json["job"] ?? job.json
        #expect(body["status"]?.string == "failed", "\(job.text)")
        #expect(body["error"]?["code"]?.string == "interrupted", "\(job.text)")
        // The type is free to move again.
        let again = try await local.send(.post, "/type-moves", json: #"{"from":"app.deal","to":"app.contract"}"#)
        #expect(again.status == 202, "\(again.text)")
        await second.stop()
    }

    @Test func workACrashLeftRunningIsSettledOnTheNextStart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await LocalInstance.start(dataDirectory: folder, options: .init(log: { _ in }))
        let key = try #require(first.bootstrapKey)
        await first.stop()
        // What a crash mid-move and mid-housekeeping leaves behind.
        let store = try await LocalStore.open(directory: folder, clock: SystemClock())
        try await store.write { db in
            try db.run(
                """
                INSERT INTO type_moves (id, from_type, to_type, properties, key_id, status, remaining, created_at)
                VALUES ('stale-move', 'core.note', 'core.task', '{}', NULL, 'running', 1, 0)
                """)
            try db.run(
                "INSERT INTO housekeeping_runs (name, running_since, last_started_at) VALUES ('trash-purge', 1, 1)")
        }
        await store.close()

        let second = try await LocalInstance.start(dataDirectory: folder, options: .init(log: { _ in }))
        let local = LocalTestInstance(instance: second, folder: folder, key: key)
        let job = try await local.send(.get, "/type-moves/stale-move")
        let body = job.json["job"] ?? job.json
        #expect(body["status"]?.string == "failed", "\(job.text)")
        #expect(body["error"]?["code"]?.string == "interrupted")
        let jobs = try await local.send(.get, "/housekeeping")
        #expect(jobs.status == 200, "\(jobs.text)")
        let events = jobs.json["jobs"]?.array?.first { $0["name"]?.string == "trash-purge" }
        #expect(events?["running"]?.bool != true, "\(jobs.text)")
        #expect(events?["running_since"] == nil || events?["running_since"] == .null, "\(jobs.text)")
        await second.stop()
    }

    @Test func theDataFolderAndDatabaseFilesAreOwnerOnly() async throws {
        try await LocalTestInstance.with { local in
            _ = try await EventStreamTests.note(local, "written")
            let upload = try await local.send(
                .post, "/blobs", json: "some bytes", headers: ["Content-Type": "application/octet-stream"])
            #expect(upload.status == 201 || upload.status == 200, "\(upload.text)")
            func mode(_ path: String) throws -> Int {
                try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)
                    .intValue
            }
            #expect(try mode(local.folder.path) == 0o700)
            for suffix in ["", "-wal", "-shm"] {
                let path = local.folder.appendingPathComponent("marfa.sqlite" + suffix).path
                guard FileManager.default.fileExists(atPath: path) else { continue }
                #expect(try mode(path) == 0o600, "\(path)")
            }
            let blobs = local.folder.appendingPathComponent("blobs")
            #expect(try mode(blobs.path) == 0o700)
            for name in try FileManager.default.contentsOfDirectory(atPath: blobs.path) {
                #expect(try mode(blobs.appendingPathComponent(name).path) == 0o600)
            }
        }
    }
}
