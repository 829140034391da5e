import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

extension LocalAPI {
    /// The types a `type` filter names, subtypes included: an exact identifier (which must be
    /// registered), `prefix.*`, or `*`.
    func typeFilter(_ text: String, in registry: TypeRegistry) throws -> Set<String> {
        var result: Set<String> = []
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            if part == "*" {
                result.formUnion(registry.entries.keys)
            } else if part.hasSuffix(".*") {
                let prefix = String(part.dropLast())
                guard TypeValidation.isWellFormed(prefix + "x") || prefix.split(separator: ".").count == 1 else {
                    throw LocalError.validation("'\(part)' is not a type pattern.")
                }
                result.formUnion(registry.entries.keys.filter { $0.hasPrefix(prefix) })
            } else {
                _ = try registeredType(part, in: registry)
                result.formUnion(registry.descendants(of: part))
            }
        }
        return result
    }

    func listItems(_ input: Operations.ListItems.Input) async throws -> Operations.ListItems.Output {
        let key = try RequestContext.current.requireKey()
        let query = input.query
        let limit = try Paging.limit(query.limit)
        if query.filter != nil {
            throw LocalError(501, "not_implemented", "The filter grammar is not implemented by the local instance yet.")
        }
        let includes = Set((query.include ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        let certified = RequestContext.current.readView != nil
        if certified && !includes.contains("metadata") {
            throw LocalError.validation(
                "A conditional read of GET /items needs include=metadata.", details: ["parameter": "include"])
        }
        var column = "created_at"
        var descending = query.direction?.rawValue != "asc"
        switch query.sort {
        case nil, "created_at": break
        case "updated_at": column = "updated_at"
        case "timestamp": column = "timestamp"
        case let other?:
            if other.hasPrefix("properties.") {
                throw LocalError(
                    501, "not_implemented", "Sorting by properties is not implemented by the local instance yet.")
            }
            throw LocalError.validation("sort must be created_at, updated_at, timestamp or properties.<field>.")
        }
        var updatedAfter: Double?
        if let after = query.updatedAfter {
            column = "updated_at"
            descending = false
            updatedAfter = try Paging.instant(after, "updated_after").stored
        }
        let listing = ItemListingQuery(
            query: query, limit: limit, column: column, descending: descending, updatedAfter: updatedAfter,
            includesSystem: includes.contains("system"), withMetadata: includes.contains("metadata"))
        // The page and, when asked, every item's metadata come from one snapshot.
        let page = try await read { db in try listing.page(for: key, api: self, in: db) }
        let cursor = page.hasMore ? page.items.last.map { Paging.cursor($0.seq) } : nil
        // Written straight from the records: the `ItemPage` or `ItemEnvelopePage` the contract
        // declares, byte for byte as the generated encoder writes it (`ItemJSONText`).
        var text = ItemJSONText(sorted: Self.sortsAnswerKeys, capacity: 512 * (page.items.count + 1))
        if listing.withMetadata {
            text.page(Array(zip(page.items, page.extensions)), cursor: cursor, hasMore: page.hasMore) { text, row in
                text.envelope(of: row.0, extensions: row.1, listed: certified ? true : nil)
            }
        } else {
            text.page(page.items, cursor: cursor, hasMore: page.hasMore) { text, item in text.item(item) }
        }
        return .undocumented(statusCode: 200, Self.jsonAnswer(text.bytes))
    }
}

/// One `GET /items` page as SQL: the filters, the order and the cursor, read in one snapshot.
struct ItemListingQuery: Sendable {
    /// The items of one page, whether more follow, and each item's extension namespaces when
    /// metadata was asked for.
    struct Page: Sendable {
        var items: [ItemRecord]
        var hasMore: Bool
        var extensions: [OpenAPIObject]
    }

    let query: Operations.ListItems.Input.Query
    let limit: Int
    /// The column ordered by (`created_at`, `updated_at` or `timestamp`), then `seq`.
    let column: String
    let descending: Bool
    /// `updated_after` as stored, when given.
    let updatedAfter: Double?
    let includesSystem: Bool
    let withMetadata: Bool

    /// Reads the page `key` may see.
    func page(for key: KeyRecord, api: LocalAPI, in db: SQLiteConnection) throws -> Page {
        var conditions: [String] = []
        var values: [any SQLiteBindable] = []
        if let updatedAfter {
            conditions.append("updated_at >= ?")
            values.append(updatedAfter)
        }
        let stored = try ItemRecord.storedTypes(in: db)
        var types: Set<String>
        if let filter = query._type {
            types = try api.typeFilter(filter, in: try TypeRegistry.load(db))
        } else {
            types = includesSystem ? stored : stored.filter { !$0.hasPrefix("system.") }
        }
        let (typeCondition, typeValues) = ItemRecord.typeCondition(
            types.filter { key.typeLevel($0) >= .read }, stored: stored)
        if let typeCondition {
            conditions.append(typeCondition)
            values.append(contentsOf: typeValues.map { $0 as any SQLiteBindable })
        }
        try filters(&conditions, &values)
        if let cursor = query.cursor {
            let seq = try Paging.sequence(cursor)
            guard let anchor = try db.first("SELECT \(column) AS v FROM items WHERE seq = ?", seq)?.double("v") else {
                throw LocalError.validation("The cursor is not one this instance gave.")
            }
            conditions.append(descending ? "(\(column), seq) < (?, ?)" : "(\(column), seq) > (?, ?)")
            values.append(anchor)
            values.append(seq)
        }
        let order = descending ? "DESC" : "ASC"
        let filter = conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")
        let sql = "SELECT * FROM items WHERE \(filter) ORDER BY \(column) \(order), seq \(order) LIMIT \(limit + 1)"
        let rows = try db.query(sql, values: values)
        let items = try rows.prefix(limit).map(ItemRecord.init(row:))
        let extensions = withMetadata ? try items.map { try ItemExtensions.all(of: $0.id, in: db) } : []
        return Page(items: items, hasMore: rows.count > limit, extensions: extensions)
    }

    /// The state, source, tier, tag and timestamp conditions.
    private func filters(_ conditions: inout [String], _ values: inout [any SQLiteBindable]) throws {
        switch query.state {
        case nil: conditions.append("state <> 'trashed'")
        case "any": break
        case let state? where ["active", "archived", "trashed", "revoked"].contains(state):
            conditions.append("state = ?")
            values.append(state)
        case let state?:
            throw LocalError.validation("state must be active, archived, trashed, revoked or any, not \(state).")
        }
        if let source = query.source {
            conditions.append("source = ?")
            values.append(source)
        }
        if let tier = query.tier?.rawValue, tier != "all" {
            conditions.append("tier = ?")
            values.append(tier)
        }
        for tag in (query.tags ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) })
        where !tag.isEmpty {
            conditions.append("EXISTS (SELECT 1 FROM json_each(items.tags) WHERE value = ?)")
            values.append(tag)
        }
        if let after = query.timestampAfter {
            conditions.append("timestamp >= ?")
            values.append(try Paging.instant(after, "timestamp_after").stored)
        }
        if let before = query.timestampBefore {
            conditions.append("timestamp <= ?")
            values.append(try Paging.instant(before, "timestamp_before").stored)
        }
    }
}
