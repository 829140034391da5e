extension HTTPResponse {
    /// A response status, shaped as swift-http-types shapes it: `code`, `reasonPhrase`, `kind` and
    /// the common statuses as constants (`.ok`, `.notFound`). It is written from an integer literal
    /// and ordered by code, so `status == 201`, `case 200:` and `(200..<300).contains(status)` read
    /// as they would with the number.
    public struct Status: Sendable, Hashable, Comparable, ExpressibleByIntegerLiteral, CustomStringConvertible {
        /// The three-digit code.
        public var code: Int

        /// The status `code`.
        public init(code: Int) { self.code = code }

        public init(integerLiteral value: Int) { code = value }

        /// The standard reason phrase, or "Status N" for a code without one here.
        public var reasonPhrase: String { HTTPResponse.reasonPhrase(code) }

        /// The class of the status, by its first digit.
        public var kind: Kind {
            switch code {
            case 100..<200: .informational
            case 200..<300: .successful
            case 300..<400: .redirection
            case 400..<500: .clientError
            case 500..<600: .serverError
            default: .invalid
            }
        }

        /// The code, as text.
        public var description: String { String(code) }

        public static func < (lhs: Status, rhs: Status) -> Bool { lhs.code < rhs.code }

        /// The five classes of RFC 9110 (15), and codes outside them.
        public enum Kind: Sendable, Hashable {
            /// 1xx.
            case informational
            /// 2xx.
            case successful
            /// 3xx.
            case redirection
            /// 4xx.
            case clientError
            /// 5xx.
            case serverError
            /// A code outside 100...599.
            case invalid
        }
    }
}

extension HTTPResponse.Status {
    /// 100 Continue.
    public static let `continue`: Self = 100
    /// 200 OK.
    public static let ok: Self = 200
    /// 201 Created.
    public static let created: Self = 201
    /// 202 Accepted.
    public static let accepted: Self = 202
    /// 204 No Content.
    public static let noContent: Self = 204
    /// 206 Partial Content.
    public static let partialContent: Self = 206
    /// 301 Moved Permanently.
    public static let movedPermanently: Self = 301
    /// 302 Found.
    public static let found: Self = 302
    /// 303 See Other.
    public static let seeOther: Self = 303
    /// 304 Not Modified.
    public static let notModified: Self = 304
    /// 307 Temporary Redirect.
    public static let temporaryRedirect: Self = 307
    /// 308 Permanent Redirect.
    public static let permanentRedirect: Self = 308
    /// 400 Bad Request.
    public static let badRequest: Self = 400
    /// 401 Unauthorized.
    public static let unauthorized: Self = 401
    /// 403 Forbidden.
    public static let forbidden: Self = 403
    /// 404 Not Found.
    public static let notFound: Self = 404
    /// 405 Method Not Allowed.
    public static let methodNotAllowed: Self = 405
    /// 406 Not Acceptable.
    public static let notAcceptable: Self = 406
    /// 408 Request Timeout.
    public static let requestTimeout: Self = 408
    /// 409 Conflict.
    public static let conflict: Self = 409
    /// 410 Gone.
    public static let gone: Self = 410
    /// 412 Precondition Failed.
    public static let preconditionFailed: Self = 412
    /// 413 Content Too Large.
    public static let contentTooLarge: Self = 413
    /// 415 Unsupported Media Type.
    public static let unsupportedMediaType: Self = 415
    /// 416 Range Not Satisfiable.
    public static let rangeNotSatisfiable: Self = 416
    /// 422 Unprocessable Content.
    public static let unprocessableContent: Self = 422
    /// 428 Precondition Required.
    public static let preconditionRequired: Self = 428
    /// 429 Too Many Requests.
    public static let tooManyRequests: Self = 429
    /// 500 Internal Server Error.
    public static let internalServerError: Self = 500
    /// 501 Not Implemented.
    public static let notImplemented: Self = 501
    /// 502 Bad Gateway.
    public static let badGateway: Self = 502
    /// 503 Service Unavailable.
    public static let serviceUnavailable: Self = 503
    /// 504 Gateway Timeout.
    public static let gatewayTimeout: Self = 504
}

extension HTTPRequest {
    /// The request method, as swift-http-types names the type.
    public typealias Method = HTTPMethod
}
