import Foundation

/// What a generated client method calls to write one request and read its response.
///
/// Every failure here is a `ClientError` naming the operation (a transport's or a middleware's
/// error from `send` included, as its `underlyingError`), passed through
/// `Configuration.clientErrorMapping` when one is set.
public struct ClientCall: Sendable {
    /// The operation ID of the call.
    public let operationID: String
    let client: UniversalClient
    /// Where the call goes instead of the client's server URL, for an operation with servers of its own.
    let serverURL: URL?

    init(operationID: String, client: UniversalClient, serverURL: URL? = nil) {
        self.operationID = operationID
        self.client = client
        self.serverURL = serverURL
    }

    /// The error to throw for a failure of this call: a `ClientError`, as the configuration maps it.
    func failure(
        _ cause: String, _ error: (any Error)? = nil, request: HTTPRequest? = nil, response: HTTPResponse? = nil
    ) -> any Error {
        let failure = ClientError(
            operationID: operationID, causeDescription: cause, underlyingError: error, request: request,
            response: response)
        return client.configuration.clientErrorMapping?(failure) ?? failure
    }

    // MARK: Request

    /// A path parameter written in `style`, percent-encoded.
    public func path<T: Encodable>(
        _ value: T, name: String, style: ParameterStyle = .simple, explode: Bool = false
    ) throws -> String {
        do {
            return URIStyleCoder.path(try URIValueEncoder.encode(value), name: name, style: style, explode: explode)
        } catch {
            throw failure("Could not write the path parameter '\(name)'", error)
        }
    }

    /// Adds a query parameter; nil adds nothing.
    public func query<T: Encodable>(
        _ request: inout HTTPRequest, _ name: String, _ value: T?, style: ParameterStyle = .form, explode: Bool = true,
        allowReserved: Bool = false
    ) throws {
        guard let value else { return }
        let text: String
        do {
            text = URIStyleCoder.query(
                try URIValueEncoder.encode(value), name: name, style: style, explode: explode,
                allowReserved: allowReserved)
        } catch {
            throw failure("Could not write the query parameter '\(name)'", error)
        }
        guard !text.isEmpty else { return }
        request.path += request.path.contains("?") ? "&" + text : "?" + text
    }

    /// Sets a header; nil sets nothing.
    public func header<T: Encodable>(
        _ request: inout HTTPRequest, _ name: String, _ value: T?, explode: Bool = false
    ) throws {
        guard let value else { return }
        do {
            request.headerFields[name] = URIStyleCoder.header(try URIValueEncoder.encode(value), explode: explode)
        } catch {
            throw failure("Could not write the header '\(name)'", error)
        }
    }

    /// Sets `Accept` to `contentTypes` in order, comma-separated, each with its quality when below 1; an
    /// empty list sets nothing.
    public func accept<T: AcceptableProtocol>(
        _ request: inout HTTPRequest, _ contentTypes: [AcceptHeaderContentType<T>]
    ) {
        guard !contentTypes.isEmpty else { return }
        request.headerFields["Accept"] = contentTypes.map(\.rawValue).joined(separator: ", ")
    }

    /// Adds a cookie to the `Cookie` header; nil adds nothing.
    public func cookie<T: Encodable>(
        _ request: inout HTTPRequest, _ name: String, _ value: T?, explode: Bool = true
    ) throws {
        guard let value else { return }
        do {
            let crumb = URIStyleCoder.cookie(try URIValueEncoder.encode(value), name: name, explode: explode)
            request.headerFields["Cookie"] = request.headerFields["Cookie"].map { $0 + "; " + crumb } ?? crumb
        } catch {
            throw failure("Could not write the cookie '\(name)'", error)
        }
    }

    /// A JSON body, setting `Content-Type`.
    public func json<T: Encodable>(
        _ request: inout HTTPRequest, _ value: T, contentType: String = "application/json"
    ) throws -> HTTPBody {
        request.headerFields["Content-Type"] = contentType
        do {
            return HTTPBody(try JSONCoding.encode(value, sortingKeys: client.configuration.sortedKeys))
        } catch {
            throw failure("Could not write the JSON body", error)
        }
    }

    /// An `application/x-www-form-urlencoded` body, setting `Content-Type`.
    public func form<T: Encodable>(
        _ request: inout HTTPRequest, _ value: T, contentType: String = "application/x-www-form-urlencoded"
    ) throws -> HTTPBody {
        request.headerFields["Content-Type"] = contentType
        do {
            return HTTPBody(try FormCoding.encode(value))
        } catch {
            throw failure("Could not write the form body", error)
        }
    }

