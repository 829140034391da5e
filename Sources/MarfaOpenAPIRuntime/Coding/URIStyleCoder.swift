/// Writes and reads parameter values in each OpenAPI style (path, query, header and cookie).
///
/// Text is percent-encoded for paths and queries (the separators a style adds stay literal); headers
/// and cookies carry text as it is.
public enum URIStyleCoder {
    /// What a parameter's schema holds, so reading knows how to split the text.
    public enum Shape: Sendable {
        /// One value, such as a string or a number.
        case primitive
        /// A list of values.
        case array
        /// An object with named members.
        case object
    }

    // MARK: Writing

    /// A path parameter in `simple`, `label` or `matrix` style, ready to put in place of `{name}`.
    public static func path(_ value: URIValue, name: String, style: ParameterStyle, explode: Bool) -> String {
        let e = { PercentEncoding.encode($0) }
        switch style {
        case .label:
            switch value {
            case .primitive(let v): return "." + e(v)
            case .array(let items): return "." + items.map(e).joined(separator: explode ? "." : ",")
            case .object(let members):
                return "."
                    + (explode
                        ? members.map { "\(e($0.0))=\(flat($0.1, e))" }.joined(separator: ".")
                        : members.map { "\(e($0.0)),\(flat($0.1, e))" }.joined(separator: ","))
            }
        case .matrix:
            let n = e(name)
            switch value {
            case .primitive(let v): return ";\(n)=\(e(v))"
            case .array(let items):
                return explode
                    ? items.map { ";\(n)=\(e($0))" }.joined() : ";\(n)=" + items.map(e).joined(separator: ",")
            case .object(let members):
                return explode
                    ? members.map { ";\(e($0.0))=\(flat($0.1, e))" }.joined()
                    : ";\(n)=" + members.map { "\(e($0.0)),\(flat($0.1, e))" }.joined(separator: ",")
            }
        default:
            return simple(value, explode: explode, e)
        }
    }

    /// A query parameter as `name=value` pairs joined by `&`; empty for an empty list or object.
    public static func query(
        _ value: URIValue, name: String, style: ParameterStyle, explode: Bool, allowReserved: Bool = false
    ) -> String {
        let e = { PercentEncoding.encode($0, allowReserved: allowReserved) }
        let n = PercentEncoding.encode(name)
        switch (style, value) {
        case (_, .primitive(let v)):
            return "\(n)=\(e(v))"
        case (.deepObject, .object(let members)):
            return deep(members, prefix: n, e).joined(separator: "&")
        case (_, .array(let items)):
            if items.isEmpty { return "" }
            if explode { return items.map { "\(n)=\(e($0))" }.joined(separator: "&") }
            let separator = style == .spaceDelimited ? "%20" : style == .pipeDelimited ? "|" : ","
            return "\(n)=" + items.map(e).joined(separator: separator)
        case (_, .object(let members)):
            if members.isEmpty { return "" }
            if explode { return members.map { "\(e($0.0))=\(flat($0.1, e))" }.joined(separator: "&") }
            return "\(n)=" + members.map { "\(e($0.0)),\(flat($0.1, e))" }.joined(separator: ",")
        }
    }

    /// A header value in `simple` style.
    public static func header(_ value: URIValue, explode: Bool) -> String {
        simple(value, explode: explode) { $0 }
    }

    /// A cookie in `form` style: `name=value`.
    public static func cookie(_ value: URIValue, name: String, explode: Bool) -> String {
        switch value {
        case .primitive(let v): return "\(name)=\(v)"
        case .array(let items):
            return explode
                ? items.map { "\(name)=\($0)" }.joined(separator: "; ") : "\(name)=" + items.joined(separator: ",")
        case .object(let members):
            return explode
                ? members.map { "\($0.0)=\(flat($0.1, { $0 }))" }.joined(separator: "; ")
                : "\(name)=" + members.map { "\($0.0),\(flat($0.1, { $0 }))" }.joined(separator: ",")
        }
    }

