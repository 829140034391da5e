import Foundation

/// One request of the copy through the server's middleware chain (the credential with its
/// renewal, the contract check, the time budget), its answer read whole. Reads are answered as
/// JSON for `WireShapes`; a refusal is thrown as a `MarfaError` unless `returningRefusals`.
struct WireExchange: Sendable {
    let server: Server

    /// The answer's status, headers and body.
    struct Answer: Sendable {
        var response: HTTPResponse
        var body: [UInt8]
    }

    /// Sends `head` with `body` under the server's time budget, the answer read whole.
    func send(
        _ head: HTTPRequest, body: [UInt8]?, operation: String, returningRefusals: Bool
    ) async throws(MarfaError) -> Answer {
        let exchange = self
        return try await server.run(timeout: Server.defaultTimeout) {
            let (response, answer) = try await exchange.stream(
                head, body: body.map { HTTPBody($0) }, operation: operation, returningRefusals: returningRefusals)
            return Answer(response: response, body: try await answer?.collect(upTo: Server.answerLimit) ?? [])
        }
    }

    /// Sends `head` with `body` through the server's middleware chain (the credential with its
    /// renewal, the contract check, the time budget) and its transport, answering the head and
    /// the body unread so the caller can stream either way. Every request of the copy goes
    /// through here. Run it inside `Server.run(timeout:idleTimeout:_:)`.
    func stream(
        _ head: HTTPRequest, body: HTTPBody?, operation: String, returningRefusals: Bool
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let transport = server.transport
        var next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?) = {
            request, body, url in
            try await transport.send(request, body: body, baseURL: url, operationID: operation)
        }
        for middleware in server.middlewares(returningRefusals: returningRefusals).reversed() {
            let inner = next
            next = { request, body, url in
                try await middleware.intercept(request, body: body, baseURL: url, operationID: operation, next: inner)
            }
        }
        return try await next(head, body, server.url)
    }

    /// The `GET` `call` with `query` and `X-Marfa-Read-View: view` when given, answered as JSON. An
    /// answer certified for another view than the one sent is `copyExpired(read_view_changed)`.
    func get(
        _ call: WireCall, query: [(String, String?)] = [], view: String?
    ) async throws(MarfaError) -> JSONValue {
        try Self.json(try await getBytes(call, query: query, view: view), what: call.operation)
    }

    /// `get`'s answer as it came, for a reader that tries the generated shape first.
    func getBytes(
        _ call: WireCall, query: [(String, String?)] = [], view: String?
    ) async throws(MarfaError) -> [UInt8] {
        try await getAnswer(call, query: query, view: view).body
    }

    /// `get` of `call` sent with `If-None-Match: tag` when a tag is given: nil when the server
    /// answers `304` (nothing changed since that tag), else the body with the answer's `ETag`.
    func getIfChanged(
        _ call: WireCall, view: String?, tag: String?
    ) async throws(MarfaError) -> (body: [UInt8], tag: String?)? {
        var fields = HTTPFields()
        if let tag { fields["If-None-Match"] = tag }
        let answer = try await getAnswer(call, view: view, fields: fields)
        if answer.response.status == 304 { return nil }
        return (answer.body, answer.response.headerFields["ETag"])
    }

    /// The whole answer of a `GET`, certified for `view` when given.
    private func getAnswer(
        _ call: WireCall, query: [(String, String?)] = [], view: String?, fields extra: HTTPFields = [:]
    ) async throws(MarfaError) -> Answer {
        var fields = extra
        fields["Accept"] = "application/json"
        if let view { fields[Self.readViewHeader] = view }
        let head = call.head(fields, query: query)
        let answer: Answer
        do {
            answer = try await send(head, body: nil, operation: call.operation, returningRefusals: false)
        } catch {
            throw CopyWire.certifiedError(error)
        }
        if let view, let named = answer.response.headerFields[Self.readViewHeader], named != view {
            throw CopyWire.certifiedError(
                .server(status: 409, code: "read_view_changed", message: "The answer named another read view."))
        }
        return answer
    }

    /// The write `call` (`POST`, `PATCH`, `DELETE`) with the JSON `body` when given, answered as
    /// JSON (`null` for an empty answer).
    func write(
        _ call: WireCall, json body: JSONValue? = nil, idempotencyKey: String? = nil
    ) async throws(MarfaError) -> JSONValue {
        var fields = HTTPFields()
        if body != nil { fields["Content-Type"] = "application/json" }
        if let idempotencyKey { fields["Idempotency-Key"] = idempotencyKey }
        let head = call.head(fields)
        let answer = try await send(
            head, body: body.map { Array(JSONText.encode($0).utf8) }, operation: call.operation,
            returningRefusals: false)
        return answer.body.isEmpty ? .null : try Self.json(answer.body, what: call.operation)
    }

    static let readViewHeader = "X-Marfa-Read-View"

    static func json(_ bytes: [UInt8], what: String) throws(MarfaError) -> JSONValue {
        do {
            return try JSONCoding.value(from: bytes)
        } catch {
            throw .decoding(message: "The server's answer to \(what) isn't JSON.")
        }
    }

    /// `?name=value&…` with each value percent-encoded; empty for no value.
    static func queryText(_ query: [(String, String?)]) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        let pairs = query.compactMap { name, value in
            value.map { "\(name)=\($0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0)" }
        }
        return pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
    }
}
