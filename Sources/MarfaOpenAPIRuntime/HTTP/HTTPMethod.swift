/// An HTTP request method.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }
    public var description: String { rawValue }

    /// `GET`.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `PUT`.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `POST`.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `DELETE`.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `OPTIONS`.
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    /// `HEAD`.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `PATCH`.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `TRACE`.
    public static let trace = HTTPMethod(rawValue: "TRACE")
    /// `QUERY`, a safe request that carries its query in a body.
    public static let query = HTTPMethod(rawValue: "QUERY")
}
