import Foundation

/// The request a queued write becomes: the copy's table of write operations (method, path,
/// generated operation ID), beside `CopyWire`'s reads.
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
        let item = CopyWire.escape(write.itemId ?? "")
        let edge = CopyWire.escape(write.edgeId ?? "")
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
                .delete, "/items/\(item)/tags/\(CopyWire.escape(write.tag ?? ""))", Operations.RemoveItemTag.id, nil
            )
        case .replaceMetadata:
            (method, path, operation) = (.put, "/items/\(item)/metadata", Operations.ReplaceItemMetadata.id)
        case .mergeMetadata:
            (method, path, operation) = (.patch, "/items/\(item)/metadata", Operations.MergeItemMetadata.id)
        case .writeExtension:
            (method, path, operation) = (
                .put, "/items/\(item)/extensions/\(CopyWire.escape(write.namespace ?? ""))",
                Operations.ReplaceItemExtension.id
            )
        case .deleteExtension:
            (method, path, operation, body) =
                (
                    .delete, "/items/\(item)/extensions/\(CopyWire.escape(write.namespace ?? ""))",
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
}
