/// One header field, as swift-http-types names it, so middleware written against it compiles here.
public typealias HTTPField = HTTPFields.Field

extension HTTPFields.Field {
    /// A header field's name. Names compare and hash case-insensitively; the common ones are
    /// constants spelled as swift-http-types spells them (`.authorization`, `.contentType`).
    public struct Name: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The name as written.
        public let rawName: String

        /// The name in lower case, as HTTP/2 and HTTP/3 send it and as names compare.
        public var canonicalName: String { rawName.lowercased() }

        /// The name `name`, or nil when it isn't an RFC 9110 token (empty, or holding a space, a
        /// colon, a control character or another delimiter).
        public init?(_ name: String) {
            guard !name.isEmpty, name.utf8.allSatisfy(Self.isTokenByte) else { return nil }
            rawName = name
        }

        /// The name `value`, which the caller knows to be a token.
        public init(stringLiteral value: String) { rawName = value }

        public var description: String { rawName }

        public static func == (lhs: Name, rhs: Name) -> Bool { HTTPFields.same(lhs.rawName, rhs.rawName) }

        public func hash(into hasher: inout Hasher) { hasher.combine(canonicalName) }

        /// Whether `byte` may stand in a field name (RFC 9110 5.1 `token`).
        private static func isTokenByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }

    /// A field named `name` holding `value`.
    public init(name: Name, value: String) { self.init(name: name.rawName, value: value) }
}

extension HTTPFields {
    /// The first value of `name`, or nil; setting replaces every value of `name` (nil removes them).
    public subscript(_ name: HTTPField.Name) -> String? {
        get { self[name.rawName] }
        set { self[name.rawName] = newValue }
    }

    /// Every value of `name`, in order; setting replaces them all with the values given.
    public subscript(values name: HTTPField.Name) -> [String] {
        get { values(for: name.rawName) }
        set {
            remove(name.rawName)
            for value in newValue { append(name: name.rawName, value: value) }
        }
    }
}

extension HTTPField.Name {
    /// `Accept`.
    public static let accept: Self = "Accept"
    /// `Accept-Encoding`.
    public static let acceptEncoding: Self = "Accept-Encoding"
    /// `Accept-Language`.
    public static let acceptLanguage: Self = "Accept-Language"
    /// `Accept-Ranges`.
    public static let acceptRanges: Self = "Accept-Ranges"
    /// `Allow`.
    public static let allow: Self = "Allow"
    /// `Authorization`.
    public static let authorization: Self = "Authorization"
    /// `Cache-Control`.
    public static let cacheControl: Self = "Cache-Control"
    /// `Connection`.
    public static let connection: Self = "Connection"
    /// `Content-Disposition`.
    public static let contentDisposition: Self = "Content-Disposition"
    /// `Content-Encoding`.
    public static let contentEncoding: Self = "Content-Encoding"
    /// `Content-Length`.
    public static let contentLength: Self = "Content-Length"
    /// `Content-Range`.
    public static let contentRange: Self = "Content-Range"
    /// `Content-Type`.
    public static let contentType: Self = "Content-Type"
    /// `Cookie`.
    public static let cookie: Self = "Cookie"
    /// `Date`.
    public static let date: Self = "Date"
    /// `ETag`.
    public static let eTag: Self = "ETag"
    /// `Host`.
    public static let host: Self = "Host"
    /// `If-Match`.
    public static let ifMatch: Self = "If-Match"
    /// `If-Modified-Since`.
    public static let ifModifiedSince: Self = "If-Modified-Since"
    /// `If-None-Match`.
    public static let ifNoneMatch: Self = "If-None-Match"
    /// `Last-Modified`.
    public static let lastModified: Self = "Last-Modified"
    /// `Location`.
    public static let location: Self = "Location"
    /// `Range`.
    public static let range: Self = "Range"
    /// `Retry-After`.
    public static let retryAfter: Self = "Retry-After"
    /// `Set-Cookie`.
    public static let setCookie: Self = "Set-Cookie"
    /// `Transfer-Encoding`.
    public static let transferEncoding: Self = "Transfer-Encoding"
    /// `User-Agent`.
    public static let userAgent: Self = "User-Agent"
    /// `WWW-Authenticate`.
    public static let wwwAuthenticate: Self = "WWW-Authenticate"
}
