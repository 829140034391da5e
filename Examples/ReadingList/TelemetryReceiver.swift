import Foundation
import MarfaHTTPServer
import MarfaOpenAPIRuntime
import Synchronization

/// Plays PostHog on loopback for the walkthrough: answers every request and keeps its path and
/// body, gunzipped, to print.
final class TelemetryReceiver: Sendable {
    private let server = MicroHTTPDServer(host: "127.0.0.1", port: 0)
    private let received = Received()

    /// The requests, shared with the server's handler.
    private final class Received: Sendable {
        let entries = Mutex<[(path: String, body: String)]>([])
    }

    init() throws {
        server.registerFallback { [received] request, body, _ in
            let bytes = try await body?.collect(upTo: 1 << 20) ?? []
            let text = Self.gunzip(bytes) ?? "(\(bytes.count) bytes that aren't gzip)"
            received.entries.withLock { $0.append((request.path, text)) }
            return (HTTPResponse(status: 200, headerFields: ["Content-Type": "application/json"]), HTTPBody("{}"))
        }
        try server.start()
    }

    var url: URL { server.url }

    /// Every request so far: its path and its body as text.
    var requests: [(path: String, body: String)] { received.entries.withLock { $0 } }

    func stop() async { await server.shutdown() }

    /// What a person wants to see of a body: an exception's type, value and operation, or each log
    /// record's name and attributes.
    static func summary(of body: String) -> String {
        guard let json = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] else { return body }
        if let properties = json["properties"] as? [String: Any],
            let exception = (properties["$exception_list"] as? [[String: Any]])?.first
        {
            return
                "$exception \(exception["type"] ?? "?"): \(exception["value"] ?? "?") during \(properties["operation"] ?? "?")"
        }
        let records = (json["resourceLogs"] as? [[String: Any]] ?? [])
            .flatMap { $0["scopeLogs"] as? [[String: Any]] ?? [] }
            .flatMap { $0["logRecords"] as? [[String: Any]] ?? [] }
        return records.map { record in
            let name = (record["body"] as? [String: Any])?["stringValue"] ?? "?"
            let attributes = (record["attributes"] as? [[String: Any]] ?? []).compactMap { attribute -> String? in
                guard let key = attribute["key"], let value = (attribute["value"] as? [String: Any])?.values.first
                else { return nil }
                return "\(key)=\(value)"
            }
            return "log \(name) [\(record["severityText"] ?? "")] \(attributes.joined(separator: " "))"
        }.joined(separator: "; ")
    }

    /// `bytes` inflated by `gzip -dc`, or nil when they aren't gzip.
    static func gunzip(_ bytes: [UInt8]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        input.fileHandleForWriting.write(Data(bytes))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }
}
