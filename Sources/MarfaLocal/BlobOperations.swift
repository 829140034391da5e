import Foundation
import MarfaOpenAPIRuntime
import MarfaTypes

/// Blobs: `POST /blobs` stores the raw body by its SHA-256 (written to disk as it arrives by
/// `BlobUploadSpool`; `413 blob_too_large` past the instance's blob limit) and answers
/// `{hash, mime_type, size}`; `GET /blobs/{hash}` streams the bytes from disk (`404
/// blob_not_found`), and a `Range` (`BlobByteRange`) as `206` with `Content-Range` or `416
/// range_not_satisfiable`; `GET /blobs/{hash}/url` is `400 presigned_urls_unavailable`, since the
/// local instance keeps blobs in its data folder, not in an object store.
extension LocalAPI {
    var blobs: BlobStore { BlobStore(dataDirectory: store.directory) }

    func uploadBlob(_ input: Operations.UploadBlob.Input) async throws -> Operations.UploadBlob.Output {
        _ = try RequestContext.current.requireKey()
        guard case .binary(let body) = input.body else {
            throw LocalError.validation("The blob is the raw request body.")
        }
        let stored = try await store(body)
        return .created(
            .init(
                headers: .init(xMarfaContract: Self.contract),
                body: .json(.init(hash: stored.hash, mimeType: stored.mimeType, size: stored.size))))
    }

    /// Keeps an upload's body: the spooled file renamed into place, or (for a body no spool
    /// wrote) the bytes collected up to the blob limit.
    private func store(_ body: HTTPBody) async throws -> BlobStore.Stored {
        if let spool = uploads.spool(behind: body) { return try await spool.store(in: blobs) }
        let bytes: [UInt8]
        do {
            bytes = try await body.collect(upTo: maxBlobBytes)
        } catch is HTTPBody.TooManyBytesError {
            throw LocalError(413, "blob_too_large", "A blob is at most \(maxBlobBytes) bytes.")
        }
        let hash = try blobs.put(bytes)
        return BlobStore.Stored(hash: hash, size: Int64(bytes.count), mimeType: BlobStore.mimeType(of: bytes))
    }

    func downloadBlob(_ input: Operations.DownloadBlob.Input) async throws -> Operations.DownloadBlob.Output {
        _ = try RequestContext.current.requireKey()
        guard let (file, size) = try blobs.stored(input.path.hash) else {
            throw LocalError.notFound("blob_not_found", "No blob \(input.path.hash).")
        }
        switch BlobByteRange(input.headers.range, size: size) {
        case .whole:
            return .ok(
                .init(
                    headers: .init(xMarfaContract: Self.contract, acceptRanges: "bytes"),
                    body: .binary(BlobReader.body(of: file, from: 0, size: size))))
        case .part(let first, let last):
            return .partialContent(
                .init(
                    headers: .init(
                        xMarfaContract: Self.contract, acceptRanges: "bytes",
                        contentRange: "bytes \(first)-\(last)/\(size)"),
                    body: .binary(BlobReader.body(of: file, from: first, count: last - first + 1))))
        case .unsatisfiable:
            var refusal = LocalError(
                416, "range_not_satisfiable", "The range starts past the end of the blob's \(size) bytes.")
            refusal.headers = [("Content-Range", "bytes */\(size)")]
            throw refusal
        }
    }

    func getBlobUrl(_ input: Operations.GetBlobUrl.Input) async throws -> Operations.GetBlobUrl.Output {
        _ = try RequestContext.current.requireKey()
        _ = try BlobStore.hex(of: input.path.hash)
        throw LocalError(
            400, "presigned_urls_unavailable",
            "The local instance keeps blobs in its data folder; download them with GET /blobs/{hash}.")
    }
}
