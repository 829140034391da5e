import Foundation
import Marfa
import MarfaDigest
import MarfaHTTP
import Testing

/// Fetches from a scripted server over a real socket, for answers an instance never gives: bytes
/// that hash to another name, and a 404 from something that isn't a Marfa server.
@Suite("Working copy: blob fetches a server answers wrongly", .timeLimit(.minutes(1)))
struct BlobFetchFaultTests {
    private static func store() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("blob-fault-\(UUID().uuidString).sqlite")
    }

    private static func octets(_ bytes: [UInt8]) -> (HTTPResponse, HTTPBody?) {
        (
            HTTPResponse(
                status: 200, headerFields: ["Content-Type": "application/octet-stream", "X-Marfa-Contract": "0"]),
            HTTPBody(bytes)
        )
    }

    @Test("bytes that hash to another name throw decoding, keep nothing, and a later fetch asks from the start")
    func wrongBytes() async throws {
        let asked = Array("the bytes asked for".utf8)
        let hash = "sha256:" + SHA256.hex(asked)
        let served = Counter()
        try await withInstance({ request in
            served.add()
            #expect(request.pathOnly == "/blobs/\(hash)" && request.headers["Range"] == nil)
            return served.count == 1 ? Self.octets(Array("other bytes entirely".utf8)) : Self.octets(asked)
        }) { instance in
            let store = Self.store()
            defer { try? FileManager.default.removeItem(atPath: store.path + ".blobs") }
            let copy = try await WorkingCopy.open(store: store, server: try server(for: instance))
            let error = await marfaError { _ = try await copy.blobs.get(hash) }
            guard case .decoding(let message)? = error else {
                throw BlobFaultFailure("wrong bytes threw \(String(describing: error))")
            }
            #expect(message.contains(hash))
            #expect(try await copy.blobs.isHeld(hash) == false)
            let folder = (try? FileManager.default.contentsOfDirectory(atPath: store.path + ".blobs")) ?? []
            #expect(folder.isEmpty)
            #expect(try Data(contentsOf: try await copy.blobs.get(hash)) == Data(asked))
            await copy.close()
        }
    }

    /// A copy whose blob folder holds `kept` as the start of a cut fetch of `hash`.
    private static func copyHolding(
        _ kept: [UInt8], of hash: String, on instance: ScriptedInstance
    ) async throws -> (WorkingCopy, URL) {
        let store = Self.store()
        let folder = URL(fileURLWithPath: store.path + ".blobs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let partial = folder.appendingPathComponent(".incoming-\(hash.dropFirst(7)).part")
        try Data(kept).write(to: partial)
        return (try await WorkingCopy.open(store: store, server: try server(for: instance)), folder)
    }

    private static func partialAnswer(_ bytes: [UInt8], from first: Int) -> (HTTPResponse, HTTPBody?) {
        let fields: HTTPFields = [
            "Content-Type": "application/octet-stream", "X-Marfa-Contract": "0",
            "Content-Range": "bytes \(first)-\(bytes.count - 1)/\(bytes.count)",
        ]
        return (HTTPResponse(status: 206, headerFields: fields), HTTPBody(Array(bytes[first...])))
    }

    @Test(
        "a resumed fetch reads a 206 from where it stopped; a server ignoring Range (200) or answering another range is read from the start"
    )
    func resumedAgainstOtherServers() async throws {
        let bytes = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ ($0 >> 8)) }
        let hash = "sha256:" + SHA256.hex(bytes)
        for answer in ["206", "200", "other range"] {
            try await withInstance({ request in
                guard request.headers["Range"] == "bytes=20000-" else { return Self.octets([]) }
                switch answer {
                case "206": return Self.partialAnswer(bytes, from: 20_000)
                case "200": return Self.octets(bytes)
                default: return Self.partialAnswer(bytes, from: 0)
                }
            }) { instance in
                let (copy, folder) = try await Self.copyHolding(Array(bytes[..<20_000]), of: hash, on: instance)
                defer { try? FileManager.default.removeItem(at: folder) }
                #expect(try Data(contentsOf: try await copy.blobs.get(hash)) == Data(bytes), "\(answer)")
                #expect(instance.requests.count == 1, "\(answer)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1, "\(answer)")
                await copy.close()
            }
        }
    }

    @Test("kept bytes that reach past the blob's end are answered 416, dropped, and the blob asked for whole")
    func unsatisfiableResume() async throws {
        let bytes = Array("the whole blob, short".utf8)
        let hash = "sha256:" + SHA256.hex(bytes)
        try await withInstance({ request in
            guard request.headers["Range"] != nil else { return Self.octets(bytes) }
            return refusal(
                416, code: "range_not_satisfiable", message: "Past the end.",
                fields: ["Content-Range": "bytes */\(bytes.count)"])
        }) { instance in
            let (copy, folder) = try await Self.copyHolding(bytes + Array("junk".utf8), of: hash, on: instance)
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(try Data(contentsOf: try await copy.blobs.get(hash)) == Data(bytes))
            #expect(instance.requests.map { $0.headers["Range"] } == ["bytes=25-", nil])
            await copy.close()
        }
    }

    @Test("kept bytes that already hash to the name are kept with no request")
    func completeResume() async throws {
        let bytes = Array("cut after the last byte".utf8)
        let hash = "sha256:" + SHA256.hex(bytes)
        try await withInstance({ _ in Self.octets([]) }) { instance in
            let (copy, folder) = try await Self.copyHolding(bytes, of: hash, on: instance)
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(try Data(contentsOf: try await copy.blobs.get(hash)) == Data(bytes))
            #expect(instance.requests.isEmpty)
            await copy.close()
        }
    }

    @Test("a 404 in the server's envelope is bytesAbsent; a proxy's 404 without the contract is not")
    func absentOrNot() async throws {
        let hash = "sha256:" + String(repeating: "e", count: 64)
        let served = Counter()
        try await withInstance({ _ in
            served.add()
            if served.count == 1 { return refusal(404, code: "blob_not_found", message: "No blob.") }
            return (
                HTTPResponse(status: 404, headerFields: ["Content-Type": "text/html"]), HTTPBody("<h1>Not Found</h1>")
            )
        }) { instance in
            let copy = try await WorkingCopy.open(store: Self.store(), server: try server(for: instance))
            guard case .bytesAbsent(let named, _, _)? = await marfaError({ _ = try await copy.blobs.get(hash) }) else {
                throw BlobFaultFailure("the server's 404 wasn't bytesAbsent")
            }
            #expect(named == hash)
            let proxied = await marfaError { _ = try await copy.blobs.get(hash) }
            if case .bytesAbsent? = proxied { Issue.record("a proxy's 404 was taken for the server's answer") }
            #expect(proxied != nil)
            await copy.close()
        }
    }
}

struct BlobFaultFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
