import MarfaYAML

/// Reads an OpenAPI 3.0 or 3.1 document into an `APIDocument`, following `$ref`s, in the same file
/// or in others, wherever an object may be one: path items (of paths, webhooks and callbacks),
/// operations, callbacks, parameters (and their list), request bodies, responses (and their map),
/// headers, media types, security schemes and schemas. The `$ref`s of what is not generated
/// (examples, links, unused components) are followed too, so a broken or refused one is an error.
/// Logs whatever it cannot use, and every key it does not generate (`DocumentReader+Keys`).
final class DocumentReader {
    let documents: DocumentSet
    let log: DiagnosticLog
    let schemas: SchemaReader
    /// Objects in other files that `components/responses`, `parameters` or `headers` entries stand
    /// for, by section and key, with the entry's name: a `$ref` to such an object uses the component.
    private var componentAliases: [ComponentAliasKey: String] = [:]
    /// Responses and headers read through a `$ref`, by `ReadCacheKey`: a document reuses a few
    /// components in many places, and the same ref always reads the same object.
    private var referencedResponses: [ReadCacheKey: APIResponse] = [:]
    private var referencedHeaders: [ReadCacheKey: APIHeader] = [:]
    /// The webhooks and callbacks whose security requirements are not generated, in reading order.
    var unguardedReceived: [(label: String, location: SourceLocation)] = []

    /// The component each `$ref` written in a file names (`componentName`), by section, file and ref:
    /// many operations use the same few components.
    private var componentNames: [ComponentNameKey: String?] = [:]

    private struct ComponentNameKey: Hashable {
        var section: String
        var file: String
        var ref: String
    }

    /// A components section (`responses`, `parameters`, `headers`) and the key of an object in another file.
    private struct ComponentAliasKey: Hashable {
        var section: String
        var key: String
    }

    /// A `$ref` as written, and the file it is written in (the base of a relative ref).
    private struct ReadCacheKey: Hashable {
        var file: String
        var ref: String

        /// The key of `node` when it is a `$ref` object, else nil.
        init?(_ node: Node) {
            guard let ref = node["$ref"]?.string else { return nil }
            file = node.location.file
            self.ref = ref
        }
    }

    init(documents: DocumentSet, log: DiagnosticLog) {
        self.documents = documents
        self.log = log
        self.schemas = SchemaReader(documents: documents, log: log)
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]

    func read() throws -> APIDocument {
        let root = documents.root
        let version = try Self.version(of: root)
        let info = root["info"]
        if info?.entries == nil {
            log.workedAround(
                "The document has no 'info'; its title is read as 'API'.", at: info?.location ?? root.location)
        }
        var document = APIDocument(
            version: version, title: info?["title"]?.string ?? "API", contractVersion: info?["version"]?.string ?? "")
        reportTopLevelKeys(of: root)
        document.servers = (root["servers"]?.elements ?? []).compactMap(server)
        readComponents(root["components"], into: &document)
        readPaths(root["paths"], defaultSecurity: security(root["security"]) ?? [], into: &document)
        document.webhooks = webhooks(root["webhooks"])
        warnOfUnguardedReceived()
        return document
    }

    /// The document's `openapi` version; throws unless the document is OpenAPI 3.0, 3.1 or 3.2.
    private static func version(of root: Node) throws -> String {
        guard root.entries != nil else {
            throw GeneratorError("An OpenAPI document must be a mapping.", at: root.location)
        }
        guard let version = root["openapi"]?.string else {
            if let swagger = root["swagger"] {
                throw GeneratorError(
                    "Swagger 2.0 documents are not supported: convert the document to OpenAPI 3.", at: swagger.location)
            }
            throw GeneratorError("The document has no 'openapi' version.", at: root.location)
        }
        guard version.hasPrefix("3.0") || version.hasPrefix("3.1") || version.hasPrefix("3.2") else {
            throw GeneratorError(
                "OpenAPI \(version) is not supported: use 3.0, 3.1 or 3.2.", at: root["openapi"]!.location)
        }
        return version
    }

