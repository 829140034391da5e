import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// The audit log: one entry for every change to keys, types and settings.
enum AuditLog {
    /// Records `action` on a resource at `date`, by the calling key (or the instance itself).
    static func record(
        _ action: String, resourceType: String, resourceID: String?, details: OpenAPIObject = [:],
        at date: Date, in db: SQLiteConnection
    ) throws {
        try db.run(
            """
            INSERT INTO audit_log (id, timestamp, key_id, action, resource_type, resource_id, client_ip, details)
            VALUES (?, ?, ?, ?, ?, ?, NULL, ?)
            """, Identifiers.uuidV7(at: date), date.stored, RequestContext.current.key?.id, action, resourceType,
            resourceID,
            try StoredJSON.encode(details))
    }
}

extension LocalAPI {
    func listAuditLog(_ input: Operations.ListAuditLog.Input) async throws -> Operations.ListAuditLog.Output {
        _ = try RequestContext.current.require("audit.read")
        let query = input.query
        let limit = try Paging.limit(query.limit)
        var conditions: [String] = []
        var values: [any SQLiteBindable] = []
        if let action = query.action {
            conditions.append("action = ?")
            values.append(action)
        }
        if let type = query.resourceType {
            conditions.append("resource_type = ?")
            values.append(type)
        }
        if let id = query.resourceId {
            conditions.append("resource_id = ?")
            values.append(id)
        }
        if let since = query.since {
            conditions.append("timestamp >= ?")
            values.append(try Paging.instant(since, "since").stored)
        }
        if let until = query.until {
            conditions.append("timestamp < ?")
            values.append(try Paging.instant(until, "until").stored)
        }
        if let cursor = query.cursor {
            conditions.append("seq < ?")
            values.append(try Paging.sequence(cursor))
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let bound = values.map(\.sqliteValue)
        let rows = try await read {
            try $0.query("SELECT * FROM audit_log \(filter) ORDER BY seq DESC LIMIT \(limit + 1)", values: bound)
        }
        let page = rows.prefix(limit)
        let entries = try page.map { row in
            Components.Schemas.AuditEntry(
                id: row.string("id") ?? "", timestamp: Date(stored: row.double("timestamp")),
                keyId: row.string("key_id"),
                spaceId: nil, action: row.string("action") ?? "", resourceType: row.string("resource_type") ?? "",
                resourceId: row.string("resource_id"), clientIp: row.string("client_ip"),
                details: try StoredJSON.decode(OpenAPIObject.self, row.string("details")))
        }
        let hasMore = rows.count > limit
        return .ok(
            .init(
                headers: .init(xMarfaContract: Self.contract),
                body: .json(
                    .init(
                        data: entries, cursor: hasMore ? page.last?.int64("seq").map { Paging.cursor($0) } : nil,
                        hasMore: hasMore))))
    }
}

/// Reading paging parameters.
enum Paging {
    /// A page size in 1...200, 50 when absent.
    static func limit(_ value: Int?, default defaultValue: Int = 50) throws -> Int {
        guard let value else { return defaultValue }
        guard (1...200).contains(value) else {
            throw LocalError.validation(
                "limit must be between 1 and 200.",
                details: ["errors": .array([.object(["path": .string("limit"), "message": .string("out of range")])])])
        }
        return value
    }

    /// An opaque cursor for a row sequence number.
    static func cursor(_ sequence: Int64) -> String { Data("s\(sequence)".utf8).base64EncodedString() }

    /// The sequence number in a cursor this instance made.
    static func sequence(_ cursor: String) throws -> Int64 {
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8),
            text.hasPrefix("s"),
            let value = Int64(text.dropFirst())
        else { throw LocalError.validation("The cursor is not one this instance gave.") }
        return value
    }

    /// An RFC 3339 instant from a query parameter.
    static func instant(_ text: String, _ name: String) throws -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        throw LocalError.validation("\(name) must be an RFC 3339 instant.")
    }
}
