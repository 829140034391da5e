import Foundation
import MarfaHTTP
import MarfaOpenAPIRuntime
import MarfaSQLite

/// The floor a copy is measured against: the same pages and events fetched with the raw
/// transport, parsed with JSONSerialization, and inserted with raw SQLite, nothing else.
struct RawFloor {
    let url: URL
    let key: String
    let transport: any ClientTransport

    /// GETs `path`; answers the body.
    func get(_ path: String) async throws -> [UInt8] {
        var fields = HTTPFields()
        fields["Authorization"] = "Bearer \(key)"
        let (response, body) = try await transport.send(
            HTTPRequest(method: .get, path: path, headerFields: fields), body: nil, baseURL: url, operationID: "raw")
        let bytes = try await body?.collect(upTo: 64 << 20) ?? []
        guard response.status == 200 else { throw BenchFailure("GET \(path) answered \(response.status)") }
        return bytes
    }

    /// Walks every page of `type`'s items with metadata into a fresh SQLite file; answers the rows.
    func hydrate(type: String, into path: String) async throws -> Int {
        let db = try SQLiteConnection(path: path)
        defer { db.close() }
        try db.execute(
            "CREATE TABLE IF NOT EXISTS items(id TEXT PRIMARY KEY, type TEXT, version INTEGER, properties TEXT, tags TEXT)"
        )
        var cursor: String?
        var rows = 0
        repeat {
            var path = "/items?type=\(type)&tier=library&state=any&include=metadata&limit=200"
            if let cursor {
                path += "&cursor=\(cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? cursor)"
            }
            let page = try JSONSerialization.jsonObject(with: Data(try await get(path))) as? [String: Any] ?? [:]
            let data = page["data"] as? [[String: Any]] ?? []
            try db.transaction { db in
                let insert = try db.cachedStatement("INSERT OR REPLACE INTO items VALUES (?, ?, ?, ?, ?)")
                for row in data {
                    let item = row["item"] as? [String: Any] ?? [:]
                    let properties = try JSONSerialization.data(withJSONObject: item["properties"] ?? [:])
                    let tags = try JSONSerialization.data(
                        withJSONObject: (row["metadata"] as? [String: Any])?["tags"] ?? [])
                    try insert.bind([
                        item["id"] as? String ?? "", item["type"] as? String ?? "", (item["version"] as? Int) ?? 0,
                        String(decoding: properties, as: UTF8.self), String(decoding: tags, as: UTF8.self),
                    ])
                    _ = try insert.step()
                    insert.reset()
                }
            }
            rows += data.count
            cursor = page["cursor"] as? String
        } while cursor != nil
        return rows
    }

    /// Reads the copy stream from `cursor` to `stream_live`, inserting each item event's row;
    /// answers the events read.
    func catchUp(from cursor: String, view: String, into path: String) async throws -> Int {
        let db = try SQLiteConnection(path: path)
        defer { db.close() }
        var fields = HTTPFields()
        fields["Authorization"] = "Bearer \(key)"
        fields["Last-Event-ID"] = cursor
        fields["X-Marfa-Read-View"] = view
        let (response, body) = try await transport.send(
            HTTPRequest(method: .get, path: "/events?edges=all&copy=1", headerFields: fields), body: nil, baseURL: url,
            operationID: "raw")
        guard response.status == 200, let body else {
            throw BenchFailure("the event stream answered \(response.status)")
        }
        var events = 0
        let insert = try db.cachedStatement("INSERT OR REPLACE INTO items VALUES (?, ?, ?, ?, ?)")
        for try await event in body.asServerSentEvents() {
            guard let data = event.data,
                let frame = try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]
            else { continue }
            if frame["event_type"] as? String == "stream_live" { break }
            guard event.id != nil, let item = frame["item"] as? [String: Any] else { continue }
            let properties = try JSONSerialization.data(withJSONObject: item["properties"] ?? [:])
            try db.transaction { _ in
                try insert.bind([
                    item["id"] as? String ?? "", item["type"] as? String ?? "", (item["version"] as? Int) ?? 0,
                    String(decoding: properties, as: UTF8.self), "[]",
                ])
                _ = try insert.step()
                insert.reset()
            }
            events += 1
        }
        return events
    }

    /// The credential's read view, from the copy stream's first frame.
    func readView() async throws -> String {
        var fields = HTTPFields()
        fields["Authorization"] = "Bearer \(key)"
        let (response, body) = try await transport.send(
            HTTPRequest(method: .get, path: "/events?edges=all&copy=1", headerFields: fields), body: nil, baseURL: url,
            operationID: "raw")
        guard response.status == 200, let body else {
            throw BenchFailure("the event stream answered \(response.status)")
        }
        for try await event in body.asServerSentEvents() {
            if let data = event.data,
                let frame = try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any],
                let view = frame["read_view"] as? String
            {
                return view
            }
        }
        throw BenchFailure("the copy stream named no read view")
    }
}
