/// A generated client's call for an operation failed: it could not write the request, the request
/// was not answered (the transport's or a middleware's error is the `underlyingError`), or the
/// response could not be read.
public struct ClientError: Error, Sendable, CustomStringConvertible {
    /// The operation ID of the call, e.g. `listPets`.
    public let operationID: String
    /// What went wrong, in plain words.
    public let causeDescription: String
    /// The error behind it, when there is one.
    public let underlyingError: (any Error)?
    /// The request as it was sent, when the failure came after it was written.
    public let request: HTTPRequest?
    /// The response being read, when the failure came after one arrived.
    public let response: HTTPResponse?
    /// The status of the response being read, when the failure came after one arrived.
    public var status: Int? { response?.status.code ?? givenStatus }
    private let givenStatus: Int?

    /// An error for the operation `operationID`, with its cause and, when known, the request sent
    /// and the response read (or only its `status`).
    public init(
        operationID: String, causeDescription: String, underlyingError: (any Error)? = nil, status: Int? = nil,
        request: HTTPRequest? = nil, response: HTTPResponse? = nil
    ) {
        self.operationID = operationID
        self.causeDescription = causeDescription
        self.underlyingError = underlyingError
        self.request = request
        self.response = response
        givenStatus = status
    }

    public var description: String {
        var text = "Operation '\(operationID)' failed: \(causeDescription)"
        if let status { text += " (status \(status))" }
        if let underlyingError { text += ": \(underlyingError)" }
        return text
    }
}

/// A request a generated server could not read: answered with `status` (400 unless said otherwise).
public struct ServerError: Error, Sendable, CustomStringConvertible, HTTPResponseConvertible {
    /// The operation ID of the request.
    public let operationID: String
    /// What could not be read, in plain words; it is the answer's body.
    public let causeDescription: String
    /// The error behind it, when there is one.
    public let underlyingError: (any Error)?
    /// The status the server answers with.
    public let status: Int

    /// An error for the operation `operationID` answered with `status`, 400 unless given.
    public init(operationID: String, causeDescription: String, underlyingError: (any Error)? = nil, status: Int = 400) {
        self.operationID = operationID
        self.causeDescription = causeDescription
        self.underlyingError = underlyingError
        self.status = status
    }

    public var description: String {
        var text = "\(causeDescription)"
        if let underlyingError { text += ": \(underlyingError)" }
        return text
    }

    public var httpResponse: (HTTPResponse, HTTPBody?) {
        (
            HTTPResponse(status: status, headerFields: ["Content-Type": "text/plain; charset=utf-8"]),
            HTTPBody(description + "\n")
        )
    }
}

/// An error a server turns into an answer instead of a 500.
public protocol HTTPResponseConvertible: Error {
    /// The response head and body to answer with.
    var httpResponse: (HTTPResponse, HTTPBody?) { get }
}

/// Thrown by an `Output`'s accessor (such as `.ok`) when the response had another status.
public struct UnexpectedResponseError: Error, Sendable, CustomStringConvertible {
    /// The response the accessor reads, such as `ok`.
    public let expected: String
    /// The response that arrived.
    public let received: String
    /// An error for reading `expected` from a `received` response.
    public init(expected: String, received: String) {
        self.expected = expected
        self.received = received
    }
    /// An error for reading `expected` from `response`, described as `"\(response)"` would be.
    public init(expected: String, response: Any) {
        self.init(expected: expected, received: String(describing: response))
    }
    public var description: String { "Expected the '\(expected)' response, received '\(received)'." }
}

/// Thrown by a body's accessor (such as `.json`) when the response had another content type.
public struct UnexpectedContentError: Error, Sendable, CustomStringConvertible {
    /// The content type the accessor reads, such as `application/json`.
    public let expected: String
    /// The content type that arrived.
    public let received: String
    /// An error for reading `expected` content from a body of `received` content.
    public init(expected: String, received: String) {
        self.expected = expected
        self.received = received
    }
    /// An error for reading `expected` content from `content`, described as `"\(content)"` would be.
    public init(expected: String, content: Any) {
        self.init(expected: expected, received: String(describing: content))
    }
    public var description: String { "Expected '\(expected)' content, received '\(received)'." }
}
