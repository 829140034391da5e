import Foundation
import Marfa
import MarfaClock
import MarfaHTTP
import MarfaLocal
import Testing

@Suite("Working copy: blobs beside the store, uploaded and fetched", .timeLimit(.minutes(2)))
struct BlobTests {
    @Test("put copies the bytes under their hash once and queues one upload; the drain streams them to the instance")
    func putAndDrain() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            let bytes = FileFixtures.bytes(700_000, seed: 1)
            let (file, hash) = try FileFixtures.write(bytes, named: "scan.pdf", in: test.folder)
            let upload = try await copy.blobs.put(file: file)
            #expect(
                upload.kind == .uploadBlob && upload.blob == hash
                    && upload.body["mime_type"]?.string == "application/pdf")
            #expect(try await copy.blobs.isHeld(hash))
            #expect(FileFixtures.blobFolder(of: test.store()) == [String(hash.dropFirst(7))])
            let held = try await copy.blobs.get(hash)
            #expect(try Data(contentsOf: held) == Data(bytes))
            // The same bytes again, under another name: the same upload, nothing held twice.
            let (copyOfFile, _) = try FileFixtures.write(bytes, named: "again.bin", in: test.folder)
            #expect(try await copy.blobs.put(file: copyOfFile, mimeType: "application/octet-stream").id == upload.id)
            #expect(try await copy.queue.all().map(\.id) == [upload.id])
            #expect(FileFixtures.blobFolder(of: test.store()).count == 1)
            #expect(try await FileFixtures.serverBytes(hash, test: test).status == 404)
            let report = try await copy.queue.drain()
            #expect(report.answered == 1 && report.verdicts.first?.verdict == .accepted)
            let server = try await FileFixtures.serverBytes(hash, test: test)
            #expect(server.status == 200 && server.bytes == bytes)
            // Put again once the instance holds them: a new write, answered without a request.
            let again = try await copy.blobs.put(file: file)
            #expect(again.id != upload.id)
            let second = try await copy.queue.drain()
            #expect(second.answered == 1 && second.unsent == 1 && second.verdicts.first?.verdict == .accepted)
            await copy.close()
        }
    }

    @Test("a file past the old 8 MiB cap drains to the instance, which spools it to disk, and a second copy fetches it")
    func largeUpload() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            let bytes = FileFixtures.bytes(12 << 20, seed: 13)
            let (file, hash) = try FileFixtures.write(bytes, named: "large.bin", in: test.folder)
            _ = try await copy.blobs.put(file: file)
            let report = try await copy.queue.drain()
            #expect(report.answered == 1 && report.verdicts.first?.verdict == .accepted)
            let blobs = test.instance.dataDirectory.appendingPathComponent("blobs").path
            #expect(try FileManager.default.contentsOfDirectory(atPath: blobs) == [String(hash.dropFirst(7))])
            let other = try await test.open(test.store("other.sqlite"))
            #expect(try Data(contentsOf: try await other.blobs.get(hash)) == Data(bytes))
            await other.close()
            await copy.close()
        }
    }

    @Test("the drain streams an upload from the blob folder through URLSessionTransport as through libcurl")
    func uploadThroughURLSession() async throws {
        try await CopyTestInstance.with { test in
            var server = try test.server()
            server.transport = URLSessionTransport()
            let copy = try await WorkingCopy.open(store: test.store(), server: server)
            let bytes = FileFixtures.bytes(3 << 20, seed: 5)
            let (file, hash) = try FileFixtures.write(bytes, named: "session.bin", in: test.folder)
            _ = try await copy.blobs.put(file: file)
            let report = try await copy.queue.drain()
            #expect(report.answered == 1 && report.verdicts.first?.verdict == .accepted)
            #expect(try await FileFixtures.serverBytes(hash, test: test).bytes == bytes)
            try FileManager.default.removeItem(atPath: test.store().path + ".blobs/" + hash.dropFirst(7))
            #expect(try Data(contentsOf: try await copy.blobs.get(hash)) == Data(bytes))
            await copy.close()
        }
    }

    @Test("a second copy fetches the bytes, streamed and checked against the hash, and holds them after")
    func fetchOnSecondCopy() async throws {
        try await CopyTestInstance.with { test in
            let first = try await test.open()
            let bytes = FileFixtures.bytes(1 << 20, seed: 2)
            let (file, hash) = try FileFixtures.write(bytes, named: "photo.png", in: test.folder)
            _ = try await first.blobs.put(file: file)
            _ = try await first.queue.drain()
            await first.close()
            let second = try await test.open(test.store("second.sqlite"))
            #expect(try await second.blobs.isHeld(hash) == false)
            let fetched = try await second.blobs.get(hash)
            #expect(try Data(contentsOf: fetched) == Data(bytes))
            #expect(try await second.blobs.isHeld(hash))
            #expect(FileFixtures.blobFolder(of: test.store("second.sqlite")) == [String(hash.dropFirst(7))])
            // Bytes the instance never had: bytesAbsent naming the hash.
            let unknown = "sha256:" + String(repeating: "ab", count: 32)
            await #expect {
                _ = try await second.blobs.get(unknown)
            } throws: { error in
                guard case .bytesAbsent(let named, _, _) = error as? MarfaError else { return false }
                return named == unknown
            }
            await #expect(throws: MarfaError.self) { _ = try await second.blobs.get("sha256:../../etc/passwd") }
            await second.close()
        }
    }

    @Test("a reader and a copy without a server throw bytesAbsent for bytes the device lacks")
    func absentWithoutFetcher() async throws {
        try await CopyTestInstance.with { test in
            let hash = "sha256:" + String(repeating: "cd", count: 32)
            let offline = try await WorkingCopy.open(store: test.store())
            let reader = try await WorkingCopy.openReader(store: test.store())
            for (copy, reason) in [(offline, "no_server"), (reader, "reader")] {
                await #expect {
                    _ = try await copy.blobs.get(hash)
                } throws: { error in
                    guard case .bytesAbsent(let named, let why, _) = error as? MarfaError else { return false }
                    return named == hash && why == reason
                }
            }
            let (file, _) = try FileFixtures.write([1, 2, 3], named: "x.txt", in: test.folder)
            await #expect(
                throws: MarfaError.readingHandle(message: "Another copy writes this store, so this one only reads it.")
            ) {
                _ = try await reader.blobs.put(file: file)
            }
            await reader.close()
            await offline.close()
        }
    }

    @Test("a fetch larger than the volume's free room throws noRoom before it starts, and writes nothing")
    func noRoom() async throws {
        try await CopyTestInstance.with { test in
            let first = try await test.open()
            let bytes = FileFixtures.bytes(300_000, seed: 3)
            let (file, hash) = try FileFixtures.write(bytes, named: "big.bin", in: test.folder)
            _ = try await first.blobs.put(file: file)
            _ = try await first.queue.drain()
            await first.close()
            let store = test.store("small.sqlite")
            let files = ScriptedFiles(free: 1000)
            let second = try await WorkingCopy.open(
                store: store, server: try test.server(), expectingUnsent: nil, clock: SystemClock(), files: files)
            await #expect {
                _ = try await second.blobs.get(hash)
            } throws: { error in
                guard case .noRoom(let needed, let available, _) = error as? MarfaError else { return false }
                return needed == UInt64(bytes.count) && available == 1000
            }
            #expect(
                FileFixtures.blobFolder(of: store).allSatisfy {
                    (try? FileManager.default.attributesOfItem(atPath: store.path + ".blobs/" + $0)[.size] as? Int) == 0
                })
            #expect(try await second.blobs.isHeld(hash) == false)
            await second.close()
        }
    }

    @Test("a fetch cut part-way keeps what arrived and the next asks only for the rest")
    func resumedFetch() async throws {
        try await CopyTestInstance.with { test in
            let first = try await test.open()
            let bytes = FileFixtures.bytes(2 << 20, seed: 4)
            let (file, hash) = try FileFixtures.write(bytes, named: "long.bin", in: test.folder)
            _ = try await first.blobs.put(file: file)
            _ = try await first.queue.drain()
            await first.close()
            let proxy = try CuttingProxy(upstreamPort: test.instance.url.port ?? 0)
            defer { proxy.stop() }
            let store = test.store("cut.sqlite")
            let second = try await WorkingCopy.open(
                store: store, server: try Server(url: proxy.url, key: test.ownerKey))
            proxy.arm(.answer(after: 1 << 20))
            await #expect(throws: MarfaError.self) { _ = try await second.blobs.get(hash) }
            let partial = store.path + ".blobs/.incoming-\(hash.dropFirst(7)).part"
            let kept = try #require(try FileManager.default.attributesOfItem(atPath: partial)[.size] as? Int)
            #expect(kept > 0 && kept < bytes.count)
            proxy.arm(nil)
            let fetched = try await second.blobs.get(hash)
            #expect(try Data(contentsOf: fetched) == Data(bytes))
            // The second answer carried the rest, not the whole blob again.
            #expect(proxy.counted.answered < bytes.count - kept + 4096)
            #expect(!FileManager.default.fileExists(atPath: partial))
            await second.close()
        }
    }
}
