import Foundation

/// One answer to a queued write, read whole: the status, whether the server answered from its
/// idempotency record, and the body.
struct WriteAnswer: Sendable {
    var status: Int
    var replayed: Bool
    var retryAfter: String?
    var body: [UInt8]

    var json: JSONValue? { try? JSONCoding.value(from: body) }
    var text: String { String(decoding: body, as: UTF8.self) }
    /// The hash an upload's answer names for the bytes it stored.
    var namedHash: String? { json?["hash"]?.string }
}

/// Sends a queued write as its request, with its idempotency key, through the copy's wire layer
/// (`WireExchange`: the server's credential with its renewal, contract check and time budget). A
/// refusal naming the contract is answered, not thrown, so the drain reads its details;
/// everything else that fails is thrown as a `MarfaError`.
struct WriteSender: Sendable {
    let server: Server

    func send(_ request: WriteRequest, idempotencyKey: String) async throws(MarfaError) -> WriteAnswer {
        var fields = HTTPFields()
        fields["Idempotency-Key"] = idempotencyKey
        if request.body != nil { fields["Content-Type"] = "application/json" }
        if request.upload != nil { fields["Content-Type"] = "application/octet-stream" }
        let head = request.call.head(fields, query: request.query)
        if let upload = request.upload {
            return try await send(head, upload: upload, operation: request.call.operation)
        }
        let answer = try await WireExchange(server: server).send(
            head, body: request.body, operation: request.call.operation, returningRefusals: true)
        return WriteAnswer(
            status: answer.response.status.code,
            replayed: answer.response.headerFields["Idempotency-Replayed"] == "true",
            retryAfter: answer.response.headerFields["Retry-After"], body: answer.body)
    }

    /// An upload: the raw bytes streamed from the blob folder (the contract takes them as
    /// `application/octet-stream`; what they are is the file item's `mime_type`). It takes as long
    /// as its bytes do, so only the server's silence bounds it.
    private func send(
        _ head: HTTPRequest, upload: WriteRequest.Upload, operation: String
    ) async throws(MarfaError) -> WriteAnswer {
        let server = self.server
        return try await server.run(timeout: nil, idleTimeout: BlobFetch.idleTimeout) {
            let body = BlobFileChunks.body(of: upload.file, size: upload.size)
            let (response, answer) = try await WireExchange(server: server).stream(
                head, body: body, operation: operation, returningRefusals: true)
            return WriteAnswer(
                status: response.status.code, replayed: response.headerFields["Idempotency-Replayed"] == "true",
                retryAfter: response.headerFields["Retry-After"],
                body: try await answer?.collect(upTo: Server.answerLimit) ?? [])
        }
    }
}
