import Foundation
import MarfaOpenAPIRuntime
import MarfaTypes

/// Blobs: `POST /blobs` stores the raw body by its SHA-256 (`413 blob_too_large` past the
/// instance's body cap) and answers `{hash, mime_type, size}`; `GET /blobs/{hash}` streams the
/// bytes from disk (`404 blob_not_found`; `BlobRangeMiddleware` answers a `Range` with the rest); `GET /blobs/{hash}/url` is `400 presigned_urls_unavailable`,
/// since the local instance keeps blobs in its data folder, not in an object store.
extension LocalAPI {
    var blobs: BlobStore { BlobStore(dataDirectory: store.directory) }

    func uploadBlob(_ input: Operations.UploadBlob.Input) async throws -> Operations.UploadBlob.Output {
        _ = try RequestContext.current.requireKey()
        guard case .binary(let body) = input.body else {
            throw LocalError.validation("The blob is the raw request body.")
        }
        let bytes: [UInt8]
        do {
            bytes = try await body.collect(upTo: maxBlobBytes)
        } catch is HTTPBody.TooManyBytesError {
            throw LocalError(413, "blob_too_large", "A blob is at most \(maxBlobBytes) bytes.")
        }
        let hash = try blobs.put(bytes)
        return .created(
            .init(
                headers: .init(xMarfaContract: Self.contract),
                body: .json(.init(hash: hash, mimeType: BlobStore.mimeType(of: bytes), size: Int64(bytes.count)))))
    }

    func downloadBlob(_ input: Operations.DownloadBlob.Input) async throws -> Operations.DownloadBlob.Output {
        _ = try RequestContext.current.requireKey()
        guard let (file, size) = try blobs.stored(input.path.hash) else {
            throw LocalError.notFound("blob_not_found", "No blob \(input.path.hash).")
        }
        return .ok(
            .init(
                headers: .init(xMarfaContract: Self.contract),
                body: .binary(BlobReader.body(of: file, from: 0, size: size))))
    }

    func getBlobUrl(_ input: Operations.GetBlobUrl.Input) async throws -> Operations.GetBlobUrl.Output {
        _ = try RequestContext.current.requireKey()
        _ = try BlobStore.hex(of: input.path.hash)
        throw LocalError(
            400, "presigned_urls_unavailable",
            "The local instance keeps blobs in its data folder; download them with GET /blobs/{hash}.")
    }
}
