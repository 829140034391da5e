/// The blob download door, `GET /blobs/{hash}`, as a stream.
extension WireExchange {
    /// Starts `GET /blobs/{hash}`, asking only for the bytes from `offset` on (`Range`) when it is
    /// past zero; answers the head and the body, unread.
    func blob(hash: String, from offset: UInt64) async throws -> (HTTPResponse, HTTPBody?) {
        var fields = HTTPFields()
        if offset > 0 { fields["Range"] = "bytes=\(offset)-" }
        let call = WireCall(Operations.DownloadBlob.self, hash)
        return try await stream(call.head(fields), body: nil, operation: call.operation, returningRefusals: false)
    }
}