    /// The components the generator declares, in the order their names are claimed; the `$ref`s of
    /// the others are checked.
    private func readComponents(_ node: Node?, into document: inout APIDocument) {
        let components = node.map({ section($0, "components") })
        for entry in components?["schemas"].map({ section($0, "schemas") })?.entries ?? [] {
            if let reference = schemas.referenceToComponent(entry, section: components?["schemas"]?.location) {
                document.schemas.append((entry.key, reference))
            }
        }
        for section in ["responses", "parameters", "headers"] {
            for entry in components?[section].map({ self.section($0, section) })?.entries ?? [] {
                recordAlias(entry, section: section)
            }
        }
        for entry in components?["responses"].map({ section($0, "responses") })?.entries ?? [] {
            if let response = response(entry.value, status: "default", componentName: nil) {
                document.responses.append((entry.key, response))
            }
        }
        for entry in components?["parameters"].map({ section($0, "parameters") })?.entries ?? [] {
            if let parameter = parameter(entry.value) { document.parameters.append((entry.key, parameter)) }
        }
        for entry in components?["headers"].map({ section($0, "headers") })?.entries ?? [] {
            if let header = header(entry.key, entry.value) { document.headers.append((entry.key, header)) }
        }
        for kind in ["requestBodies", "examples", "links", "callbacks", "pathItems", "mediaTypes"] {
            checkReferences(in: components?[kind].map({ section($0, kind) }))
        }
        reportComponentKeys(of: components)
        for entry in components?["securitySchemes"].map({ section($0, "securitySchemes") })?.entries ?? [] {
            let node = follow(entry.value) ?? entry.value
            document.securitySchemes.append(
                APISecurityScheme(
                    name: entry.key, kind: node["type"]?.string ?? "", scheme: node["scheme"]?.string,
                    parameterName: node["name"]?.string, location: node["in"]?.string,
                    description: node["description"]?.string,
                    sourceLocation: entry.keyLocation))
        }
    }

    /// The operations of every path item, each path item and operation possibly a `$ref`.
    private func readPaths(_ paths: Node?, defaultSecurity: [[String]], into document: inout APIDocument) {
        var seenIDs: [String: SourceLocation] = [:]
        for pathEntry in paths.map({ section($0, "paths") })?.entries ?? [] where !pathEntry.key.hasPrefix("x-") {
            let slashed = pathEntry.key.hasPrefix("/") ? pathEntry.key : "/" + pathEntry.key
            if slashed != pathEntry.key {
                log.workedAround(
                    "A path must start with '/': '\(pathEntry.key)' is read as '\(slashed)'.", at: pathEntry.keyLocation
                )
            }
            let path = Self.plainTemplate(slashed)
            if path != slashed {
                log.workedAround(
                    "A path template names its parameters plainly: '\(slashed)' is read as '\(path)', each parameter written as its 'style' and 'explode' say (RFC 6570's operators are not OpenAPI's).",
                    at: pathEntry.keyLocation)
            }
            guard let item = pathItem(pathEntry.value) else { continue }
            let place = { (method: String) in OperationPlace.path(method: method, path: path) }
            let pathServers = (item["servers"]?.elements ?? []).compactMap(server)
            for read in operations(of: item, path: path, defaultSecurity: defaultSecurity, place: place) {
                var operation = read.operation
                let ownServers = (read.node["servers"]?.elements ?? []).compactMap(server)
                operation.servers = ownServers.isEmpty ? pathServers : ownServers
                if let first = seenIDs[operation.id] {
                    let unique = Self.uniqueID(method: operation.method, path: path, taken: seenIDs)
                    log.warning(
                        "The operation ID '\(operation.id)' is used twice (first at \(first)); this operation is generated as '\(unique)'.",
                        at: read.node["operationId"]?.location ?? read.keyLocation)
                    operation.id = unique
                }
                seenIDs[operation.id] = operation.location
                document.operations.append(operation)
            }
        }
    }

    /// The path item `raw` leads to; nil, reported, when it cannot be followed or is not a mapping.
    func pathItem(_ raw: Node) -> Node? {
        // A `$ref` that cannot be followed has been reported already.
        guard let item = follow(raw) else { return nil }
        guard item.entries != nil else {
            log.workedAround("A path item must be a mapping; it is left out.", at: raw.location)
            return nil
        }
        return item
    }