    /// A multipart body, setting `Content-Type` with its boundary.
    public func multipart(
        _ request: inout HTTPRequest, _ value: MultipartBody, contentType: String = "multipart/form-data"
    ) -> HTTPBody {
        request.headerFields["Content-Type"] = "\(contentType); boundary=\(value.boundary)"
        return value.encoded()
    }

    /// A body sent as it is, setting `Content-Type`.
    public func raw(_ request: inout HTTPRequest, _ body: HTTPBody, contentType: String) -> HTTPBody {
        request.headerFields["Content-Type"] = contentType
        return body
    }

    /// Sends the request through the middlewares and the transport; whatever they throw is the
    /// `underlyingError` of a `ClientError` holding the request.
    public func send(_ request: HTTPRequest, _ body: HTTPBody?) async throws -> (HTTPResponse, HTTPBody?) {
        do {
            return try await client.send(request, body: body, operationID: operationID, serverURL: serverURL)
        } catch {
            throw failure("The request was not answered", error, request: request)
        }
    }

    // MARK: Response

    /// A response header as `T`, or nil when absent.
    public func header<T: Decodable>(
        _ response: HTTPResponse, _ name: String, as type: T.Type, explode: Bool = false,
        shape: URIStyleCoder.Shape = .primitive
    ) throws -> T? {
        guard let text = response.headerFields.combinedValue(for: name) else { return nil }
        guard let value = URIStyleCoder.readHeader(text, explode: explode, shape: shape) else {
            throw failure("The header '\(name)' could not be read", response: response)
        }
        do {
            return try URIValueDecoder.decode(type, from: value)
        } catch {
            throw failure("The header '\(name)' could not be read", error, response: response)
        }
    }

    /// A required response header as `T`.
    public func requiredHeader<T: Decodable>(
        _ response: HTTPResponse, _ name: String, as type: T.Type, explode: Bool = false,
        shape: URIStyleCoder.Shape = .primitive
    ) throws -> T {
        guard let value = try header(response, name, as: type, explode: explode, shape: shape) else {
            throw failure("The required header '\(name)' is missing", response: response)
        }
        return value
    }

    /// Whether the response's `Content-Type` matches `pattern`.
    public func matches(_ response: HTTPResponse, _ pattern: String) -> Bool {
        ContentType.matches(response.headerFields["Content-Type"], pattern)
    }

    /// The error for a response whose content type the operation does not describe.
    public func unexpectedContent(_ response: HTTPResponse) -> any Error {
        failure(
            "The response's content type '\(response.headerFields["Content-Type"] ?? "")' is not one the operation describes",
            response: response)
    }

    /// Reads a JSON body as `T`.
    public func json<T: Decodable>(_ type: T.Type, _ response: HTTPResponse, _ body: HTTPBody?) async throws -> T {
        let bytes: [UInt8]
        do {
            bytes = try await body?.collect(upTo: client.configuration.maxBodyBytes) ?? []
        } catch {
            throw failure("The response body could not be read", error, response: response)
        }
        do {
            return try JSONCoding.decode(type, from: Data(bytes))
        } catch {
            throw failure("The JSON response body could not be decoded as \(T.self)", error, response: response)
        }
    }

    /// Reads an `application/x-www-form-urlencoded` body as `T`.
    public func form<T: Decodable>(_ type: T.Type, _ response: HTTPResponse, _ body: HTTPBody?) async throws -> T {
        do {
            let bytes = try await body?.collect(upTo: client.configuration.maxBodyBytes) ?? []
            return try FormCoding.decode(type, from: bytes)
        } catch {
            throw failure("The form response body could not be decoded as \(T.self)", error, response: response)
        }
    }

    /// Reads a multipart body.
    public func multipart(_ response: HTTPResponse, _ body: HTTPBody?) async throws -> MultipartBody {
        do {
            let bytes = try await body?.collect(upTo: client.configuration.maxBodyBytes) ?? []
            return try MultipartBody(parsing: bytes, contentType: response.headerFields["Content-Type"])
        } catch {
            throw failure("The multipart response body could not be read", error, response: response)
        }
    }

    /// A body passed on as it is (an empty one when the response had none).
    public func raw(_ body: HTTPBody?) -> HTTPBody { body ?? HTTPBody() }
}
