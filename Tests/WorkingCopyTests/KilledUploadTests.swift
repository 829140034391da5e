import Foundation
import Marfa
import MarfaDigest
import MarfaLocal
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Working copy: an upload drain killed part way", .timeLimit(.minutes(3)))
struct KilledUploadTests {
    /// Rounds in the suite; `MARFA_UPLOAD_KILL_ROUNDS` asks for more (the run is 20).
    static let rounds = Int(ProcessInfo.processInfo.environment["MARFA_UPLOAD_KILL_ROUNDS"] ?? "") ?? 6
    static let (uploads, size) = (48, 96 << 10)

    @Test(
        "a drain of uploads killed with SIGKILL mid-body, round after round, then finished: each blob on the instance once and whole"
    )
    func killedUploads() async throws {
        try await CopyTestInstance.with { test in
            // The store is bound to the proxy's address, which every drain goes through.
            let proxy = try CuttingProxy(upstreamPort: test.instance.url.port ?? 0)
            defer { proxy.stop() }
            let server = try Server(url: proxy.url, key: test.ownerKey)
            let copy = try await WorkingCopy.open(store: test.store(), server: server)
            var expected: [String: [UInt8]] = [:]
            // Each kill falls within two uploads' bytes, so even 20 rounds leave uploads unsent.
            for index in 0..<Self.uploads {
                let bytes = FileFixtures.bytes(Self.size, seed: UInt64(100 + index))
                let (file, hash) = try FileFixtures.write(bytes, named: "upload-\(index).bin", in: test.folder)
                _ = try await copy.blobs.put(file: file)
                expected[hash] = bytes
            }
            let keys = try await copy.queue.all().map(\.idempotencyKey)
            await copy.close()
            var kills: [Int] = []
            for _ in 0..<Self.rounds {
                let after = Int.random(in: 1...(2 * Self.size))
                kills.append(after)
                #expect(
                    try await killDrain(test, proxy: proxy, afterBytes: after), "the probe ended before \(after) bytes")
            }
            let reopened = try await WorkingCopy.open(store: test.store(), server: server)
            let delivered = try await reopened.queue.all().filter { $0.verdict != nil }.count
            #expect(
                delivered > 0 && delivered < Self.uploads, "the killed drains delivered \(delivered) of \(Self.uploads)"
            )
            #expect(try await reopened.queue.all().map(\.idempotencyKey) == keys, "a kill changed a key: \(kills)")
            let report = try await reopened.queue.drain()
            #expect(report.unavailable == nil, "after kills at \(kills)")
            let queue = try await reopened.queue.all()
            #expect(
                queue.count == Self.uploads && queue.allSatisfy { $0.verdict == .accepted }, "after kills at \(kills)")
            // The instance holds each blob once, whole, and nothing half written.
            let folder = test.folder.appendingPathComponent("instance/blobs")
            // A killed upload's spool (`.upload-*`) lives until the instance sees its connection end.
            let held = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
            #expect(held.sorted() == expected.keys.map { String($0.dropFirst(7)) }.sorted(), "after kills at \(kills)")
            for (hash, bytes) in expected {
                let stored = try [UInt8](Data(contentsOf: folder.appendingPathComponent(String(hash.dropFirst(7)))))
                #expect(stored == bytes && "sha256:" + SHA256.hex(stored) == hash)
            }
            await reopened.close()
            // Stopping ends every request the instance still holds, and their spools with them.
            proxy.stop()
            await test.instance.stop()
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
            #expect(left.isEmpty, "\(left)")
        }
    }

    /// Starts `copy-probe drain` through `proxy` and kills it once it has sent `bytes` bytes;
    /// answers whether the kill ended it.
    private func killDrain(_ test: CopyTestInstance, proxy: CuttingProxy, afterBytes bytes: Int) async throws -> Bool {
        let (process, _) = try startProbe(["drain", test.store().path, proxy.url.absoluteString, test.ownerKey])
        let pid = process.processIdentifier
        proxy.trip(after: bytes) { kill(pid, SIGKILL) }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                process.waitUntilExit()
                done.resume()
            }.start()
        }
        return process.terminationReason == .uncaughtSignal
    }
}
