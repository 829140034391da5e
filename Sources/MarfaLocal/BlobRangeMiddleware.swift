import Foundation
import MarfaOpenAPIRuntime

/// Answers `GET /blobs/{hash}` carrying `Range: bytes=N-` with `206 Partial Content` and the
/// bytes from N, so a fetch cut part-way resumes where it stopped. Any other range, or one past
/// the end, is left to the door, which answers the whole blob (200), as a server that ignores
/// `Range` would. Runs behind the key check.
struct BlobRangeMiddleware: ServerMiddleware {
    let blobs: BlobStore

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard operationID == "downloadBlob", let offset = Self.offset(request.headerFields["Range"]),
            let hash = request.path.split(separator: "?").first?.split(separator: "/").last.map(String.init),
            let hash = hash.removingPercentEncoding, let (file, size) = try? blobs.stored(hash), offset < size
        else { return try await next(request, body, metadata) }
        _ = try RequestContext.current.requireKey()
        var fields = HTTPFields()
        fields["Content-Type"] = "application/octet-stream"
        fields["Content-Range"] = "bytes \(offset)-\(size - 1)/\(size)"
        return (HTTPResponse(status: 206, headerFields: fields), BlobReader.body(of: file, from: offset, size: size))
    }

    /// N in `bytes=N-`; nil for any other range.
    static func offset(_ range: String?) -> UInt64? {
        guard let range, range.hasPrefix("bytes="), range.hasSuffix("-") else { return nil }
        return UInt64(range.dropFirst(6).dropLast())
    }
}
