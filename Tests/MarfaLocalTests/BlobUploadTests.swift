import Foundation
import MarfaDigest
import MarfaLocal
import MarfaOpenAPIRuntime
import Testing

/// `POST /blobs` written to disk as it arrives and `GET /blobs/{hash}` with `Range`, over real
/// HTTP on loopback against an instance with a small blob limit.
@Suite("Local instance: blob uploads spooled to disk, ranges", .timeLimit(.minutes(2)))
struct BlobUploadTests {
    static let limit = 1 << 20

    static var options: LocalInstance.Options {
        var options = LocalInstance.Options(log: { _ in })
        options.maxBlobBytes = limit
        return options
    }

    /// Bytes that differ from run to run and from one another.
    static func bytes(_ count: Int, seed: UInt8) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed) &+ ($0 >> 11)) }
    }

    /// What the blob folder holds, temporary files included.
    static func blobFolder(_ local: LocalTestInstance) -> [String] {
        let path = local.folder.appendingPathComponent("blobs").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    static func upload(
        _ local: LocalTestInstance, _ body: HTTPBody, key: String? = nil
    ) async throws -> RawAnswer {
        var fields: HTTPFields = ["Authorization": "Bearer \(local.key)", "Content-Type": "application/octet-stream"]
        if let key { fields["Idempotency-Key"] = key }
        let (response, answer) = try await local.transport.send(
            HTTPRequest(method: .post, path: "/blobs", headerFields: fields), body: body, baseURL: local.url,
            operationID: "uploadBlob")
        return RawAnswer(
            status: response.status.code, headers: response.headerFields,
            bytes: try await answer?.collect(upTo: 1 << 20) ?? [])
    }

    /// A body of `bytes` in pieces with no length, sent chunked.
    static func chunked(_ bytes: [UInt8]) -> HTTPBody {
        let pieces = AsyncStream<ArraySlice<UInt8>> { continuation in
            for start in stride(from: 0, to: bytes.count, by: 64 << 10) {
                continuation.yield(bytes[start..<min(start + (64 << 10), bytes.count)])
            }
            continuation.finish()
        }
        return HTTPBody(pieces, length: .unknown)
    }

    @Test("an upload at the limit is stored under its hash whole, the temporary file renamed into place")
    func atTheLimit() async throws {
        try await LocalTestInstance.with(options: Self.options) { local in
            let bytes = Self.bytes(Self.limit, seed: 1)
            let stored = try await Self.upload(local, Self.chunked(bytes))
            #expect(stored.status == 201)
            let hash = "sha256:" + SHA256.hex(bytes)
            #expect(stored.json["hash"]?.string == hash && stored.json["size"]?.int == Int64(bytes.count))
            #expect(Self.blobFolder(local) == [String(hash.dropFirst(7))])
            #expect(try await local.send(.get, "/blobs/\(hash)").bytes == bytes)
        }
    }

    @Test("past the limit, with a length or chunked, is 413 blob_too_large in the envelope and leaves nothing on disk")
    func pastTheLimit() async throws {
        try await LocalTestInstance.with(options: Self.options) { local in
            let bytes = Self.bytes(Self.limit + 1, seed: 2)
            let declared = try await Self.upload(local, HTTPBody(bytes))
            #expect(declared.status == 413 && declared.errorCode == "blob_too_large")
            let chunked = try await Self.upload(local, Self.chunked(bytes))
            #expect(chunked.status == 413 && chunked.errorCode == "blob_too_large")
            // Answered by the server before any middleware, and still naming the contract.
            #expect(declared.headers["X-Marfa-Contract"] != nil && chunked.headers["X-Marfa-Contract"] != nil)
            #expect(Self.blobFolder(local).isEmpty)
            // JSON bodies keep their own, smaller limit.
            #expect(LocalInstance.Options().maxBodyBytes < LocalInstance.Options.defaultMaxBlobBytes)
        }
    }

    @Test("an upload cut part-way leaves no file behind once the connection is gone")
    func cutUpload() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-cut-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let instance = try await LocalInstance.start(dataDirectory: folder, options: Self.options)
        let head =
            "POST /blobs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(instance.bootstrapKey ?? "")\r\n"
            + "Content-Type: application/octet-stream\r\nContent-Length: \(Self.limit)\r\n\r\n"
        let exchange = await RawConnection.exchange(
            port: instance.url.port ?? 0, Array(head.utf8) + Self.bytes(Self.limit / 2, seed: 3), answers: 0)
        #expect(exchange.answers.isEmpty)
        // Stopping ends every request the instance still holds, the cut one included.
        await instance.stop()
        let blobs = folder.appendingPathComponent("blobs").path
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: blobs)) ?? []).isEmpty)
    }

    @Test("the same key and bytes replay the answer; the same key with other bytes is idempotency_key_reused")
    func idempotentUpload() async throws {
        try await LocalTestInstance.with(options: Self.options) { local in
            let bytes = Self.bytes(300_000, seed: 4)
            let first = try await Self.upload(local, HTTPBody(bytes), key: "upload-1")
            let again = try await Self.upload(local, Self.chunked(bytes), key: "upload-1")
            #expect(first.status == 201 && again.status == 201)
            #expect(again.headers["Idempotency-Replayed"] == "true")
            #expect(again.json["hash"] == first.json["hash"])
            let other = try await Self.upload(local, HTTPBody(Self.bytes(300_000, seed: 5)), key: "upload-1")
            #expect(other.status == 422 && other.errorCode == "idempotency_key_reused")
            #expect(Self.blobFolder(local).count == 1)
        }
    }

    @Test("Range: N-M, N- and -N answer 206 with Content-Range; past the end 416 with bytes */size; others the whole")
    func ranges() async throws {
        try await LocalTestInstance.with(options: Self.options) { local in
            let bytes = Self.bytes(1000, seed: 6)
            let hash = try #require(try await Self.upload(local, HTTPBody(bytes)).json["hash"]?.string)
            func get(_ range: String?) async throws -> RawAnswer {
                try await local.send(.get, "/blobs/\(hash)", headers: range.map { ["Range": $0] } ?? [:])
            }
            let whole = try await get(nil)
            #expect(whole.status == 200 && whole.bytes == bytes && whole.headers["Accept-Ranges"] == "bytes")
            let cases: [(String, Range<Int>)] = [
                ("bytes=10-19", 10..<20), ("bytes=990-", 990..<1000), ("bytes=-5", 995..<1000),
                ("bytes = 0 - 2000", 0..<1000), ("bytes=-5000", 0..<1000),
            ]
            for (range, expected) in cases {
                let part = try await get(range)
                #expect(part.status == 206, "\(range)")
                #expect(part.bytes == Array(bytes[expected]), "\(range)")
                #expect(
                    part.headers["Content-Range"] == "bytes \(expected.lowerBound)-\(expected.upperBound - 1)/1000",
                    "\(range)")
            }
            for range in ["bytes=1000-", "bytes=5000-6000", "bytes=-0"] {
                let refused = try await get(range)
                #expect(refused.status == 416 && refused.errorCode == "range_not_satisfiable", "\(range)")
                #expect(refused.headers["Content-Range"] == "bytes */1000", "\(range)")
            }
            for range in ["items=0-1", "bytes=0-1,5-6", "bytes=9-3", "bytes=x-"] {
                let ignored = try await get(range)
                #expect(ignored.status == 200 && ignored.bytes == bytes, "\(range)")
            }
        }
    }
}
