/// An HTTP response head: status code and header fields. The body travels beside it as an `HTTPBody`.
public struct HTTPResponse: Sendable, Hashable {
    /// The status, such as `.ok`; it compares with integer literals (`status == 201`) and its
    /// `code` is the number.
    public var status: Status
    /// The response's header fields.
    public var headerFields: HTTPFields

    /// A response head with `status` and `headerFields`.
    public init(status: Status, headerFields: HTTPFields = HTTPFields()) {
        self.status = status
        self.headerFields = headerFields
    }

    /// A response head with the status `code` and `headerFields`.
    public init(status code: Int, headerFields: HTTPFields = HTTPFields()) {
        self.init(status: Status(code: code), headerFields: headerFields)
    }

    /// The standard reason phrase for `status`, or "Status N" for one without a name here.
    public static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 422: "Unprocessable Content"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }
}
