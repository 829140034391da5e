import Foundation
import Marfa
import MarfaClock
import MarfaHTTP
import MarfaLocal
import MarfaOpenAPIRuntime
import MarfaSQLite

/// A local instance in a fresh folder, a folder for stores, the owner's key, and a raw HTTP
/// sender for the writes another client makes.
struct CopyTestInstance: Sendable {
    let instance: LocalInstance
    let folder: URL
    let ownerKey: String
    let transport = DefaultTransport.make()

    /// Starts an instance (storing blobs up to `maxBlobBytes` when given); `body` runs against
    /// it, then it stops and the folder goes.
    static func with<T>(
        clock: (any MarfaClock)? = nil, maxBlobBytes: Int? = nil, _ body: (CopyTestInstance) async throws -> T
    ) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let instance = try await LocalInstance.start(
            dataDirectory: folder.appendingPathComponent("instance"), port: 0,
            options: options(clock: clock, maxBlobBytes: maxBlobBytes))
        let test = CopyTestInstance(instance: instance, folder: folder, ownerKey: instance.bootstrapKey ?? "")
        do {
            let result = try await body(test)
            await instance.stop()
            return result
        } catch {
            await instance.stop()
            throw error
        }
    }

    private static func options(clock: (any MarfaClock)?, maxBlobBytes: Int?) -> LocalInstance.Options {
        var options = LocalInstance.Options(log: { _ in })
        options.requestsPerMinute = nil
        if let maxBlobBytes { options.maxBlobBytes = maxBlobBytes }
        if let clock { options.clock = clock }
        return options
    }

    /// A store path in the test's folder.
    func store(_ name: String = "copy.sqlite") -> URL { folder.appendingPathComponent(name) }

    /// The `Server` for `key` (the owner's unless given).
    func server(key: String? = nil) throws -> Server { try Server(url: instance.url, key: key ?? ownerKey) }

    /// Opens a copy of `store` against this instance; the follow waits on `clock` when given.
    func open(_ store: URL? = nil, key: String? = nil, clock: (any MarfaClock)? = nil) async throws -> WorkingCopy {
        guard let clock else {
            return try await WorkingCopy.open(store: store ?? self.store(), server: try server(key: key))
        }
        return try await WorkingCopy.open(
            store: store ?? self.store(), server: try server(key: key), expectingUnsent: nil, clock: clock)
    }

    /// Writes `value` under `name` in the store's own table, as a damaged or foreign store would hold it.
    func setStoreValue(_ name: String, _ value: String, in store: URL? = nil) async throws {
        let pool = try await SQLitePool.open(path: (store ?? self.store()).path)
        _ = try await pool.write { db in
            try db.run("INSERT OR REPLACE INTO meta(name, value) VALUES (?, ?)", name, value)
        }
        await pool.close()
    }

    /// Sends one JSON request; answers the status and the body as JSON.
    @discardableResult
    func send(
        _ method: HTTPMethod, _ path: String, json: String? = nil, key: String? = nil
    ) async throws -> (status: Int, body: OpenAPIValue) {
        var fields: HTTPFields = ["Authorization": "Bearer \(key ?? ownerKey)"]
        if json != nil { fields["Content-Type"] = "application/json" }
        let (response, body) = try await transport.send(
            HTTPRequest(method: method, path: path, headerFields: fields), body: json.map { HTTPBody($0) },
            baseURL: instance.url, operationID: "raw")
        let bytes = try await body?.collect(upTo: 16 << 20) ?? []
        return (response.status.code, (try? JSONCoding.decode(OpenAPIValue.self, from: Data(bytes))) ?? .null)
    }

    /// Creates an item of `type` with `properties` (JSON text) and `extra` top-level members;
    /// answers its id.
    @discardableResult
    func createItem(_ type: String, properties: String = "{}", extra: String = "") async throws -> String {
        let answer = try await send(
            .post, "/items", json: #"{"type": "\#(type)", "properties": \#(properties)\#(extra)}"#)
        guard answer.status == 201 || answer.status == 200, let id = answer.body["item"]?["id"]?.string else {
            throw TestFailure("creating a \(type) answered \(answer.status): \(answer.body)")
        }
        return id
    }

    /// Changes the properties of item `id` (merged) on its current version.
    func updateItem(_ id: String, properties: String) async throws {
        let version = try await send(.get, "/items/\(id)").body["item"]?["version"]?.int ?? 0
        let answer = try await send(
            .patch, "/items/\(id)", json: #"{"version": \#(version), "properties": \#(properties)}"#)
        guard answer.status == 200 else {
            throw TestFailure("updating \(id) answered \(answer.status): \(answer.body)")
        }
    }

    /// Makes an edge of `type` from `source` to `target`; answers its id.
    @discardableResult
    func createEdge(_ type: String, from source: String, to target: String) async throws -> String {
        let answer = try await send(
            .post, "/edges", json: #"{"edge_type": "\#(type)", "source_id": "\#(source)", "target_id": "\#(target)"}"#)
        guard answer.status == 201 || answer.status == 200,
            let id = answer.body["id"]?.string ?? answer.body["edge"]?["id"]?.string
        else {
            throw TestFailure("creating a \(type) edge answered \(answer.status): \(answer.body)")
        }
        return id
    }

    /// Mints a key reading only `types` (pattern to level); answers its plaintext.
    func key(reading types: [String: String]) async throws -> String {
        let map = types.map { #""\#($0.key)": "\#($0.value)""# }.joined(separator: ", ")
        let answer = try await send(
            .post, "/keys",
            json:
                #"{"label": "copy test", "source": "copytest", "permissions": [], "metadata_permissions": {"types": "read"}, "type_permissions": {\#(map)}}"#
        )
        guard answer.status == 201, let key = answer.body["key"]?.string else {
            throw TestFailure("minting a key answered \(answer.status): \(answer.body)")
        }
        return key
    }
}

/// A test's own failure, with what it found.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Waits for the first element of `sequence` that `matches`, at most `limit` elements.
func first<S: AsyncSequence & Sendable>(
    _ sequence: S, limit: Int = 1000, where matches: (S.Element) -> Bool
) async throws -> S.Element? where S.Element: Sendable {
    var seen = 0
    for try await element in sequence {
        if matches(element) { return element }
        seen += 1
        if seen >= limit { return nil }
    }
    return nil
}
