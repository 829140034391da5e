import Foundation
import Marfa
import MarfaDigest
import MarfaHTTP
import MarfaOpenAPIRuntime

/// `CopyBenchmark files [count] [KiB] [rounds]`: attaches `count` files (default 200) of `KiB`
/// (default 1024) to a note in a copy and drains them to a local instance in another process, in
/// `rounds` (default 4) alternating with the floor: the same three requests per file sent raw
/// through the same transport, one after another (`POST /blobs` of another file of the same size,
/// `POST /items` of its file item, `POST /edges` attaching it to the note). The medians of the
/// rounds and their ratios are printed, against the whole floor and against its uploads alone. Then a second copy fetches every blob back and each is checked against
/// its hash. Peak resident memory of this process and of the instance is measured for each part.
enum FilesBench {
    /// One round's times, in seconds.
    private struct Round {
        var attach = 0.0
        var drain = 0.0
        var raw = 0.0
        var rawUploads = 0.0
    }

    static func run(count: Int, kib: Int, rounds: Int, local: LocalProcess, folder: URL) async throws {
        let server = try Server(url: local.url, key: local.key)
        let files = folder.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        var hashes: [String] = []
        for index in 0..<count {
            hashes.append(try write(files.appendingPathComponent("file-\(index).bin"), kib: kib, seed: UInt64(index)))
            _ = try write(files.appendingPathComponent("raw-\(index).bin"), kib: kib, seed: UInt64(1_000_000 + index))
        }
        let copy = try await WorkingCopy.open(store: folder.appendingPathComponent("files.sqlite"), server: server)
        _ = try await copy.hydrate(types: ["core.note", "core.file"], tier: .library)
        let note = try await copy.items.create(Draft(type: "core.note", properties: ["title": "Attachments"]))
        _ = try await copy.queue.drain()
        let instance = PeakMemory(pid: local.process.processIdentifier)
        PeakMemory.this.reset()
        instance.reset()
        var measured: [Round] = []
        let perRound = max(1, count / max(1, rounds))
        for (round, start) in stride(from: 0, to: count, by: perRound).enumerated() {
            let batch = start..<min(start + perRound, count)
            var times = Round()
            if round % 2 == 1 {
                try await rawAttaches(batch, to: note.itemId!, from: files, local: local, into: &times)
            }
            times.attach = try await timed {
                for index in batch {
                    _ = try await copy.items.attach(
                        to: note.itemId!, file: files.appendingPathComponent("file-\(index).bin"))
                }
            }
            times.drain = try await timed {
                let report = try await copy.queue.drain()
                guard report.answered == 3 * batch.count, report.verdicts.allSatisfy({ $0.verdict == .accepted })
                else { throw BenchFailure("the drain answered \(report.answered) of \(3 * batch.count)") }
            }
            if round % 2 == 0 {
                try await rawAttaches(batch, to: note.itemId!, from: files, local: local, into: &times)
            }
            measured.append(times)
        }
        await copy.close()
        report(measured, perRound: perRound, kib: kib, copyPeak: PeakMemory.this.mib, instancePeak: instance.mib)
        try await fetchBack(hashes, server: server, store: folder.appendingPathComponent("second.sqlite"), kib: kib)
    }

    private static func report(_ rounds: [Round], perRound: Int, kib: Int, copyPeak: Double, instancePeak: Double) {
        let megabytes = Double(perRound * kib) / 1024
        let (attach, drain, raw, uploads) = (
            median(rounds.map(\.attach)), median(rounds.map(\.drain)), median(rounds.map(\.raw)),
            median(rounds.map(\.rawUploads))
        )
        print(
            String(
                format:
                    "%d rounds of %d files of %d KiB, medians: attach (copy in, hash, fsync, queue 3 writes) %.2f s",
                rounds.count, perRound, kib, attach))
        print(
            String(
                format:
                    "drain (uploads + items + edges) %.2f s (%.0f MiB/s); the same requests raw, same transport %.2f s; drain/raw %.2f",
                drain, megabytes / drain, raw, drain / raw))
        print(
            String(
                format: "of which raw POST /blobs %.2f s (%.0f MiB/s); drain/uploads alone %.2f",
                uploads, megabytes / uploads, drain / uploads))
        print(String(format: "peak resident: copy's process %.0f MiB, instance %.0f MiB", copyPeak, instancePeak))
    }

