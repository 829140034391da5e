import Foundation
import MarfaDigest

/// The item writes: each changes the store at once, offline too, and queues the write.
extension Items {
    /// Makes an item at once and queues its create; the draft's tags follow as writes of their own.
    ///
    /// An unknown type throws `unknownType` and a missing required field or a value of the wrong
    /// kind `validation`, before anything is queued.
    public func create(_ draft: Draft) async throws -> QueuedWrite {
        try await create(draft, after: [])
    }

    /// `create(_:)` depending on the writes `after` as well (a file item on its upload).
    func create(_ draft: Draft, after: [String]) async throws -> QueuedWrite {
        try await copy.perform {
            let (write, effect, item) = try await creation(draft, after: after)
            let queued = try await copy.enqueue(write, effect: effect)
            try await queueTagsAndLinks(of: item, from: draft)
            return queued
        }
    }

    /// Makes each draft's item at once and queues their creates in one transaction of `store`
    /// (none of them when any fails); each draft's tags and body links follow, as `create(_:)`
    /// queues them.
    func create(_ drafts: [Draft], in store: SQLiteCopyStore) async throws -> [QueuedWrite] {
        try await copy.perform {
            var creations: [(write: QueuedWrite, effect: LocalEffect, item: Item)] = []
            for draft in drafts { creations.append(try await creation(draft, after: [])) }
            let queued = try await copy.enqueue(together: creations.map { ($0.write, $0.effect) }, in: store)
            for (draft, creation) in zip(drafts, creations) {
                try await queueTagsAndLinks(of: creation.item, from: draft)
            }
            return queued
        }
    }

    /// Queues the tags of `draft` on the item just created from it, and the edges its body links.
    private func queueTagsAndLinks(of item: Item, from draft: Draft) async throws {
        for tag in draft.tags { _ = try await copy.tags.add(tag, to: item.id) }
        try await queueLinkEdges(of: item.id, from: nil, to: item.body)
    }

    /// The write that creates `draft`'s item (depending on the writes `after`), its local effect
    /// and the item as the copy will hold it; nothing queued yet. Tags and links are the caller's.
    func creation(
        _ draft: Draft, after: [String]
    ) async throws -> (write: QueuedWrite, effect: LocalEffect, item: Item) {
        let catalog = try await copy.engine.catalog()
        let type = try FieldCheck(catalog: catalog).type(draft.type)
        try FieldCheck(catalog: catalog).check(draft.properties, of: type, whole: true)
        let id = try draft.id.map(WorkingCopy.checkedID) ?? UUIDv7.make()
        let now = Date()
        let tier: Tier
        if let chosen = draft.tier { tier = chosen } else { tier = try await defaultTier() }
        let display = catalog.display(type: type.id, properties: draft.properties)
        let item = Item(
            id: id, type: type.id, properties: draft.properties, state: .active, tier: tier, version: 0,
            schemaVersion: Int(type.version),
            source: draft.source ?? "", sourceId: draft.sourceId, occurredAt: draft.occurredAt ?? now,
            createdAt: now,
            updatedAt: now, tags: [], title: display.title, body: display.body)
        let body = try WireBodies.createItem(
            Components.Schemas.ItemInput(
                _type: type.id, properties: draft.properties, id: draft.sourceId == nil ? id : nil,
                timestamp: draft.occurredAt, source: draft.source, sourceId: draft.sourceId,
                tier: Components.Schemas.Tier(rawValue: tier.rawValue), version: draft.baseVersion))
        let write = QueuedWrite(
            id: UUIDv7.make(), kind: .createItem, itemId: id, baseVersion: draft.baseVersion, dependsOn: after,
            body: body)
        return (write, .item(item), item)
    }

    /// Changes the item `id`, based on the version the copy holds (else `versionConflict`).
    ///
    /// - Parameters:
    ///   - id: An item the copy holds (else `notFound`).
    ///   - edit: The change, with the version it was based on.
    /// - Throws: `versionConflict` when the copy holds another version than `edit.baseVersion`,
    ///   `validation` or `unknownType` for a change the catalog refuses, before anything is queued.
    public func update(_ id: String, _ edit: Edit) async throws -> QueuedWrite {
        try await change(id, edit, asRead: false)
    }

    /// Changes the item `id` based on an older version the app read; the server merges it.
    public func updateAsRead(_ id: String, _ edit: Edit) async throws -> QueuedWrite {
        try await change(id, edit, asRead: true)
    }

