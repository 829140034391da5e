import Foundation

/// The request a queued write becomes: the generated operation of each kind of write, its path
/// filled from the write, and the body the queue holds.
struct WriteRequest: Sendable {
    var call: WireCall
    var query: [(String, String?)] = []
    var body: [UInt8]?
    /// An upload's bytes, streamed from the blob folder instead of `body`.
    var upload: Upload?

    /// A held blob sent as the raw body.
    struct Upload: Sendable {
        var file: URL
        var size: Int64
    }

    /// The request for `write`, updates based on `version`.
    init(_ write: QueuedWrite, version: Int64?) {
        call = Self.call(for: write)
        var body: JSONObject? = write.body
        switch write.kind {
        case .updateItem:
            query = [("conflict", "auto")]
            body?["version"] = .int(version ?? write.baseVersion ?? 0)
        case .updateEdge: body?["version"] = .int(version ?? write.baseVersion ?? 0)
        case .deleteItem, .restoreItem, .removeTag, .deleteExtension, .deleteEdge, .uploadBlob: body = nil
        default: break
        }
        self.body = body.map { Array(JSONText.encode($0).utf8) }
        upload = nil
    }

    /// The generated operation `write` is sent as, its path filled from the write.
    private static func call(for write: QueuedWrite) -> WireCall {
        let item = write.itemId ?? ""
        switch write.kind {
        case .createItem: return WireCall(Operations.CreateItem.self)
        case .updateItem: return WireCall(Operations.UpdateItem.self, item)
        case .deleteItem: return WireCall(Operations.DeleteItem.self, item)
        case .restoreItem: return WireCall(Operations.RestoreItem.self, item)
        case .transitionItem: return WireCall(Operations.TransitionItem.self, item)
        case .addTag: return WireCall(Operations.AddItemTags.self, item)
        case .removeTag: return WireCall(Operations.RemoveItemTag.self, item, write.tag ?? "")
        case .replaceMetadata: return WireCall(Operations.ReplaceItemMetadata.self, item)
        case .mergeMetadata: return WireCall(Operations.MergeItemMetadata.self, item)
        case .writeExtension: return WireCall(Operations.ReplaceItemExtension.self, item, write.namespace ?? "")
        case .deleteExtension: return WireCall(Operations.DeleteItemExtension.self, item, write.namespace ?? "")
        case .createEdge: return WireCall(Operations.CreateEdge.self)
        case .updateEdge: return WireCall(Operations.UpdateEdge.self, write.edgeId ?? "")
        case .deleteEdge: return WireCall(Operations.DeleteEdge.self, write.edgeId ?? "")
        case .uploadBlob: return WireCall(Operations.UploadBlob.self)
        }
    }
}
