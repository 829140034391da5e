/// A JSON value, as items, edges and extensions carry them: `.null`, `.bool`, `.int`, `.double`,
/// `.string`, `.array` or `.object`. Expressible by every literal kind. Its objects keep their
/// members' order (`JSONObject`).
public typealias JSONValue = OpenAPIValue

/// A JSON object that keeps its members' order: what an item's `properties`, an edge's
/// `properties` and an extension hold. The server's order when read, the order built in when made;
/// equality ignores the order, as JSON's does.
public typealias JSONObject = OpenAPIObject
