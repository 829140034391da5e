import Foundation

/// What generated `registerHandlers(on:)` uses: it puts each operation's handler on the transport
/// behind the middlewares, and turns `HTTPResponseConvertible` errors (such as a `ServerError` for a
/// request that cannot be read) into answers.
public struct ServerRegistrar: Sendable {
    /// The handler a generated operation provides: read the input, call the API, write the output.
    public typealias OperationHandler =
        @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata, ServerCall) async throws -> (HTTPResponse, HTTPBody?)

    let pathPrefix: String
    let configuration: Configuration
    let middlewares: [any ServerMiddleware]

    /// A registrar that serves under `serverURL`'s path, behind `middlewares`, first to last.
    public init(serverURL: URL, configuration: Configuration = .init(), middlewares: [any ServerMiddleware] = []) {
        var prefix = serverURL.path
        while prefix.hasSuffix("/") { prefix.removeLast() }
        self.pathPrefix = prefix
        self.configuration = configuration
        self.middlewares = middlewares
    }

    /// Registers `handler` for `method` on the route `path` (a template such as `/items/{id}`).
    public func register(
        on transport: any ServerTransport, _ method: HTTPMethod, _ path: String, operationID: String,
        _ handler: @escaping OperationHandler
    ) throws {
        let call = ServerCall(operationID: operationID, configuration: configuration)
        let chain = middlewares
        try transport.register(
            { request, body, metadata in
                do {
                    return try await Self.run(request, body, metadata, chain[...], operationID) {
                        request, body, metadata in
                        try await handler(request, body, metadata, call)
                    }
                } catch let error as any HTTPResponseConvertible {
                    return error.httpResponse
                }
            }, method: method, path: pathPrefix + path)
    }

    private static func run(
        _ request: HTTPRequest, _ body: HTTPBody?, _ metadata: ServerRequestMetadata,
        _ rest: ArraySlice<any ServerMiddleware>, _ operationID: String,
        _ last:
            @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
                HTTPResponse, HTTPBody?
            )
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let first = rest.first else { return try await last(request, body, metadata) }
        let next = rest.dropFirst()
        return try await first.intercept(request, body: body, metadata: metadata, operationID: operationID) {
            try await run($0, $1, $2, next, operationID, last)
        }
    }
}

/// What a generated server handler calls to read one request and write its response.
/// Every failure to read is a `ServerError` with status 400 (415 for an unknown content type).
public struct ServerCall: Sendable {
    /// The operation ID of the request.
    public let operationID: String
    let configuration: Configuration

    func failure(_ cause: String, _ error: (any Error)? = nil, status: Int = 400) -> ServerError {
        ServerError(operationID: operationID, causeDescription: cause, underlyingError: error, status: status)
    }

    private func decode<T: Decodable>(_ value: URIValue?, _ type: T.Type, _ what: String) throws -> T? {
        guard let value else { return nil }
        do {
            return try URIValueDecoder.decode(type, from: value)
        } catch {
            throw failure("The \(what) could not be read", error)
        }
    }

    // MARK: Request

    /// A path parameter as `T`.
    public func path<T: Decodable>(
        _ metadata: ServerRequestMetadata, _ name: String, as type: T.Type, style: ParameterStyle = .simple,
        explode: Bool = false, shape: URIStyleCoder.Shape = .primitive
    ) throws -> T {
        guard let raw = metadata.pathParameters[name],
            let value = try decode(
                URIStyleCoder.readPath(raw, name: name, style: style, explode: explode, shape: shape), type,
                "path parameter '\(name)'")
        else { throw failure("The path parameter '\(name)' could not be read") }
        return value
    }

    /// The request's decoded query pairs, read once per request.
    public func queryPairs(_ request: HTTPRequest) -> [(name: String, value: String)] {
        URIStyleCoder.queryPairs(request.query)
    }

    /// A query parameter as `T`, or nil when absent.
    public func query<T: Decodable>(
        _ pairs: [(name: String, value: String)], _ name: String, as type: T.Type, style: ParameterStyle = .form,
        explode: Bool = true, shape: URIStyleCoder.Shape = .primitive, knownNames: Set<String> = []
    ) throws -> T? {
        try decode(
            URIStyleCoder.readQuery(
                pairs, name: name, style: style, explode: explode, shape: shape, knownNames: knownNames), type,
            "query parameter '\(name)'")
    }

    /// A required query parameter as `T`.
    public func requiredQuery<T: Decodable>(
        _ pairs: [(name: String, value: String)], _ name: String, as type: T.Type, style: ParameterStyle = .form,
        explode: Bool = true, shape: URIStyleCoder.Shape = .primitive, knownNames: Set<String> = []
    ) throws -> T {
        guard
            let value = try query(
                pairs, name, as: type, style: style, explode: explode, shape: shape, knownNames: knownNames)
        else {
            throw failure("The required query parameter '\(name)' is missing")
        }
        return value
    }

    /// A request header as `T`, or nil when absent.
    public func header<T: Decodable>(
        _ request: HTTPRequest, _ name: String, as type: T.Type, explode: Bool = false,
        shape: URIStyleCoder.Shape = .primitive
    ) throws -> T? {
        guard let text = request.headerFields.combinedValue(for: name) else { return nil }
        return try decode(URIStyleCoder.readHeader(text, explode: explode, shape: shape), type, "header '\(name)'")
    }

    /// A required request header as `T`.
    public func requiredHeader<T: Decodable>(
        _ request: HTTPRequest, _ name: String, as type: T.Type, explode: Bool = false,
        shape: URIStyleCoder.Shape = .primitive
    ) throws -> T {
        guard let value = try header(request, name, as: type, explode: explode, shape: shape) else {
            throw failure("The required header '\(name)' is missing")
        }
        return value
    }

