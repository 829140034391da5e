import Foundation

/// One answer to a queued write, read whole: the status, whether the server answered from its
/// idempotency record, and the body.
struct WriteAnswer: Sendable {
    var status: Int
    var replayed: Bool
    var retryAfter: String?
    var body: [UInt8]

    var json: JSONValue? { try? JSONCoding.decode(JSONValue.self, from: Data(body)) }
    var text: String { String(decoding: body, as: UTF8.self) }
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
        let head = HTTPRequest(method: request.method, path: request.path, headerFields: fields)
        if let upload = request.upload { return try await send(head, upload: upload, operation: request.operation) }
        let answer = try await WireExchange(server: server).send(
            head, body: request.body, operation: request.operation, returningRefusals: true)
        return WriteAnswer(
            status: answer.response.status, replayed: answer.response.headerFields["Idempotency-Replayed"] == "true",
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
            let (response, answer) = try await server.send(
                head, body: body, operation: operation, returningRefusals: true)
            return WriteAnswer(
                status: response.status, replayed: response.headerFields["Idempotency-Replayed"] == "true",
                retryAfter: response.headerFields["Retry-After"],
                body: try await answer?.collect(upTo: Server.answerLimit) ?? [])
        }
    }
}

/// The request a queued write becomes.
struct WriteRequest: Sendable {
    var method: HTTPMethod
    var path: String
    var body: [UInt8]?
    var operation: String
    /// An upload's bytes, streamed from the blob folder instead of `body`.
    var upload: Upload?

    /// A held blob sent as the raw body.
    struct Upload: Sendable {
        var file: URL
        var size: Int64
    }

    /// The request for `write`, updates based on `version`.
    init(_ write: QueuedWrite, version: Int64?) {
        let item = Self.escape(write.itemId ?? "")
        let edge = Self.escape(write.edgeId ?? "")
        var body: JSONObject? = write.body
        switch write.kind {
        case .createItem: (method, path, operation) = (.post, "/items", Operations.CreateItem.id)
        case .updateItem:
            (method, path, operation) = (.patch, "/items/\(item)?conflict=auto", Operations.UpdateItem.id)
            body?["version"] = .int(version ?? write.baseVersion ?? 0)
        case .deleteItem: (method, path, operation, body) = (.delete, "/items/\(item)", Operations.DeleteItem.id, nil)
        case .restoreItem:
            (method, path, operation, body) = (.post, "/items/\(item)/restore", Operations.RestoreItem.id, nil)
        case .transitionItem:
            (method, path, operation) = (.post, "/items/\(item)/transition", Operations.TransitionItem.id)
        case .addTag: (method, path, operation) = (.post, "/items/\(item)/tags", Operations.AddItemTags.id)
        case .removeTag:
            (method, path, operation, body) = (
                .delete, "/items/\(item)/tags/\(Self.escape(write.tag ?? ""))", Operations.RemoveItemTag.id, nil
            )
        case .replaceMetadata:
            (method, path, operation) = (.put, "/items/\(item)/metadata", Operations.ReplaceItemMetadata.id)
        case .mergeMetadata:
            (method, path, operation) = (.patch, "/items/\(item)/metadata", Operations.MergeItemMetadata.id)
        case .writeExtension:
            (method, path, operation) = (
                .put, "/items/\(item)/extensions/\(Self.escape(write.namespace ?? ""))",
                Operations.ReplaceItemExtension.id
            )
        case .deleteExtension:
            (method, path, operation, body) =
                (
                    .delete, "/items/\(item)/extensions/\(Self.escape(write.namespace ?? ""))",
                    Operations.DeleteItemExtension.id, nil
                )
        case .createEdge: (method, path, operation) = (.post, "/edges", Operations.CreateEdge.id)
        case .updateEdge:
            (method, path, operation) = (.patch, "/edges/\(edge)", Operations.UpdateEdge.id)
            body?["version"] = .int(version ?? write.baseVersion ?? 0)
        case .deleteEdge: (method, path, operation, body) = (.delete, "/edges/\(edge)", Operations.DeleteEdge.id, nil)
        case .uploadBlob: (method, path, operation, body) = (.post, "/blobs", Operations.UploadBlob.id, nil)
        }
        self.body = body.map { Array(JSONText.encode($0).utf8) }
        upload = nil
    }

    private static func escape(_ segment: String) -> String {
        segment.addingPercentEncoding(
            withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? segment
    }
}
