import MarfaYAML

/// One operation of an OpenAPI document, as the fidelity test compares it.
struct DocumentOperation {
    /// `GET /items/{id}`: the method in capitals and the path template.
    var key: String
    var operationID: String?
    /// Each parameter as `name in location`; header names in lower case, since HTTP ignores their case.
    var parameters: Set<String>
    /// The JSON schema of each success (`2XX`) response that has one, by status code.
    var successSchemas: [String: Node]
}

/// The operations of a loaded document, by `key`.
struct DocumentOperations {
    static let methods = ["get", "put", "post", "patch", "delete", "head", "options", "trace"]

    let documents: DocumentSet
    let byKey: [String: DocumentOperation]

    /// Loads the document at `path` (YAML or JSON) and reads its operations.
    init(path: String) throws {
        documents = try DocumentSet(rootPath: path)
        var byKey: [String: DocumentOperation] = [:]
        for pathEntry in documents.root["paths"]?.entries ?? [] {
            let pathItem = try Self.resolved(pathEntry.value, in: documents)
            let shared = pathItem["parameters"]?.elements ?? []
            for method in Self.methods {
                guard let operation = pathItem[method] else { continue }
                let key = method.uppercased() + " " + pathEntry.key
                byKey[key] = DocumentOperation(
                    key: key,
                    operationID: operation["operationId"]?.string,
                    parameters: try Self.parameters(shared + (operation["parameters"]?.elements ?? []), in: documents),
                    successSchemas: try Self.successSchemas(of: operation, in: documents))
            }
        }
        self.byKey = byKey
    }

    /// The node itself, or the one its `$ref` names (followed until it is not a reference).
    static func resolved(_ node: Node, in documents: DocumentSet) throws -> Node {
        var node = node
        var hops = 0
        while let ref = node["$ref"]?.string, hops < 32 {
            node = try documents.resolve(ref: ref, from: node.location).node
            hops += 1
        }
        return node
    }

    private static func parameters(_ nodes: [Node], in documents: DocumentSet) throws -> Set<String> {
        var names: Set<String> = []
        for node in nodes {
            let parameter = try resolved(node, in: documents)
            guard let name = parameter["name"]?.string, let location = parameter["in"]?.string else { continue }
            names.insert((location == "header" ? name.lowercased() : name) + " in " + location)
        }
        return names
    }

    private static func successSchemas(of operation: Node, in documents: DocumentSet) throws -> [String: Node] {
        var schemas: [String: Node] = [:]
        for response in operation["responses"]?.entries ?? [] where response.key.hasPrefix("2") {
            let body = try resolved(response.value, in: documents)
            if let schema = body["content"]?["application/json"]?["schema"] { schemas[response.key] = schema }
        }
        return schemas
    }
}