    /// The request's `Accept` read as `T`'s content types, in order: the entries it can read (one it
    /// cannot, such as one with a malformed quality, is passed over), or all of `T`'s types, each with
    /// quality 1, when the request sends no `Accept` or nothing readable in it.
    public func accept<T: AcceptableProtocol>(_ request: HTTPRequest, as type: T.Type) -> [AcceptHeaderContentType<T>] {
        var read: [AcceptHeaderContentType<T>] = []
        for value in request.headerFields.values(for: "Accept") {
            for entry in value.split(separator: ",") {
                if let accepted = AcceptHeaderContentType<T>(entry: entry) { read.append(accepted) }
            }
        }
        return read.isEmpty ? .defaultValues() : read
    }

    /// A cookie as `T`, or nil when absent.
    public func cookie<T: Decodable>(
        _ request: HTTPRequest, _ name: String, as type: T.Type, explode: Bool = true,
        shape: URIStyleCoder.Shape = .primitive
    ) throws -> T? {
        try decode(
            URIStyleCoder.readCookie(request.headerFields["Cookie"], name: name, explode: explode, shape: shape), type,
            "cookie '\(name)'")
    }

    /// A required cookie as `T`.
    public func requiredCookie<T: Decodable>(
        _ request: HTTPRequest, _ name: String, as type: T.Type, explode: Bool = true,
        shape: URIStyleCoder.Shape = .primitive
    ) throws -> T {
        guard let value = try cookie(request, name, as: type, explode: explode, shape: shape) else {
            throw failure("The required cookie '\(name)' is missing")
        }
        return value
    }

    /// Whether the request's `Content-Type` matches `pattern`.
    public func matches(_ request: HTTPRequest, _ pattern: String) -> Bool {
        ContentType.matches(request.headerFields["Content-Type"], pattern)
    }

    /// The error for a request body in a content type the operation does not take (415).
    public func unexpectedContent(_ request: HTTPRequest) -> ServerError {
        failure(
            "The content type '\(request.headerFields["Content-Type"] ?? "")' is not one this operation takes",
            status: 415)
    }

    /// The error for a missing required body.
    public func missingBody() -> ServerError { failure("The request needs a body") }

    private func bytes(_ body: HTTPBody?) async throws -> [UInt8] {
        do {
            return try await body?.collect(upTo: configuration.maxBodyBytes) ?? []
        } catch let error as HTTPBody.TooManyBytesError {
            throw failure("The request body is too large", error, status: 413)
        }
    }

    /// Reads a JSON request body as `T`.
    public func json<T: Decodable>(_ type: T.Type, _ body: HTTPBody?) async throws -> T {
        if let value = body?.json {
            do {
                return try JSONValueDecoder.decode(type, from: value)
            } catch {
                throw failure("The JSON body could not be read", error)
            }
        }
        let bytes = try await bytes(body)
        do {
            return try JSONCoding.decode(type, from: Data(bytes))
        } catch {
            throw failure("The JSON body could not be read", error)
        }
    }

    /// Reads a form request body as `T`.
    public func form<T: Decodable>(_ type: T.Type, _ body: HTTPBody?) async throws -> T {
        let bytes = try await bytes(body)
        do {
            return try FormCoding.decode(type, from: bytes)
        } catch {
            throw failure("The form body could not be read", error)
        }
    }

    /// Reads a multipart request body.
    public func multipart(_ request: HTTPRequest, _ body: HTTPBody?) async throws -> MultipartBody {
        let bytes = try await bytes(body)
        do {
            return try MultipartBody(parsing: bytes, contentType: request.headerFields["Content-Type"])
        } catch {
            throw failure("The multipart body could not be read", error)
        }
    }

    /// A request body passed on as it is.
    public func raw(_ body: HTTPBody?) -> HTTPBody { body ?? HTTPBody() }

    // MARK: Response

    /// Sets a response header; nil sets nothing.
    public func header<T: Encodable>(
        _ response: inout HTTPResponse, _ name: String, _ value: T?, explode: Bool = false
    ) throws {
        guard let value else { return }
        response.headerFields[name] = URIStyleCoder.header(try URIValueEncoder.encode(value), explode: explode)
    }

    /// A JSON response body, setting `Content-Type`.
    public func json<T: Encodable>(
        _ response: inout HTTPResponse, _ value: T, contentType: String = "application/json"
    ) throws -> HTTPBody {
        response.headerFields["Content-Type"] = contentType
        return HTTPBody(try JSONCoding.encode(value, sortingKeys: configuration.sortedKeys))
    }

    /// A form response body, setting `Content-Type`.
    public func form<T: Encodable>(
        _ response: inout HTTPResponse, _ value: T, contentType: String = "application/x-www-form-urlencoded"
    ) throws -> HTTPBody {
        response.headerFields["Content-Type"] = contentType
        return HTTPBody(try FormCoding.encode(value))
    }

    /// A multipart response body, setting `Content-Type` with its boundary.
    public func multipart(
        _ response: inout HTTPResponse, _ value: MultipartBody, contentType: String = "multipart/form-data"
    ) -> HTTPBody {
        response.headerFields["Content-Type"] = "\(contentType); boundary=\(value.boundary)"
        return value.encoded()
    }

    /// A response body sent as it is, setting `Content-Type`.
    public func raw(_ response: inout HTTPResponse, _ body: HTTPBody, contentType: String) -> HTTPBody {
        response.headerFields["Content-Type"] = contentType
        return body
    }
}
