/// How a parameter is written in a path, query, header or cookie (OpenAPI `style`).
public enum ParameterStyle: String, Sendable, Hashable {
    case simple, label, matrix, form, spaceDelimited, pipeDelimited, deepObject
}

/// A parameter value flattened for URI coding: a primitive, a list of primitives, or an object of
/// primitives (nested objects only for `deepObject`), each already written as text.
public indirect enum URIValue: Sendable, Hashable {
    case primitive(String)
    case array([String])
    case object([(String, URIValue)])

    public static func == (a: URIValue, b: URIValue) -> Bool {
        switch (a, b) {
        case (.primitive(let x), .primitive(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
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
