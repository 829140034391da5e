import Foundation
import MarfaAPI
import MarfaHTTP
import MarfaLocal
import MarfaOpenAPIRuntime
import MarfaTypes

/// A local instance on a free loopback port in a fresh temporary folder, with a generated client
/// and a raw HTTP client that both send the owner's key.
struct LocalTestInstance: Sendable {
    let instance: LocalInstance
    let folder: URL
    let key: String
    let transport = DefaultTransport.make()

    /// Starts an instance in a new folder; `body` runs against it, then it stops and the folder goes.
    static func with<T>(
        options: LocalInstance.Options = .init(log: { _ in }), _ body: (LocalTestInstance) async throws -> T
    ) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-local-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let instance = try await LocalInstance.start(dataDirectory: folder, options: options)
        let test = LocalTestInstance(instance: instance, folder: folder, key: instance.bootstrapKey ?? "")
        do {
            let result = try await body(test)
            await instance.stop()
            return result
        } catch {
            await instance.stop()
            throw error
        }
    }

    var url: URL { instance.url }

    /// The generated client, sending `key` (the owner's unless said otherwise).
    func client(key: String? = nil) -> MarfaAPI.Client {
        Client(serverURL: url, transport: transport, middlewares: [BearerKey(key: key ?? self.key)])
    }

    /// A client that sends no key.
    var anonymousClient: MarfaAPI.Client { Client(serverURL: url, transport: transport) }

    /// Sends one request with a JSON (or raw) body and reads the whole answer.
    func send(
        _ method: HTTPMethod, _ path: String, json: String? = nil, key: String?? = .none,
        headers: [String: String] = [:]
    ) async throws -> RawAnswer {
        var fields = HTTPFields()
        let bearer: String? = key ?? self.key
        if let bearer { fields["Authorization"] = "Bearer \(bearer)" }
        if json != nil { fields["Content-Type"] = "application/json" }
        for (name, value) in headers { fields[name] = value }
        let (response, body) = try await transport.send(
            HTTPRequest(method: method, path: path, headerFields: fields), body: json.map { HTTPBody($0) },
            baseURL: url,
            operationID: "raw")
        let bytes = try await body?.collect(upTo: 64 << 20) ?? []
        return RawAnswer(status: response.status.code, headers: response.headerFields, bytes: bytes)
    }
}

/// An answer read whole.
struct RawAnswer: Sendable {
    let status: Int
    let headers: HTTPFields
    let bytes: [UInt8]

    var text: String { String(decoding: bytes, as: UTF8.self) }
    var json: OpenAPIValue { (try? JSONCoding.decode(OpenAPIValue.self, from: Data(bytes))) ?? .null }
    /// `error.code` of an error envelope.
    var errorCode: String? { json["error"]?["code"]?.string }
}

/// Sends `Authorization: Bearer <key>` with every request.
struct BearerKey: ClientMiddleware {
    let key: String

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields["Authorization"] = "Bearer \(key)"
        return try await next(request, body, baseURL)
    }
}
