import Foundation
import MarfaAPI
import MarfaHTTP
import MarfaLocal
import MarfaOpenAPIRuntime
import MarfaTypes

/// A local instance in a fresh temporary folder, a `Server` holding the owner's key, and a raw
/// HTTP sender for the doors `Client` has no call for (items, keys' JSON).
struct APITestInstance: Sendable {
    let instance: LocalInstance
    let folder: URL
    let ownerKey: String
    let transport = DefaultTransport.make()

    /// Starts an instance; `body` runs against it, then it stops and the folder goes.
    static func with<T>(
        options: LocalInstance.Options = .init(log: { _ in }), _ body: (APITestInstance) async throws -> T
    ) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-api-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let instance = try await LocalInstance.start(dataDirectory: folder, port: 0, options: options)
        let test = APITestInstance(instance: instance, folder: folder, ownerKey: instance.bootstrapKey ?? "")
        do {
            let result = try await body(test)
            await instance.stop()
            return result
        } catch {
            await instance.stop()
            throw error
        }
    }

    /// The `Server` for `key` (the owner's unless given).
    func server(key: String? = nil) throws -> Server { try Server(url: instance.url, key: key ?? ownerKey) }

    /// A `Client` for `key` (the owner's unless given).
    func api(key: String? = nil, timeout: Duration = Client.defaultTimeout) throws -> Client {
        Client(try server(key: key), timeout: timeout)
    }

    /// Sends one JSON request and answers the status and the body as JSON.
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

    /// Creates an item of `type` with `properties` (JSON text); answers its id.
    @discardableResult
    func createItem(_ type: String, properties: String = "{}", key: String? = nil) async throws -> String {
        let answer = try await send(
            .post, "/items", json: #"{"type": "\#(type)", "properties": \#(properties)}"#, key: key)
        guard answer.status == 201 || answer.status == 200, let id = answer.body["item"]?["id"]?.string else {
            throw TestFailure("creating a \(type) answered \(answer.status): \(answer.body)")
        }
        return id
    }

    /// The item `id` as JSON.
    func item(_ id: String) async throws -> OpenAPIValue {
        try await send(.get, "/items/\(id)").body["item"] ?? .null
    }

    /// Mints a key that writes `app.*` types and types, under `source`; answers its plaintext.
    func appKey(source: String) async throws -> String {
        let answer = try await send(
            .post, "/keys",
            json:
                #"{"label": "\#(source)", "source": "\#(source)", "permissions": ["schema.write"], "type_permissions": {"app.*": "write"}}"#
        )
        guard answer.status == 201, let key = answer.body["key"]?.string else {
            throw TestFailure("minting a key answered \(answer.status): \(answer.body)")
        }
        return key
    }

    /// Registers the types `ids` with fields `title` and `stage` (strings).
    func registerTypes(_ ids: String...) async throws {
        let api = try api()
        for id in ids {
            try await api.register(itemType: Self.definition(id))
        }
    }

    static func definition(_ id: String) -> Components.Schemas.TypeDefinitionInput {
        Components.Schemas.TypeDefinitionInput(
            fields: .init(additionalProperties: [
                "title": .init(_type: .string), "stage": .init(_type: .string), "amount": .init(_type: .number),
            ]),
            id: id)
    }
}

/// A failure of a test's own setup, with what the instance answered.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
