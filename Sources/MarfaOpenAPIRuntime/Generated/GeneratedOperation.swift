/// An operation as its document declares it: every `Operations.<name>` the generator writes
/// conforms, so code that sends requests of its own (a queue replaying writes, a proxy) names an
/// operation by its type instead of spelling its ID, method and path by hand.
public protocol GeneratedOperation {
    /// The operation's ID; generated from the method and path when the document gives none.
    static var id: String { get }
    /// The HTTP method, uppercased.
    static var method: String { get }
    /// The path template as the document writes it, with `{name}` for each path parameter.
    static var path: String { get }
}

extension GeneratedOperation {
    /// The method as an ``HTTPMethod``.
    public static var httpMethod: HTTPMethod { HTTPMethod(rawValue: method) }

    /// The path with its parameters filled in document order, each value percent-encoded as one
    /// path segment: everything but the unreserved characters, `:` and `@` is escaped, so a `/`
    /// in a value stays inside its segment. A parameter with no value left is filled with an
    /// empty segment.
    public static func path(filling values: String...) -> String { path(filling: values) }

    /// The path with its parameters filled in document order from `values`; see ``path(filling:)-(String...)``.
    public static func path(filling values: [String]) -> String {
        var rendered = ""
        var remaining = values[...]
        var inParameter = false
        for character in path {
            switch character {
            case "{" where !inParameter: inParameter = true
            case "}" where inParameter:
                inParameter = false
                rendered += segment(remaining.popFirst() ?? "")
            default: if !inParameter { rendered.append(character) }
            }
        }
        return rendered
    }

    /// `value` encoded as one path segment, keeping `:` and `@` as RFC 3986 allows there.
    private static func segment(_ value: String) -> String {
        PercentEncoding.encode(value) { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "@") }
    }
}