    /// An operation read from a path item, with where it was written.
    struct ReadOperation {
        var node: Node
        var keyLocation: SourceLocation
        var operation: APIOperation
        var place: OperationPlace
    }

    /// The operations of a path item in document order, served at `path`; its other keys are
    /// reported when they are not generated. `place` says, per method, what the operation is.
    func operations(
        of item: Node, path: String, defaultSecurity: [[String]], place: (String) -> OperationPlace
    ) -> [ReadOperation] {
        let shared = item["parameters"].flatMap { follow($0) }?.elements ?? []
        var read: [ReadOperation] = []
        var methods: [(method: String, entry: Node.Entry)] = []
        for entry in item.entries ?? [] {
            let method = entry.key.lowercased()
            if entry.key == "additionalOperations" {
                methods += additionalMethods(entry.value)
            } else if Self.methods.contains(method) {
                methods.append((method, entry))
            } else {
                reportPathItemKey(entry)
            }
        }
        for (method, entry) in methods {
            let kind = place(method)
            guard let node = follow(entry.value),
                let operation = operation(
                    node, method: method, path: path, shared: shared, defaultSecurity: defaultSecurity, place: kind)
            else { continue }
            read.append(ReadOperation(node: node, keyLocation: entry.keyLocation, operation: operation, place: kind))
        }
        return read
    }

    /// The entries of OpenAPI 3.2's `additionalOperations`, each with its method: an HTTP method
    /// token that no fixed field of the path item names. Others are reported and left out.
    func additionalMethods(_ raw: Node) -> [(method: String, entry: Node.Entry)] {
        guard let map = follow(raw), let entries = map.entries else {
            log.workedAround("'additionalOperations' must be a mapping; it is left out.", at: raw.location)
            return []
        }
        return entries.compactMap { entry in
            if let refusal = Self.refusal(ofAdditionalMethod: entry.key) {
                log.warning(refusal, at: entry.keyLocation)
                return nil
            }
            return (entry.key.lowercased(), entry)
        }
    }

    /// Why `key` cannot be an entry of `additionalOperations`; nil when it can.
    static func refusal(ofAdditionalMethod key: String) -> String? {
        if methods.contains(key.lowercased()) {
            return
                "'\(key)' in additionalOperations is a method with a key of its own in the path item; it is left out."
        }
        guard isMethodToken(key) else {
            return "'\(key)' in additionalOperations is not an HTTP method name; it is left out."
        }
        return nil
    }

