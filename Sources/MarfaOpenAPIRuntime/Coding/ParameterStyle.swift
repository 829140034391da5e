/// How a parameter is written in a path, query, header or cookie (OpenAPI `style`).
public enum ParameterStyle: String, Sendable, Hashable {
    /// Comma-separated values (`a,b`), the default for path and header parameters.
    case simple
    /// Values after a `.` (`.a.b` exploded, `.a,b` not), for path parameters.
    case label
    /// Values as `;name=value` pairs, for path parameters.
    case matrix
    /// `name=value` pairs joined by `&`, the default for query and cookie parameters.
    case form
    /// A list's values joined by spaces, for query parameters.
    case spaceDelimited
    /// A list's values joined by `|`, for query parameters.
    case pipeDelimited
    /// An object's members as `name[key]=value` pairs, for query parameters.
    case deepObject
}

/// A parameter value flattened for URI coding: a primitive, a list of primitives, or an object of
/// primitives (nested objects only for `deepObject`), each already written as text.
public indirect enum URIValue: Sendable, Hashable {
    /// One value, already written as text.
    case primitive(String)
    /// A list of values, each already written as text.
    case array([String])
    /// An object's members in order, by name.
    case object([(String, URIValue)])

    public static func == (a: URIValue, b: URIValue) -> Bool {
        switch (a, b) {
        case (.primitive(let x), .primitive(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .primitive(let x): hasher.combine(x)
        case .array(let x): hasher.combine(x)
        case .object(let x):
            for (key, value) in x {
                hasher.combine(key)
                hasher.combine(value)
            }
        }
    }
}