    private static func simple(_ value: URIValue, explode: Bool, _ e: (String) -> String) -> String {
        switch value {
        case .primitive(let v): return e(v)
        case .array(let items): return items.map(e).joined(separator: ",")
        case .object(let members):
            return explode
                ? members.map { "\(e($0.0))=\(flat($0.1, e))" }.joined(separator: ",")
                : members.map { "\(e($0.0)),\(flat($0.1, e))" }.joined(separator: ",")
        }
    }

    private static func flat(_ value: URIValue, _ e: (String) -> String) -> String {
        switch value {
        case .primitive(let v): e(v)
        case .array(let items): items.map(e).joined(separator: ",")
        case .object(let members): members.map { "\(e($0.0)),\(flat($0.1, e))" }.joined(separator: ",")
        }
    }

    private static func deep(_ members: [(String, URIValue)], prefix: String, _ e: (String) -> String) -> [String] {
        members.flatMap { key, value -> [String] in
            let name = "\(prefix)%5B\(e(key))%5D"
            switch value {
            case .primitive(let v): return ["\(name)=\(e(v))"]
            case .array(let items): return items.map { "\(name)=\(e($0))" }
            case .object(let nested): return deep(nested, prefix: name, e)
            }
        }
    }

    // MARK: Reading

    /// Splits a query string into decoded `(name, value)` pairs, `+` read as a space.
    public static func queryPairs(_ query: Substring?) -> [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentEncoding.decode(parts[0], plusIsSpace: true) else { return nil }
            let value = parts.count > 1 ? PercentEncoding.decode(parts[1], plusIsSpace: true) : ""
            return value.map { (name, $0) }
        }
    }

    /// Reads a query parameter from decoded pairs; nil when it is absent.
    public static func readQuery(
        _ pairs: [(name: String, value: String)], name: String, style: ParameterStyle, explode: Bool, shape: Shape,
        knownNames: Set<String> = []
    ) -> URIValue? {
        switch (style, shape) {
        case (.deepObject, _):
            let prefix = name + "["
            var members: [(String, URIValue)] = []
            for pair in pairs where pair.name.hasPrefix(prefix) && pair.name.hasSuffix("]") {
                let key = String(pair.name.dropFirst(prefix.count).dropLast())
                if let index = members.firstIndex(where: { $0.0 == key }), case .primitive(let first) = members[index].1
                {
                    members[index].1 = .array([first, pair.value])
                } else if let index = members.firstIndex(where: { $0.0 == key }),
                    case .array(let items) = members[index].1
                {
                    members[index].1 = .array(items + [pair.value])
                } else {
                    members.append((key, .primitive(pair.value)))
                }
            }
            return members.isEmpty ? nil : .object(members)
        case (_, .primitive):
            return pairs.first { $0.name == name }.map { .primitive($0.value) }
        case (_, .array):
            let values = pairs.filter { $0.name == name }.map(\.value)
            if values.isEmpty { return nil }
            if explode { return .array(values) }
            let separator: Character = style == .spaceDelimited ? " " : style == .pipeDelimited ? "|" : ","
            return .array(
                values.flatMap { $0.split(separator: separator, omittingEmptySubsequences: false).map(String.init) })
        case (_, .object):
            if explode {
                let members = pairs.filter { !knownNames.contains($0.name) }.map {
                    ($0.name, URIValue.primitive($0.value))
                }
                return members.isEmpty ? nil : .object(members)
            }
            guard let raw = pairs.first(where: { $0.name == name })?.value else { return nil }
            return .object(pairsFromList(raw.split(separator: ",", omittingEmptySubsequences: false)))
        }
    }

    /// Reads a path parameter (still percent-encoded) written in `style`; nil when it does not parse.
    public static func readPath(
        _ raw: Substring, name: String, style: ParameterStyle, explode: Bool, shape: Shape
    )
        -> URIValue?
    {
        var text = raw
        switch style {
        case .label:
            guard text.hasPrefix(".") else { return nil }
            text = text.dropFirst()
            let parts = text.split(separator: explode ? "." : ",", omittingEmptySubsequences: false)
            return shaped(parts, shape: shape, explode: explode, decode: true)
        case .matrix:
            guard text.hasPrefix(";") else { return nil }
            let items = text.dropFirst().split(separator: ";", omittingEmptySubsequences: false)
            switch shape {
            case .array where !explode, .primitive:
                guard let first = items.first, first.hasPrefix(name + "=") else { return nil }
                let value = first.dropFirst(name.count + 1)
                return shaped(
                    value.split(separator: ",", omittingEmptySubsequences: false), shape: shape, explode: false,
                    decode: true)
            case .array:
                let values = items.compactMap { $0.hasPrefix(name + "=") ? $0.dropFirst(name.count + 1) : nil }
                return .array(values.compactMap { PercentEncoding.decode($0) })
            case .object:
                if explode { return shaped(items, shape: .object, explode: true, decode: true) }
                guard let first = items.first, first.hasPrefix(name + "=") else { return nil }
                return shaped(
                    first.dropFirst(name.count + 1).split(separator: ",", omittingEmptySubsequences: false),
                    shape: .object, explode: false, decode: true)
            }
        default:
            return shaped(
                text.split(separator: ",", omittingEmptySubsequences: false), shape: shape, explode: explode,
                decode: true)
        }
    }

    /// Reads a header value written in `simple` style. A primitive is the field value exactly as
    /// sent, but for the blanks around it (a comma in it is the sender's, RFC 9110 5.5); a list or an
    /// object splits at commas, each part trimmed.
    public static func readHeader(_ text: String, explode: Bool, shape: Shape) -> URIValue? {
        if shape == .primitive { return .primitive(String(text.trimmingSpaces)) }
        return shaped(
            text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }, shape: shape,
            explode: explode, decode: false)
    }

    /// Reads a cookie from a `Cookie` header; nil when it is absent.
    public static func readCookie(_ header: String?, name: String, explode: Bool, shape: Shape) -> URIValue? {
        guard let header else { return nil }
        let crumbs = header.split(separator: ";").map { $0.trimmingSpaces }
        if explode && shape == .array {
            // An exploded list is one crumb per item: `tags=a; tags=b`.
            let items = crumbs.filter { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
            return items.isEmpty ? nil : .array(items)
        }
        guard let crumb = crumbs.first(where: { $0.hasPrefix(name + "=") }) else { return nil }
        let value = crumb.dropFirst(name.count + 1)
        return shaped(
            value.split(separator: ",", omittingEmptySubsequences: false), shape: shape, explode: false, decode: false)
    }

    private static func shaped(_ parts: [Substring], shape: Shape, explode: Bool, decode: Bool) -> URIValue? {
        let text: (Substring) -> String? = { decode ? PercentEncoding.decode($0) : String($0) }
        switch shape {
        case .primitive:
            return text(parts.map(String.init).joined(separator: ",")[...]).map(URIValue.primitive)
        case .array:
            if parts.count == 1 && parts[0].isEmpty { return .array([]) }
            let items = parts.compactMap(text)
            return items.count == parts.count ? .array(items) : nil
        case .object:
            if explode {
                var members: [(String, URIValue)] = []
                for part in parts {
                    let kv = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    guard kv.count == 2, let key = text(kv[0]), let value = text(kv[1]) else { return nil }
                    members.append((key, .primitive(value)))
                }
                return .object(members)
            }
            let decoded = parts.compactMap(text)
            guard decoded.count == parts.count else { return nil }
            return .object(pairsFromList(decoded.map { $0[...] }))
        }
    }

    private static func pairsFromList(_ items: [Substring]) -> [(String, URIValue)] {
        stride(from: 0, to: items.count - 1, by: 2).map { (String(items[$0]), .primitive(String(items[$0 + 1]))) }
    }
}