    /// A second copy fetches every blob (streamed, hash-checked) and each is read back and checked again.
    private static func fetchBack(_ hashes: [String], server: Server, store: URL, kib: Int) async throws {
        let second = try await WorkingCopy.open(store: store, server: server)
        PeakMemory.this.reset()
        let fetchSeconds = try await timed {
            for hash in hashes {
                let read = [UInt8](try Data(contentsOf: try await second.blobs.get(hash)))
                guard "sha256:" + SHA256.hex(read) == hash else { throw BenchFailure("a fetched blob isn't its hash") }
            }
        }
        print(
            String(
                format: "fetch %d blobs on a second copy, every byte checked: %.2f s (%.0f MiB/s), peak %.0f MiB",
                hashes.count, fetchSeconds, Double(hashes.count * kib) / 1024 / fetchSeconds, PeakMemory.this.mib))
        await second.close()
    }

    /// How long `work` takes, in seconds.
    static func timed(_ work: () async throws -> Void) async throws -> Double {
        let start = ContinuousClock.now
        try await work()
        return seconds(ContinuousClock.now - start)
    }

    /// Writes `kib` KiB of bytes that differ per seed; answers their hash.
    static func write(_ file: URL, kib: Int, seed: UInt64) throws -> String {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        var bytes = [UInt8](repeating: 0, count: kib << 10)
        for index in bytes.indices {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            bytes[index] = UInt8(truncatingIfNeeded: state)
        }
        try Data(bytes).write(to: file)
        return "sha256:" + SHA256.hex(bytes)
    }

    /// The floor: for each file of `batch`, `raw-<index>.bin` uploaded, its file item created and
    /// attached to `note`, one request after another; the seconds taken go into `times`.
    private static func rawAttaches(
        _ batch: Range<Int>, to note: String, from files: URL, local: LocalProcess, into times: inout Round
    ) async throws {
        var uploads = 0.0
        times.raw = try await timed {
            for index in batch {
                let file = files.appendingPathComponent("raw-\(index).bin")
                var hash = ""
                uploads += try await timed { hash = try await rawUpload(file, local: local) }
                let item = try await rawJSON(
                    "/items",
                    [
                        "type": "core.file",
                        "properties": [
                            "title": .init(file.lastPathComponent), "blob_ref": .init(hash),
                            "mime_type": "application/octet-stream",
                        ],
                    ], local: local)
                guard let id = item["item"]?.object?["id"]?.string else {
                    throw BenchFailure("a raw create named no id")
                }
                _ = try await rawJSON(
                    "/edges", ["source_id": .init(id), "target_id": .init(note), "edge_type": "attached-to"],
                    local: local)
            }
        }
        times.rawUploads = uploads
    }

    /// POSTs `json` to `path` through the default transport; answers the body, refusing a non-2xx.
    private static func rawJSON(_ path: String, _ json: JSONObject, local: LocalProcess) async throws -> JSONObject {
        var fields = HTTPFields()
        fields["Authorization"] = "Bearer \(local.key)"
        fields["Content-Type"] = "application/json"
        fields["Idempotency-Key"] = UUID().uuidString.lowercased()
        let (response, answer) = try await Server.defaultTransport.send(
            HTTPRequest(method: .post, path: path, headerFields: fields), body: HTTPBody(Array(json.json().utf8)),
            baseURL: local.url, operationID: "raw")
        let bytes = try await answer?.collect(upTo: 1 << 20) ?? []
        guard (200..<300).contains(response.status) else { throw BenchFailure("\(path) answered \(response.status)") }
        return try JSONObject(json: String(decoding: bytes, as: UTF8.self))
    }

    /// Uploads `file` by a raw `POST /blobs`; answers the hash of its bytes.
    private static func rawUpload(_ file: URL, local: LocalProcess) async throws -> String {
        var fields = HTTPFields()
        fields["Authorization"] = "Bearer \(local.key)"
        fields["Content-Type"] = "application/octet-stream"
        fields["Idempotency-Key"] = UUID().uuidString.lowercased()
        let bytes = [UInt8](try Data(contentsOf: file))
        let (response, answer) = try await Server.defaultTransport.send(
            HTTPRequest(method: .post, path: "/blobs", headerFields: fields), body: HTTPBody(bytes), baseURL: local.url,
            operationID: "uploadBlob")
        _ = try await answer?.collect(upTo: 1 << 20)
        guard response.status == 201 else { throw BenchFailure("a raw upload answered \(response.status)") }
        return "sha256:" + SHA256.hex(bytes)
    }
}
