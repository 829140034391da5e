import Foundation
import Marfa
import MarfaDigest
import MarfaHTTP
import MarfaOpenAPIRuntime

#if canImport(Glibc)
import Glibc
#endif

/// `CopyBenchmark files [count] [KiB]`: attaches `count` files (default 200) of `KiB` (default
/// 1024) to a note in a copy and drains them to a local instance in another process; beside it,
/// the same number of files of the same size sent by raw `POST /blobs` through the same
/// transport, one after another; then a second copy fetches every blob back and each is checked
/// against its hash. Peak resident memory of this process is measured for each part.
enum FilesBench {
    static func run(count: Int, kib: Int, local: LocalProcess, folder: URL) async throws {
        let server = try Server(url: local.url, key: local.key)
        let files = folder.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        var hashes: [String] = []
        for index in 0..<count {
            hashes.append(try write(files.appendingPathComponent("file-\(index).bin"), kib: kib, seed: UInt64(index)))
        }
        let copy = try await WorkingCopy.open(store: folder.appendingPathComponent("files.sqlite"), server: server)
        _ = try await copy.hydrate(types: ["core.note", "core.file"], tier: .library)
        let note = try await copy.items.create(Draft(type: "core.note", properties: ["title": "Attachments"]))

        resetPeak()
        let attachStart = ContinuousClock.now
        for index in 0..<count {
            _ = try await copy.items.attach(to: note.itemId!, file: files.appendingPathComponent("file-\(index).bin"))
        }
        let attachSeconds = seconds(ContinuousClock.now - attachStart)
        let attachPeak = peakMiB()

        resetPeak()
        let drainStart = ContinuousClock.now
        let report = try await copy.queue.drain()
        let drainSeconds = seconds(ContinuousClock.now - drainStart)
        let drainPeak = peakMiB()
        precondition(
            report.answered == 3 * count + 1 && report.verdicts.allSatisfy { $0.verdict == .accepted },
            "the drain answered \(report.answered)")

        // The floor: other bytes of the same size (so the instance stores each), raw POSTs.
        for index in 0..<count {
            _ = try write(files.appendingPathComponent("raw-\(index).bin"), kib: kib, seed: UInt64(1_000_000 + index))
        }
        resetPeak()
        let rawStart = ContinuousClock.now
        for index in 0..<count { try await rawUpload(files.appendingPathComponent("raw-\(index).bin"), local: local) }
        let rawSeconds = seconds(ContinuousClock.now - rawStart)
        let rawPeak = peakMiB()
        let megabytes = Double(count * kib) / 1024
        print(
            String(
                format: "attach %d files of %d KiB (copy in, hash, fsync, queue 3 writes): %.2f s; peak %.0f MiB",
                count, kib, attachSeconds, attachPeak))
        print(
            String(
                format:
                    "drain %d uploads (+ items, edges): copy %.2f s (%.0f MiB/s), peak %.0f MiB; raw POST /blobs loop %.2f s (%.0f MiB/s), peak %.0f MiB; copy/raw %.2f",
                count, drainSeconds, megabytes / drainSeconds, drainPeak, rawSeconds, megabytes / rawSeconds, rawPeak,
                drainSeconds / rawSeconds))
        await copy.close()

        let second = try await WorkingCopy.open(store: folder.appendingPathComponent("second.sqlite"), server: server)
        resetPeak()
        let fetchStart = ContinuousClock.now
        for hash in hashes {
            let local = try await second.blobs.get(hash)
            let read = [UInt8](try Data(contentsOf: local))
            precondition("sha256:" + SHA256.hex(read) == hash, "a fetched blob isn't its hash")
        }
        let fetchSeconds = seconds(ContinuousClock.now - fetchStart)
        print(
            String(
                format:
                    "fetch %d blobs on a second copy (streamed, hash-checked, each read back and checked again): %.2f s (%.0f MiB/s), peak %.0f MiB",
                count, fetchSeconds, megabytes / fetchSeconds, peakMiB()))
        await second.close()
    }

    /// Writes `kib` KiB of bytes that differ per seed; answers their hash.
    private static func write(_ file: URL, kib: Int, seed: UInt64) throws -> String {
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

    private static func rawUpload(_ file: URL, local: LocalProcess) async throws {
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
    }

    /// Resets the peak resident size the kernel keeps for this process (`VmHWM`).
    private static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// The peak resident size since the last reset, in MiB (`VmHWM`).
    private static func peakMiB() -> Double {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