    private func change(_ id: String, _ edit: Edit, asRead: Bool) async throws -> QueuedWrite {
        try await copy.perform {
            var item = try await held(id)
            let previousBody = item.body
            let fits = asRead ? edit.baseVersion <= item.version : edit.baseVersion == item.version
            guard fits else {
                throw MarfaError.versionConflict(
                    code: "version_conflict",
                    message: "The copy holds version \(item.version) of \(id), not \(edit.baseVersion).")
            }
            let catalog = try await copy.engine.catalog()
            let type = try FieldCheck(catalog: catalog).type(edit.type ?? item.type)
            var patch = Components.Schemas.ItemPatch(version: edit.baseVersion)
            switch edit.properties {
            case .merge(let values):
                item.properties.merge(values.filter { $0.value != .null }) { $1 }
                patch.properties = values
            case .replace(let values):
                item.properties = values
                (patch.properties, patch.propertiesMode) = (values, .replace)
            }
            try FieldCheck(catalog: catalog).check(item.properties, of: type, whole: false)
            if type.id != item.type {
                (patch._type, patch.retype) = (type.id, true)
                item.type = type.id
            }
            if let tier = edit.tier, tier != item.tier {
                patch.tier = Components.Schemas.Tier(rawValue: tier.rawValue)
                item.tier = tier
            }
            if let sourceId = edit.sourceId, sourceId != item.sourceId {
                patch.sourceId = sourceId
                item.sourceId = sourceId
            }
            let body = try WireBodies.updateItem(patch)
            item.updatedAt = Date()
            (item.title, item.body) = catalog.display(type: item.type, properties: item.properties)
            let write = QueuedWrite(
                id: UUIDv7.make(), kind: .updateItem, itemId: id, baseVersion: edit.baseVersion, body: body)
            let queued = try await copy.enqueue(write, effect: .item(item))
            try await queueLinkEdges(of: id, from: previousBody, to: item.body)
            return queued
        }
    }

    /// Moves the item `id` to the bin at once and queues the delete.
    public func delete(_ id: String) async throws -> QueuedWrite {
        try await move(id, to: .trashed, kind: .deleteItem, body: [:])
    }

    /// Takes the item `id` out of the bin and queues the restore; it works for an item the copy
    /// doesn't hold (read from the bin).
    public func restore(_ id: String) async throws -> QueuedWrite {
        try await copy.perform {
            let id = try WorkingCopy.checkedID(id)
            var effect = LocalEffect.none
            if var item = try await copy.engine.item(id) {
                item.state = .active
                effect = .item(item)
            }
            return try await copy.enqueue(
                QueuedWrite(id: UUIDv7.make(), kind: .restoreItem, itemId: id), effect: effect)
        }
    }

    /// Moves the item `id` to `state` (`active`, `archived` or `trashed`) and queues it.
    ///
    /// - Parameters:
    ///   - id: An item the copy holds (else `notFound`).
    ///   - state: The state it moves to.
    public func transition(_ id: String, to state: ItemState) async throws -> QueuedWrite {
        guard state != .revoked else {
            throw MarfaError.invalid(message: "An item moves to active, archived or trashed, not revoked.")
        }
        return try await move(id, to: state, kind: .transitionItem, body: ["state": .string(state.rawValue)])
    }

    private func move(_ id: String, to state: ItemState, kind: WriteKind, body: JSONObject) async throws -> QueuedWrite
    {
        try await copy.perform {
            var item = try await held(id)
            item.state = state
            item.updatedAt = Date()
            return try await copy.enqueue(
                QueuedWrite(id: UUIDv7.make(), kind: kind, itemId: id, body: body), effect: .item(item))
        }
    }

    /// The item `id` in any state, or `notFound` (`not_held`).
    func held(_ id: String) async throws -> Item {
        guard let item = try await copy.engine.item(try WorkingCopy.checkedID(id)) else { throw Metadata.notHeld(id) }
        return item
    }

    /// A create's tier without one: the slice's, `library` for `.all` or before the first hydration.
    private func defaultTier() async throws -> Tier {
        try await copy.engine.sliceTier() == .feed ? .feed : .library
    }
}

/// The bin: never queued, answered by the server at once.
extension Items {
    /// Purges the item `id`, which must be in the bin, for good: an immediate call that needs
    /// `items.purge`. A write to the item still queued throws `invalid`; an item the copy doesn't
    /// hold `notFound` (`not_held`).
    ///
    /// - Parameters:
    ///   - id: The item, in the bin.
    ///   - version: The version the purge is conditional on: when the copy holds another, it
    ///     throws `versionConflict` and sends nothing.
    public func purge(_ id: String, version: Int64? = nil) async throws {
        try await copy.perform {
            let item = try await held(id)
            if let version, item.version != version {
                throw MarfaError.versionConflict(
                    code: "version_conflict",
                    message: "The purge of \(id) was based on version \(version); the copy holds \(item.version).")
            }
            try await copy.requireSync("items.purge(_:)").purge(id)
        }
    }

    /// One page of the bin, from the server, never stored: `limit` 1 to 100.
    ///
    /// - Parameters:
    ///   - type: Only this type (with its subtree); nil for every type.
    ///   - cursor: The `next` of the page before; nil for the first page.
    ///   - limit: The most items on the page, 1 to 100.
    /// - Throws: `invalid` for a limit or type out of range, `noServer`, and the network's errors.
    public func bin(type: String? = nil, after cursor: String? = nil, limit: Int = 50) async throws -> BinPage {
        try await copy.perform {
            guard (1...100).contains(limit) else {
                throw MarfaError.invalid(message: "A bin page holds 1 to 100 items, not \(limit).")
            }
            if let type { _ = try WorkingCopy.checkedTypes([type]) }
            return try await copy.requireSync("items.bin(type:after:limit:)").bin(
                type: type, after: cursor, limit: limit, catalog: try await copy.engine.catalog())
        }
    }
}
