import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// Tags and extension namespaces: the metadata record beside an item.
///
/// - `PUT /items/{id}/metadata` replaces the tags, `PATCH` adds to them (a union),
///   `POST /items/{id}/tags` adds and `DELETE /items/{id}/tags/{tag}` removes one;
///   `GET /metadata/tags` counts each tag over the items the key may read (the bin left out).
/// - Extensions are JSON objects per namespace: `PUT`, `GET`, `DELETE /items/{id}/extensions/{ns}`;
///   a namespace never set, or deleted, reads as `data: null`.
/// - Reading needs read on the item's type, writing needs write on it (the local instance does
///   not narrow extensions further by the key's extension map).
/// - Every write emits `metadata.changed` and moves `updated_at`, never the item's version.
extension LocalAPI {
    typealias MetadataResponse = Components.Responses.ItemMetadata

    private func metadataResponse(_ metadata: Components.Schemas.ItemMetadata) -> MetadataResponse {
        .init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(metadata: metadata)))
    }

    /// Changes the tags of item `id` with `change` in one transaction, emitting `metadata.changed`
    /// when they changed; answers the metadata record.
    private func changeTags(
        of id: String, _ change: @escaping @Sendable ([String]) throws -> [String]
    ) async throws -> Components.Schemas.ItemMetadata {
        let key = try RequestContext.current.requireKey()
        let now = clock.now
        return try await write { db in
            var item = try visibleItem(id, by: key, in: db)
            try requireWrite(item.type, by: key)
            let tags = Self.uniqueTags(try change(item.tags))
            if tags != item.tags {
                try Self.checkTags(tags)
                item.tags = tags
                item.updatedAt = now
                try item.update(in: db)
                try EventLog.appendItem("metadata.changed", item, at: now, in: db)
            }
            return try ItemExtensions.metadata(of: item, in: db)
        }
    }

    /// `400 validation_error` for an empty or overlong tag.
    static func checkTags(_ tags: [String]) throws {
        for tag in tags where tag.isEmpty || tag.count > 128 {
            throw LocalError.validation("A tag has 1 to 128 characters.", details: ["tag": .string(tag)])
        }
    }

    func getItemMetadata(_ input: Operations.GetItemMetadata.Input) async throws -> Operations.GetItemMetadata.Output {
        let key = try RequestContext.current.requireKey()
        let metadata = try await read { db in
            try ItemExtensions.metadata(of: try visibleItem(input.path.id, by: key, in: db), in: db)
        }
        return .ok(metadataResponse(metadata))
    }

    func replaceItemMetadata(
        _ input: Operations.ReplaceItemMetadata.Input
    ) async throws -> Operations.ReplaceItemMetadata.Output {
        guard case .json(let body) = input.body else { throw LocalError.validation("A JSON body is required.") }
        return .ok(metadataResponse(try await changeTags(of: input.path.id) { _ in body.tags ?? [] }))
    }

    func mergeItemMetadata(
        _ input: Operations.MergeItemMetadata.Input
    ) async throws -> Operations.MergeItemMetadata.Output {
        guard case .json(let body) = input.body else { throw LocalError.validation("A JSON body is required.") }
        return .ok(metadataResponse(try await changeTags(of: input.path.id) { $0 + (body.tags ?? []) }))
    }

    func addItemTags(_ input: Operations.AddItemTags.Input) async throws -> Operations.AddItemTags.Output {
        guard case .json(let body) = input.body else { throw LocalError.validation("A JSON body is required.") }
        guard !body.tags.isEmpty else { throw LocalError.validation("tags needs at least one tag.") }
        return .ok(metadataResponse(try await changeTags(of: input.path.id) { $0 + body.tags }))
    }

    func removeItemTag(_ input: Operations.RemoveItemTag.Input) async throws -> Operations.RemoveItemTag.Output {
        let tag = input.path.tag
        return .ok(metadataResponse(try await changeTags(of: input.path.id) { $0.filter { $0 != tag } }))
    }

    func listTags(_ input: Operations.ListTags.Input) async throws -> Operations.ListTags.Output {
        let key = try RequestContext.current.requireKey()
        let counts = try await read { db -> [String: Int] in
            var counts: [String: Int] = [:]
            for row in try db.query("SELECT type, tags FROM items WHERE state != 'trashed' AND tags != '[]'") {
                guard key.typeLevel(row.string("type") ?? "") >= .read else { continue }
                for tag in try StoredJSON.decode([String].self, row.string("tags")) { counts[tag, default: 0] += 1 }
            }
            return counts
        }
        let tags = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { Components.Schemas.TagList.TagsItemPayload(tag: $0.key, count: $0.value) }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(tags: tags))))
    }

    // MARK: Extensions

    /// `400 validation_error` unless `namespace` is 1 to 128 of `a-z 0-9 . _ -`.
    static func checkNamespace(_ namespace: String) throws {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._-")
        guard !namespace.isEmpty, namespace.count <= 128, namespace.allSatisfy(allowed.contains) else {
            throw LocalError.validation("An extension namespace is 1 to 128 of a-z, 0-9, '.', '_' and '-'.")
        }
    }

    private func extensionsResponse(_ all: OpenAPIObject) -> Components.Responses.ItemExtensions {
        var extensions: [String: OpenAPIObject] = [:]
        for (namespace, value) in all { extensions[namespace] = value.object ?? [:] }
        return .init(
            headers: .init(xMarfaContract: Self.contract),
            body: .json(.init(extensions: .init(additionalProperties: extensions))))
    }

    /// Sets (or with nil deletes) namespace `namespace` of item `id`, emitting `metadata.changed`.
    private func setExtension(
        _ namespace: String, of id: String, to data: OpenAPIValue?
    ) async throws -> OpenAPIObject {
        let key = try RequestContext.current.requireKey()
        try Self.checkNamespace(namespace)
        let now = clock.now
        return try await write { db in
            var item = try visibleItem(id, by: key, in: db)
            try requireWrite(item.type, by: key)
            let before = try ItemExtensions.get(namespace, of: item.id, in: db)
            if before != data {
                try ItemExtensions.set(namespace, of: item.id, to: data, at: now, in: db)
                item.updatedAt = now
                try item.update(in: db)
                try EventLog.appendItem("metadata.changed", item, at: now, in: db)
            }
            return try ItemExtensions.all(of: item.id, in: db)
        }
    }

    func listItemExtensions(
        _ input: Operations.ListItemExtensions.Input
    ) async throws -> Operations.ListItemExtensions.Output {
        let key = try RequestContext.current.requireKey()
        let all = try await read { db in
            try ItemExtensions.all(of: try visibleItem(input.path.id, by: key, in: db).id, in: db)
        }
        return .ok(extensionsResponse(all))
    }

    func getItemExtension(_ input: Operations.GetItemExtension.Input) async throws -> Operations.GetItemExtension.Output
    {
        let key = try RequestContext.current.requireKey()
        try Self.checkNamespace(input.path.namespace)
        let data = try await read { db in
            try ItemExtensions.get(input.path.namespace, of: try visibleItem(input.path.id, by: key, in: db).id, in: db)
        }
        return .ok(
            .init(
                headers: .init(xMarfaContract: Self.contract),
                body: .json(.init(namespace: input.path.namespace, data: data?.object))))
    }

    func replaceItemExtension(
        _ input: Operations.ReplaceItemExtension.Input
    ) async throws -> Operations.ReplaceItemExtension.Output {
        guard case .json(let body) = input.body else { throw LocalError.validation("A JSON object body is required.") }
        return .ok(
            extensionsResponse(try await setExtension(input.path.namespace, of: input.path.id, to: .object(body))))
    }

    func deleteItemExtension(
        _ input: Operations.DeleteItemExtension.Input
    ) async throws -> Operations.DeleteItemExtension.Output {
        .ok(extensionsResponse(try await setExtension(input.path.namespace, of: input.path.id, to: nil)))
    }
}
