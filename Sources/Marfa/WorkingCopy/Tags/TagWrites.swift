import Foundation
import MarfaDigest

/// Tag writes: one queued write per tag.
extension Tags {
    /// Adds `tag` to the item `id` at once and queues it.
    public func add(_ tag: String, to id: String) async throws -> QueuedWrite {
        try await write(.addTag, tag: tag, on: id, body: ["tags": [.string(tag)]]) { tags in
            if !tags.contains(tag) { tags.append(tag) }
        }
    }

    /// Removes `tag` from the item `id` at once and queues it.
    public func remove(_ tag: String, from id: String) async throws -> QueuedWrite {
        try await write(.removeTag, tag: tag, on: id, body: [:]) { $0.removeAll { $0 == tag } }
    }

    func write(
        _ kind: WriteKind, tag: String?, on id: String, body: JSONObject, change: (inout [String]) -> Void
    ) async throws -> QueuedWrite {
        try await copy.perform {
            if let tag { try Self.check(tag) }
            var item = try await copy.items.held(id)
            change(&item.tags)
            item.updatedAt = Date()
            return try await copy.enqueue(
                QueuedWrite(id: UUIDv7.make(), kind: kind, itemId: item.id, tag: tag, body: body), effect: .item(item))
        }
    }

    static func check(_ tag: String) throws(MarfaError) {
        guard !tag.isEmpty, tag.count <= 128, !tag.contains(where: { $0.isNewline }) else {
            throw .invalid(message: "A tag is 1 to 128 characters on one line.")
        }
    }
}

/// Tag metadata writes.
extension Metadata {
    /// Replaces the item's tags with `tags` at once and queues it.
    public func replaceTags(of id: String, with tags: [String]) async throws -> QueuedWrite {
        for tag in tags { try Tags.check(tag) }
        return try await copy.tags.write(
            .replaceMetadata, tag: nil, on: id, body: ["tags": .array(tags.map { .string($0) })]
        ) {
            $0 = Self.unique(tags)
        }
    }

    /// Adds `tags` to the item's at once and queues it.
    public func mergeTags(_ tags: [String], into id: String) async throws -> QueuedWrite {
        for tag in tags { try Tags.check(tag) }
        return try await copy.tags.write(
            .mergeMetadata, tag: nil, on: id, body: ["tags": .array(tags.map { .string($0) })]
        ) { held in
            held = Self.unique(held + tags)
        }
    }

    private static func unique(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        return tags.filter { seen.insert($0).inserted }
    }
}

/// Extension writes: one namespace at a time.
extension Extensions {
    /// Writes `document` in `namespace` on the item `id` at once and queues it.
    ///
    /// - Parameters:
    ///   - namespace: The extension namespace (`app.reading`).
    ///   - document: The document it holds from now on.
    ///   - id: An item the copy holds (else `notFound`).
    public func write(_ namespace: String, _ document: JSONObject, on id: String) async throws -> QueuedWrite {
        try await change(.writeExtension, namespace, on: id, body: document) { $0[namespace] = .object(document) }
    }

    /// Deletes the item's `namespace` document at once and queues it.
    public func delete(_ namespace: String, from id: String) async throws -> QueuedWrite {
        try await change(.deleteExtension, namespace, on: id, body: [:]) { $0[namespace] = nil }
    }

    private func change(
        _ kind: WriteKind, _ namespace: String, on id: String, body: JSONObject, _ edit: (inout JSONObject) -> Void
    ) async throws -> QueuedWrite {
        try await copy.perform {
            guard !namespace.isEmpty,
                namespace.utf8.allSatisfy({
                    (97...122).contains($0) || (48...57).contains($0) || [45, 46, 95].contains($0)
                })
            else { throw MarfaError.invalid(message: "\"\(namespace)\" isn't an extension namespace.") }
            let id = try WorkingCopy.checkedID(id)
            guard var documents = try await copy.engine.extensions(of: id) else { throw Metadata.notHeld(id) }
            edit(&documents)
            let write = QueuedWrite(id: UUIDv7.make(), kind: kind, itemId: id, namespace: namespace, body: body)
            return try await copy.enqueue(write, effect: .extensions(itemId: id, documents))
        }
    }
}
