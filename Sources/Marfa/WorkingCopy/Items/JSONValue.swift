/// A JSON value, as items, edges and extensions carry them: `.null`, `.bool`, `.int`, `.double`,
/// `.string`, `.array` or `.object`. Expressible by every literal kind.
public typealias JSONValue = OpenAPIValue

/// A JSON object: what an item's `properties`, an edge's `properties` and an extension hold.
public typealias JSONObject = [String: JSONValue]
