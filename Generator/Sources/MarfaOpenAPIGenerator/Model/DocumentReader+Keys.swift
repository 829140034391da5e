import MarfaYAML

/// The keys of OpenAPI 3.0, 3.1 and 3.2 objects that the reader does not turn into code: each is
/// either documentation only (read as such, or with nothing to generate) or reported with a
/// diagnostic at its place saying what is not generated. Extensions (`x-`) are passed over.
extension DocumentReader {
    /// Top-level keys with nothing more to generate than the reader reads: documentation, or read elsewhere.
    static let documentKeys: Set<String> = [
        "openapi", "info", "servers", "paths", "components", "security", "webhooks", "tags", "externalDocs",
    ]
    static let componentKeys: Set<String> = [
        "schemas", "responses", "parameters", "examples", "requestBodies", "headers", "securitySchemes", "links",
        "callbacks", "pathItems", "mediaTypes",
    ]
    static let pathItemKeys: Set<String> = ["$ref", "summary", "description", "parameters"]
    static let operationKeys: Set<String> = [
        "tags", "summary", "description", "externalDocs", "operationId", "parameters", "requestBody", "responses",
        "callbacks", "deprecated", "security",
    ]
    /// The JSON Schema dialect the reader reads schemas as.
    static let baseDialect = "https://spec.openapis.org/oas/3.1/dialect/base"

    /// Whether schemas of `dialect` read as OpenAPI's base dialect does: it, any OpenAPI version's
    /// dialect, or JSON Schema 2020-12, which that dialect extends only with annotations.
    static func readsAsBaseDialect(_ dialect: String) -> Bool {
        let plain = dialect.hasSuffix("#") ? String(dialect.dropLast()) : dialect
        return plain == baseDialect || plain == "https://json-schema.org/draft/2020-12/schema"
            || (plain.hasPrefix("https://spec.openapis.org/oas/3.") && plain.contains("/dialect/"))
    }

    func reportTopLevelKeys(of root: Node) {
        for entry in root.entries ?? [] where !entry.key.hasPrefix("x-") && !Self.documentKeys.contains(entry.key) {
            switch entry.key {
            case "jsonSchemaDialect":
                guard !Self.readsAsBaseDialect(entry.value.string ?? "") else { continue }
                log.warning(
                    "The JSON Schema dialect '\(entry.value.string ?? "")' is not read: schemas are read as OpenAPI 3.1's base dialect.",
                    at: entry.value.location)
            case "$self":
                log.warning(
                    "'$self' is not read: a relative $ref is resolved against the path of the file it is in.",
                    at: entry.keyLocation)
            default:
                log.warning("'\(entry.key)' is not a key of an OpenAPI document and is ignored.", at: entry.keyLocation)
            }
        }
    }

    func reportComponentKeys(of components: Node?) {
        guard let components, let map = follow(components) else { return }
        for entry in map.entries ?? [] where !entry.key.hasPrefix("x-") && !Self.componentKeys.contains(entry.key) {
            log.warning("'\(entry.key)' is not a kind of component and is ignored.", at: entry.keyLocation)
        }
    }

    /// A key of a path item that is not an HTTP method.
    func reportPathItemKey(_ entry: Node.Entry) {
        guard !entry.key.hasPrefix("x-") && !Self.pathItemKeys.contains(entry.key) else { return }
        if entry.key != "servers" {
            log.warning("'\(entry.key)' in a path item is not an HTTP method and is ignored.", at: entry.keyLocation)
        }
    }

    func reportOperationKeys(of node: Node) {
        for entry in node.entries ?? [] where !entry.key.hasPrefix("x-") && !Self.operationKeys.contains(entry.key) {
            if entry.key != "servers" {
                log.warning(
                    "'\(entry.key)' in an operation is not an OpenAPI key and is ignored.", at: entry.keyLocation)
            }
        }
    }
}