    /// Whether `name` is an HTTP method token (RFC 9110: letters, digits and ``!#$%&'*+-.^_`|~``).
    static func isMethodToken(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && methodTokenCharacters.contains(Character($0)) }
    }

    private static let methodTokenCharacters = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&'*+-.^_`|~")

    /// How many operations a path item holds, the entries of `additionalOperations` it keeps included.
    static func operationCount(_ item: Node) -> Int {
        let entries = item.entries ?? []
        let extra =
            entries.first { $0.key == "additionalOperations" }?.value.entries?
            .filter { refusal(ofAdditionalMethod: $0.key) == nil }.count ?? 0
        return entries.filter { methods.contains($0.key.lowercased()) }.count + extra
    }

    /// `node`, a mapping of named objects, with a `$ref` among its keys replaced by the entries of the
    /// mapping it names (`SchemaReader.namedEntries`); any other node as it is.
    func section(_ node: Node, _ name: String) -> Node {
        guard node["$ref"]?.string != nil, let entries = schemas.namedEntries(node, of: name) else { return node }
        var merged = node
        merged.kind = .mapping(entries)
        return merged
    }

    /// Follows a `$ref` on a non-schema object (parameter, response…), or answers the node itself;
    /// nil when it cannot be followed. One that points to nothing in a file the document reads, or
    /// to the web, is an error that does not stop generation: the object is left out.
    func follow(_ node: Node, depth: Int = 0) -> Node? {
        guard let ref = node["$ref"]?.string else { return node }
        guard depth < 32 else {
            log.error("'$ref' chain too long (a loop?).", at: node.location)
            return nil
        }
        do {
            return follow(try documents.resolve(ref: ref, from: node["$ref"]!.location).node, depth: depth + 1)
        } catch  where error.kind == .unresolvable || error.kind == .remote {
            log.workedAround(error, "what it stands for is left out")
            return nil
        } catch {
            log.error(error)
            return nil
        }
    }

    /// Follows the `$ref` of each value of the mapping `node` (examples, links, unused components),
    /// so one that cannot be followed is reported; what they lead to is not read further.
    func checkReferences(in node: Node?) {
        guard let node, let map = follow(node) else { return }
        for entry in map.entries ?? [] where !entry.key.hasPrefix("x-") { _ = follow(entry.value) }
    }

    private func server(_ node: Node) -> APIServer? {
        guard let url = node["url"]?.string else {
            log.workedAround("A server needs a 'url'; it is left out.", at: node.location)
            return nil
        }
        let variables = (node["variables"]?.entries ?? []).map { entry in
            (
                name: entry.key, defaultValue: entry.value["default"]?.string ?? "",
                values: (entry.value["enum"]?.elements ?? []).compactMap(\.string),
                description: entry.value["description"]?.string
            )
        }
        return APIServer(url: url, description: node["description"]?.string, variables: variables)
    }

    func security(_ node: Node?) -> [[String]]? {
        guard let node else { return nil }
        return (node.elements ?? []).map { requirement in (requirement.entries ?? []).map(\.key) }
    }

    private func operation(
        _ node: Node, method: String, path: String, shared: [Node], defaultSecurity: [[String]], place: OperationPlace
    ) -> APIOperation? {
        guard node.entries != nil else {
            log.workedAround("An operation must be a mapping; it is left out.", at: node.location)
            return nil
        }
        reportOperationKeys(of: node)
        let id = node["operationId"]?.string ?? place.fallbackID
        var parameters: [APIParameter] = []
        for raw in shared + (node["parameters"]?.elements ?? []) {
            guard let parameter = parameter(raw) else { continue }
            parameters.removeAll { $0.name == parameter.name && $0.location == parameter.location }
            parameters.append(parameter)
        }
        matchPathParameters(&parameters, to: path, of: node, place: place)
        var responses: [APIResponse] = []
        for entry in node["responses"].flatMap({ follow($0) }).map({ section($0, "responses") })?.entries ?? []
        where !entry.key.hasPrefix("x-") {
            let status = entry.key.uppercased() == "DEFAULT" ? "default" : entry.key.uppercased()
            guard status == "default" || Self.isStatus(status) else {
                log.workedAround(
                    "'\(entry.key)' is not a status code, a range such as 2XX, or 'default'; the response is left out.",
                    at: entry.keyLocation)
                continue
            }
            let component = componentName(entry.value, section: "responses")
            if let response = response(entry.value, status: status, componentName: component) {
                responses.append(response)
            }
        }
        if responses.isEmpty {
            log.note("\(place.label) documents no response; every answer is undocumented.", at: node.location)
        }
        var body: APIRequestBody?
        if let raw = node["requestBody"], let resolved = follow(raw) {
            body = APIRequestBody(
                required: resolved["required"]?.bool ?? false, description: resolved["description"]?.string,
                contents: contents(resolved["content"]), location: raw.location)
        }
        var operation = APIOperation(
            id: id, method: method, path: path, summary: node["summary"]?.string,
            description: node["description"]?.string,
            deprecated: node["deprecated"]?.bool ?? false, tags: (node["tags"]?.elements ?? []).compactMap(\.string),
            parameters: parameters, requestBody: body, responses: responses,
            security: security(node["security"]) ?? defaultSecurity, location: node.location)
        readReceivedParts(node, place: place, into: &operation)
        return operation
    }

    private func syntheticString(_ location: SourceLocation) -> JSONSchema {
        let schema = JSONSchema(location: location, fingerprint: "string")
        schema.types = ["string"]
        return schema
    }

    func parameter(_ raw: Node) -> APIParameter? {
        guard let node = follow(raw) else { return nil }
        guard let name = node["name"]?.string, let placeText = node["in"]?.string else {
            log.workedAround("A parameter needs 'name' and 'in'; it is left out.", at: node.location)
            return nil
        }
        if placeText == "querystring" { return wholeQueryParameter(node, raw: raw, name: name) }
        guard let place = APIParameter.Location(rawValue: placeText) else {
            log.workedAround(
                "'\(placeText)' is not a parameter location (path, query, querystring, header or cookie); the parameter is left out.",
                at: node["in"]!.location)
            return nil
        }
        let defaultStyle = place == .query || place == .cookie ? "form" : "simple"
        var style = node["style"]?.string ?? defaultStyle
        let allowed: [APIParameter.Location: Set<String>] = [
            .path: ["simple", "label", "matrix"], .query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
            .header: ["simple"], .cookie: ["form"],
        ]
        if !allowed[place]!.contains(style) {
            log.workedAround(
                "The style '\(style)' is not allowed for a \(placeText) parameter; it is read as '\(defaultStyle)'.",
                at: node["style"]?.location ?? node.location)
            style = defaultStyle
        }
        checkReferences(in: node["examples"])
        var schema: JSONSchema
        if let schemaNode = node["schema"] {
            schema = schemas.read(schemaNode)
        } else if let content = node["content"]?.entries?.first, let schemaNode = follow(content.value)?["schema"] {
            schema = schemas.read(schemaNode)
            log.note(
                "The parameter '\(name)' has 'content' \(content.key); its value is written as text in the parameter's style.",
                at: content.keyLocation)
        } else {
            log.warning("The parameter '\(name)' has no schema; it is read as text.", at: node.location)
            schema = syntheticString(node.location)
        }
        if place == .header, ["accept", "content-type", "authorization"].contains(name.lowercased()) {
            log.note(
                "The header parameter '\(name)' is set by the generated code or the transport; it is ignored.",
                at: node.location)
            return nil
        }
        return APIParameter(
            name: name, location: place, required: place == .path || (node["required"]?.bool ?? false), style: style,
            explode: node["explode"]?.bool ?? (style == "form"), allowReserved: node["allowReserved"]?.bool ?? false,
            schema: schema, description: node["description"]?.string, deprecated: node["deprecated"]?.bool ?? false,
            sourceLocation: node.location, componentName: componentName(raw, section: "parameters"))
    }

    /// An OpenAPI 3.2 `querystring` parameter: the whole query string in one media type. A form
    /// (`application/x-www-form-urlencoded`) is read as the same object in a `form`, exploded
    /// `query` parameter, which writes and reads the same `name=value&…` text; another media type
    /// is not generated (a warning), and the operation is generated without the parameter.
    private func wholeQueryParameter(_ node: Node, raw: Node, name: String) -> APIParameter? {
        guard let content = node["content"]?.entries?.first,
            OperationBuilder.essence(content.key) == "application/x-www-form-urlencoded",
            let schemaNode = follow(content.value)?["schema"]
        else {
            log.warning(
                "The querystring parameter '\(name)' is not a form (application/x-www-form-urlencoded); it is not generated.",
                at: node.location)
            return nil
        }
        return APIParameter(
            name: name, location: .query, required: node["required"]?.bool ?? false, style: "form", explode: true,
            allowReserved: false, schema: schemas.read(schemaNode), description: node["description"]?.string,
            deprecated: node["deprecated"]?.bool ?? false, sourceLocation: node.location,
            componentName: componentName(raw, section: "parameters"))
    }

    /// Records the object in another file that the component `entry` of `section` stands for (the
    /// first entry to stand for it keeps it).
    private func recordAlias(_ entry: Node.Entry, section: String) {
        guard let end = ReferenceChain.end(of: entry.value, in: documents, reference: ReferenceChain.objectReference)
        else { return }
        let key = ComponentAliasKey(section: section, key: end.key)
        if componentAliases[key] == nil { componentAliases[key] = entry.key }
    }

    /// The name of the `components/<section>` entry that `node` refers to: a `$ref` to the entry in
    /// the root file, or to the object in another file that the entry stands for; nil otherwise.
    private func componentName(_ node: Node, section: String) -> String? {
        guard let ref = node["$ref"]?.string else { return nil }
        let key = ComponentNameKey(section: section, file: node.location.file, ref: ref)
        if let known = componentNames[key] { return known }
        let name = componentName(ref: ref, of: node, section: section)
        componentNames[key] = .some(name)
        return name
    }

    /// `componentName(_:section:)` of the `$ref` `ref` written in `node`, worked out.
    private func componentName(ref: String, of node: Node, section: String) -> String? {
        guard let target = try? documents.resolve(ref: ref, from: node.location) else { return nil }
        let prefix = "/components/\(section)/"
        guard target.file == documents.rootFile, target.pointer.hasPrefix(prefix) else {
            return ReferenceChain.end(of: node, in: documents, reference: ReferenceChain.objectReference)
                .flatMap { componentAliases[ComponentAliasKey(section: section, key: $0.key)] }
        }
        let name = String(target.pointer.dropFirst(prefix.count))
        return name.contains("/") ? nil : JSONPointer.tokens(of: target.pointer)?.last
    }

    func response(_ raw: Node, status: String, componentName: String?) -> APIResponse? {
        let key = ReadCacheKey(raw)
        if let key, var known = referencedResponses[key] {
            (known.status, known.componentName, known.location) = (status, componentName, raw.location)
            return known
        }
        guard let read = readResponse(raw, status: status, componentName: componentName) else { return nil }
        if let key { referencedResponses[key] = read }
        return read
    }

    private func readResponse(_ raw: Node, status: String, componentName: String?) -> APIResponse? {
        guard let node = follow(raw) else { return nil }
        checkReferences(in: node["links"])
        var headers: [APIHeader] = []
        for entry in node["headers"].flatMap({ follow($0) }).map({ section($0, "headers") })?.entries ?? [] {
            if entry.key.lowercased() == "content-type" { continue }
            if let header = header(entry.key, entry.value) { headers.append(header) }
        }
        return APIResponse(
            status: status, description: node["description"]?.string, headers: headers,
            contents: contents(node["content"]),
            componentName: componentName, location: raw.location,
            definition: node.location)
    }

    func header(_ name: String, _ raw: Node) -> APIHeader? {
        let key = ReadCacheKey(raw)
        if let key, var known = referencedHeaders[key] {
            known.name = name
            return known
        }
        guard let read = readHeader(name, raw) else { return nil }
        if let key { referencedHeaders[key] = read }
        return read
    }

    private func readHeader(_ name: String, _ raw: Node) -> APIHeader? {
        guard let node = follow(raw) else { return nil }
        checkReferences(in: node["examples"])
        let schemaNode = node["schema"] ?? node["content"]?.entries?.first.flatMap { follow($0.value) }?["schema"]
        return APIHeader(
            name: name, required: node["required"]?.bool ?? false,
            schema: schemaNode.map(schemas.read) ?? syntheticString(node.location),
            explode: node["explode"]?.bool ?? false,
            description: node["description"]?.string, location: node.location,
            componentName: componentName(raw, section: "headers"))
    }

    private func contents(_ node: Node?) -> [APIContent] {
        guard let node, let map = follow(node) else { return [] }
        return (map.entries ?? []).compactMap { entry in
            guard let media = follow(entry.value) else { return nil }
            checkReferences(in: media["examples"])
            return APIContent(
                mediaType: entry.key.lowercased(), schema: media["schema"].map(schemas.read),
                location: entry.keyLocation)
        }
    }

    static func isStatus(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 3, (49...53).contains(bytes[0]) else { return false }
        let rest = bytes.dropFirst()
        return rest.allSatisfy { (48...57).contains($0) } || rest.allSatisfy { $0 == 88 }
    }

    /// Makes the path parameters of `parameters` those `path` names: one the path names and no
    /// parameter declares is text; one declared and not in the path is ignored, except that when
    /// there is one of each, the declared one stands for the undeclared one (a renamed parameter).
    private func matchPathParameters(
        _ parameters: inout [APIParameter], to path: String, of node: Node, place: OperationPlace
    ) {
        let templated = Self.pathParameterNames(path)
        let undeclared = templated.filter { name in
            !parameters.contains { $0.location == .path && $0.name == name }
        }
        let unused = parameters.indices.filter {
            parameters[$0].location == .path && !templated.contains(parameters[$0].name)
        }
        if undeclared.count == 1, unused.count == 1 {
            let declared = parameters[unused[0]]
            log.warning(
                "The path parameter '\(declared.name)' is not in the path \(path); it is read as the path's one undeclared parameter '{\(undeclared[0])}'.",
                at: declared.sourceLocation)
            parameters[unused[0]].name = undeclared[0]
            return
        }
        for name in undeclared {
            log.warning(
                "The path parameter '{\(name)}' of \(place.label) is not declared; it is read as text.",
                at: node.location)
            parameters.append(
                APIParameter(
                    name: name, location: .path, required: true, style: "simple", explode: false, allowReserved: false,
                    schema: syntheticString(node.location), description: nil, deprecated: false,
                    sourceLocation: node.location))
        }
        for index in unused {
            log.warning(
                "The path parameter '\(parameters[index].name)' is not in the path \(path) and is ignored.",
                at: parameters[index].sourceLocation)
        }
        parameters.removeAll { $0.location == .path && !templated.contains($0.name) }
    }

    /// `path` with RFC 6570's operator (`{.name}`, `{;name}`, `{+name}`...) and explode modifier
    /// (`{name*}`) taken out of each template expression, leaving the parameter's name.
    static func plainTemplate(_ path: String) -> String {
        var plain = ""
        var expression: String?
        for char in path {
            if char == "{", expression == nil {
                expression = ""
            } else if char == "}", var name = expression {
                if let first = name.first, "+#./;?&".contains(first) { name.removeFirst() }
                if name.hasSuffix("*") { name.removeLast() }
                plain += "{\(name)}"
                expression = nil
            } else if expression != nil {
                expression!.append(char)
            } else {
                plain.append(char)
            }
        }
        if let open = expression { plain += "{" + open }
        return plain
    }

    static func pathParameterNames(_ path: String) -> [String] {
        var names: [String] = []
        var current: String?
        for char in path {
            if char == "{" {
                current = ""
            } else if char == "}", let name = current {
                names.append(name)
                current = nil
            } else if current != nil {
                current!.append(char)
            }
        }
        return names
    }

    /// An operation ID made of `method` and `path` that `taken` does not hold (a number added when it does).
    static func uniqueID(method: String, path: String, taken: [String: SourceLocation]) -> String {
        let base = syntheticID(method: method, path: path)
        var candidate = base
        var number = 2
        while taken[candidate] != nil {
            candidate = base + "_\(number)"
            number += 1
        }
        return candidate
    }

    static func syntheticID(method: String, path: String) -> String {
        method + "_" + path.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "_")
    }
}

extension SchemaReader {
    /// Records a `components/schemas` entry as a reference target and answers its key. An entry
    /// that is only a `$ref` into another file stands for the schema it leads to (unless an earlier
    /// entry does already): the entry's target is that schema, and `$ref`s to it mean the entry.
    /// An entry read from another file (`schemas: {$ref: schemas.yaml}`) is still named from the
    /// root document, at `section`, where its section is.
    func referenceToComponent(_ entry: Node.Entry, section: SourceLocation? = nil) -> String? {
        let pointer = "#/components/schemas/" + JSONPointer.escaped(entry.key)
        var node = entry.value
        node.kind = .scalar(Node.Scalar(text: pointer, isPlain: false))
        node.location = entry.keyLocation.file == documents.rootFile ? entry.keyLocation : section ?? entry.keyLocation
        let external = ReferenceChain.end(of: entry.value, in: documents, reference: ReferenceChain.schemaReference)
        guard let key = reference(node)?.key else { return nil }
        if let external { standFor(external, component: key) }
        return key
    }
}
