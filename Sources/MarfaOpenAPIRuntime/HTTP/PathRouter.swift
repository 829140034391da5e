/// Matches request paths against route templates such as `/items/{id}/edges`.
///
/// Literal segments win over parameter segments, so `/items/bulk` is found before `/items/{id}`.
/// Matching is by whole segments; a trailing slash is a segment of its own.
public struct PathRouter<Route: Sendable>: Sendable {
    private final class Node: @unchecked Sendable {
        var literals: [Substring: Node] = [:]
        var parameter: (name: String, node: Node)?
        var routes: [HTTPMethod: Route] = [:]
    }

    /// Thrown when two templates give a segment two parameter names, or a route is registered twice.
    public struct ConflictError: Error, CustomStringConvertible {
        public let description: String
    }

    private let root = Node()

    /// A router with no routes.
    public init() {}

    /// Adds `route` for `method` on `template`.
    public func register(_ route: Route, method: HTTPMethod, template: String) throws {
        var node = root
        for segment in Self.segments(template) {
            if segment.hasPrefix("{") && segment.hasSuffix("}") {
                let name = String(segment.dropFirst().dropLast())
                if let existing = node.parameter {
                    guard existing.name == name else {
                        throw ConflictError(description: "\(template): {\(name)} clashes with {\(existing.name)}")
                    }
                    node = existing.node
                } else {
                    let next = Node()
                    node.parameter = (name, next)
                    node = next
                }
            } else if let next = node.literals[segment] {
                node = next
            } else {
                let next = Node()
                node.literals[segment] = next
                node = next
            }
        }
        guard node.routes[method] == nil else {
            throw ConflictError(description: "\(method) \(template) is registered twice")
        }
        node.routes[method] = route
    }

    /// The outcome of matching a path.
    public enum Match: Sendable {
        /// The route registered for the path and method, with the path parameters by name.
        case found(Route, parameters: [String: Substring])
        /// The path exists but not for this method; `allowed` lists the methods it has.
        case methodNotAllowed(allowed: [HTTPMethod])
        /// No template matches the path.
        case notFound
    }

    /// Finds the route for `method` and `path` (without the query).
    public func match(method: HTTPMethod, path: Substring) -> Match {
        var parameters: [String: Substring] = [:]
        guard let node = Self.find(root, Self.segments(path)[...], &parameters) else { return .notFound }
        if let route = node.routes[method] { return .found(route, parameters: parameters) }
        if method == .head, let route = node.routes[.get] { return .found(route, parameters: parameters) }
        if node.routes.isEmpty { return .notFound }
        return .methodNotAllowed(allowed: node.routes.keys.sorted { $0.rawValue < $1.rawValue })
    }

    private static func find(
        _ node: Node, _ segments: ArraySlice<Substring>, _ parameters: inout [String: Substring]
    ) -> Node? {
        guard let first = segments.first else { return node.routes.isEmpty ? nil : node }
        let rest = segments.dropFirst()
        if let literal = node.literals[first], let found = find(literal, rest, &parameters) {
            return found
        }
        if let (name, next) = node.parameter, !first.isEmpty {
            let saved = parameters
            parameters[name] = first
            if let found = find(next, rest, &parameters) { return found }
            parameters = saved
        }
        return nil
    }

    private static func segments<S: StringProtocol>(_ path: S) -> [Substring] where S.SubSequence == Substring {
        var trimmed = path[...]
        if trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
        if trimmed.isEmpty { return [] }
        return trimmed.split(separator: "/", omittingEmptySubsequences: false)
    }
}
