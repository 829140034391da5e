import Foundation

/// Files attached to items: the upload, the file item naming its bytes (`blob_ref`, `mime_type`)
/// and the `attached-to` edge from the file item to the item, as three queued writes each
/// waiting on the one before, so the edge never reaches the server before its item and bytes.
extension Items {
    /// Attaches the file at `file` to the item `id`: its bytes are copied beside the store and
    /// three writes queued in one store transaction (see `Attached`), so a failure or a crash
    /// part-way queues none of them. Works offline.
    /// - Throws: `notFound` (`not_held`) for an item the copy doesn't hold or holds in the bin,
    ///   `unknownType` for a file type the catalog lacks, and `Blobs.put`'s failures; nothing is
    ///   queued when the bytes can't be taken in or the store refuses any of the three.
    public func attach(to id: String, file: URL, _ attachment: Attachment = .init()) async throws -> Attached {
        try await copy.perform {
            let store = try copy.fileStore("items.attach(to:file:_:)")
            let target = try await held(id)
            guard target.state != .trashed else { throw Metadata.notHeld(id) }
            let mimeType = MimeTypes.forFile(file, given: attachment.mimeType)
            let catalog = try await copy.engine.catalog()
            let type = try FieldCheck(catalog: catalog).type(MimeTypes.fileType(for: mimeType, given: attachment.type))
            guard catalog.edgeTypes["attached-to"] != nil else {
                throw MarfaError.unknownType(
                    message: "The copy's catalog holds no edge type attached-to; hydrate it first.")
            }
            let title = try await freeTitle(attachment.title ?? file.lastPathComponent, on: target.id)
            return try await copy.fileWork.withLock {
                let (upload, hash) = try await copy.takeIn(file, mimeType: mimeType, in: store)
                let properties: JSONObject = [
                    "title": .string(title), "blob_ref": .string(hash), "mime_type": .string(mimeType),
                ]
                let item = try await creation(
                    Draft(type: type.id, properties: properties, tier: attachment.tier), after: [upload.write.id])
                let edge = try await copy.edges.creation(from: item.item.id, to: target.id, type: "attached-to")
                var writes = [(item.write, item.effect), edge]
                if case .new(let write) = upload { writes.insert((write, .none), at: 0) }
                let queued = try await copy.enqueue(together: writes, in: store)
                let (itemWrite, edgeWrite) = (queued[queued.count - 2], queued[queued.count - 1])
                return Attached(
                    upload: queued.count == 3 ? queued[0] : upload.write, item: itemWrite, edge: edgeWrite,
                    embed: Self.embed(title))
            }
        }
    }

    /// Attaches the file at `file` to the item `id`, then appends its embed (`![[title]]`) to the
    /// item's body after a blank line, as an edit on the version held.
    /// - Throws: `attach`'s failures; `EmbedFailure` when the attach was queued and the body edit
    ///   failed (the attach stays queued).
    public func embed(file: URL, in id: String, _ attachment: Attachment = .init()) async throws -> Embedded {
        let attached = try await attach(to: id, file: file, attachment)
        let embed = attached.embed ?? ""
        do {
            let body = try await appendToBody(embed, of: id)
            return Embedded(attached: attached, body: body, embed: embed)
        } catch {
            throw EmbedFailure(attached: attached, cause: MarfaError(error))
        }
    }

    /// The text that embeds the file item `fileId`, attached to the item `id`, in that item's body.
    /// - Throws: `notFound` (`not_held`) for an item the copy doesn't hold, `invalid` when the file
    ///   item isn't attached to the item or isn't a file.
    public func embedText(of fileId: String, in id: String) async throws -> String {
        try await copy.perform {
            _ = try copy.fileStore("items.embedText(of:in:)")
            let file = try await held(fileId)
            _ = try await held(id)
            guard file.properties["blob_ref"]?.string != nil, let title = file.title else {
                throw MarfaError.invalid(message: "\(fileId) isn't a file item.")
            }
            let edges = try await copy.engine.edges(.from(file.id))
            guard edges.contains(where: { $0.edgeType == "attached-to" && $0.targetId == id }) else {
                throw MarfaError.invalid(message: "\(fileId) isn't attached to \(id).")
            }
            return Self.embed(title)
        }
    }

    static func embed(_ title: String) -> String { "![[\(title)]]" }

    /// `wanted`, or `name N.ext` with the first N from 2 no other file attached to `id` is called.
    private func freeTitle(_ wanted: String, on id: String) async throws -> String {
        var taken: Set<String> = []
        for edge in try await copy.engine.edges(.to(id)) where edge.edgeType == "attached-to" {
            if let title = try await copy.engine.item(edge.sourceId)?.title { taken.insert(title.lowercased()) }
        }
        guard taken.contains(wanted.lowercased()) else { return wanted }
        let name = wanted as NSString
        let (stem, ext) = (name.deletingPathExtension, name.pathExtension)
        var number = 2
        while true {
            let candidate = ext.isEmpty ? "\(stem) \(number)" : "\(stem) \(number).\(ext)"
            if !taken.contains(candidate.lowercased()) { return candidate }
            number += 1
        }
    }

    /// Appends `text` after a blank line to the body field of the item `id`.
    private func appendToBody(_ text: String, of id: String) async throws -> QueuedWrite {
        let item = try await held(id)
        let field = try await copy.engine.catalog().displayFields(of: item.type).body
        let current = item.properties[field]?.string ?? ""
        let body = current.isEmpty ? text : current + (current.hasSuffix("\n") ? "\n" : "\n\n") + text
        return try await update(id, Edit(.merge([field: .string(body)]), baseVersion: item.version))
    }
}
