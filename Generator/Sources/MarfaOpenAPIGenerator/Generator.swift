import MarfaYAML

/// The generator: load → model → resolve → IR → emit. Deterministic: the same document and
/// configuration give the same files, byte for byte.
public enum Generator {
    /// One generated source file.
    public struct File: Sendable, Hashable {
        public var name: String
        public var contents: String
    }

    public struct Output: Sendable {
        public var files: [File]
        public var diagnostics: [Diagnostic]
    }

    /// Generates Swift for the document at `specPath`. Throws `GeneratorError` when the document is
    /// refused, or when `config.strict` is set and there is any diagnostic.
    public static func generate(specPath: String, config: GeneratorConfig) throws -> Output {
        let documents: DocumentSet
        do {
            documents = try DocumentSet(rootPath: specPath)
        } catch {
            throw GeneratorError(error.message, at: error.location)
        }
        return try generate(documents: documents, configs: [config])
    }

    /// Generates Swift for several documents into one set of files (each in its own `namespace`).
    public static func generate(documents: DocumentSet, configs: [GeneratorConfig]) throws -> Output {
        let log = DiagnosticLog()
        for warning in documents.warnings { log.warning(warning.message, at: warning.location) }
        var chunks: [String] = []
        var shards = 8
        for config in configs {
            shards = config.shards
            chunks += try generateChunks(documents: documents, config: config, log: log)
        }
        let diagnostics = log.diagnostics
        if log.hasErrors || (configs.contains(where: \.strict) && !diagnostics.isEmpty) {
            throw GeneratorError(diagnostics.filter { configs.contains(where: \.strict) || $0.severity == .error })
        }
        return Output(files: FileSharder.shard(chunks, into: shards, imports: imports(configs)), diagnostics: diagnostics)
    }

    static func imports(_ configs: [GeneratorConfig]) -> [String] {
        var modules = ["Foundation", "MarfaOpenAPIRuntime"]
        for config in configs { for module in config.additionalImports where !modules.contains(module) { modules.append(module) } }
        return modules
    }

    static func generateChunks(documents: DocumentSet, config: GeneratorConfig, log: DiagnosticLog) throws -> [String] {
        let reader = DocumentReader(documents: documents, log: log)
        let document = try reader.read()
        let access = config.access.rawValue
        let root = config.namespace.map { $0 + "." } ?? ""
        let components = Decl(name: "Components", qualifiedName: root + "Components", kind: .namespace)
        let schemas = Decl(name: "Schemas", qualifiedName: components.qualifiedName + ".Schemas", kind: .namespace)
        let responses = Decl(name: "Responses", qualifiedName: components.qualifiedName + ".Responses", kind: .namespace)
        let parameters = Decl(name: "Parameters", qualifiedName: components.qualifiedName + ".Parameters", kind: .namespace)
        let headers = Decl(name: "Headers", qualifiedName: components.qualifiedName + ".Headers", kind: .namespace)
        let operations = Decl(name: "Operations", qualifiedName: root + "Operations", kind: .namespace)
        let types = TypeBuilder(reader: reader.schemas, log: log, root: root, schemasNamespace: schemas, nameOverrides: config.nameOverrides)
        types.registerComponents(document.schemas)
        types.buildPending()
        for (name, parameter) in document.parameters {
            declareComponent(name, parameter.schema, doc: parameter.description, in: parameters, types: types)
        }
        for (name, header) in document.headers {
            declareComponent(name, header.schema, doc: header.description, in: headers, types: types)
        }
        let builder = OperationBuilder(
            types: types, log: log, root: root, access: access, operationsNamespace: operations, responsesNamespace: responses,
            nameOverrides: config.nameOverrides)
        builder.declareComponentResponses(document.responses)
        var methodNames = NameScope(reserved: ["client", "registerHandlers"])
        let kept = document.operations.filter { config.filter.keeps(operationID: $0.id, path: $0.path, tags: $0.tags) }
        if !config.filter.isEmpty && kept.isEmpty {
            log.warning("The filter keeps no operation.", at: documents.root.location)
        }
        let plans = kept.map { builder.plan($0, methodNames: &methodNames) }
        types.buildPending()
        Recursion.breakCycles(in: [schemas, responses, parameters, headers, operations])

        var chunks: [String] = []
        let emitter = DeclEmitter(access: access)
        let modes = config.modes
        if let namespace = config.namespace {
            chunks.append("\(access) enum \(namespace) {}\n")
        }
        let extensionPrefix = config.namespace.map { "extension \($0) " } ?? ""
        if modes.contains(.types) {
            var head = SwiftWriter()
            head.open("\(extensionPrefix.isEmpty ? "" : extensionPrefix + "{\n")\(access) enum Components")
            for name in ["Schemas", "Parameters", "RequestBodies", "Responses", "Headers"] { head.line("\(access) enum \(name) {}") }
            head.close()
            head.line("\(access) enum Operations {}")
            if !extensionPrefix.isEmpty { head.line("}") }
            chunks.append(head.text)
            chunks.append(apiProtocol(plans, access: access, extensionPrefix: extensionPrefix))
            chunks.append(shorthands(plans, access: access, on: "\(root)APIProtocol"))
            chunks.append(ServersEmitter(access: access).servers(document.servers, extensionPrefix: extensionPrefix))
            chunks.append(SecurityEmitter(access: access, log: log).emit(document.securitySchemes, plans, root: root))
            chunks.append(QueryNamesEmitter(access: access).emit(plans, root: root))
            for namespace in [schemas, responses, parameters, headers, operations] {
                for child in namespace.children {
                    var w = SwiftWriter()
                    w.open("extension \(namespace.qualifiedName)")
                    emitter.emit(child, into: &w)
                    w.close()
                    chunks.append(w.text)
                }
            }
        }
        if modes.contains(.client) {
            let client = ClientEmitter(access: access, root: root)
            let conforms = modes.contains(.types)
            var head = client.clientStruct(conformsToAPI: conforms)
            if !extensionPrefix.isEmpty { head = "\(extensionPrefix){\n\(head)}\n" }
            chunks.append(head)
            if !conforms { chunks.append(shorthands(plans, access: access, on: "\(root)Client")) }
            let usedResponses = Set(plans.flatMap { $0.responses.map(\.typeName) })
            for response in builder.declaredResponses where usedResponses.contains(response.qualifiedName) || response.qualifiedName.contains(".Components.") || response.qualifiedName.hasPrefix("Components.") {
                chunks.append(client.decoder(response))
            }
            for plan in plans { chunks.append(client.method(plan)) }
        }
        if modes.contains(.server) {
            let server = ServerEmitter(access: access, root: root)
            chunks.append(server.registration(plans))
            for response in builder.declaredResponses { chunks.append(server.encoder(response)) }
            for plan in plans { chunks.append(server.handler(plan)) }
        }
        return chunks
    }

    /// A `components/parameters` or `components/headers` entry: its schema's type, declared under
    /// `namespace` as `name`, or a type alias to the type when the schema names one elsewhere.
    static func declareComponent(_ name: String, _ schema: JSONSchema, doc: String?, in namespace: Decl, types: TypeBuilder) {
        let typeName = Naming.typeName(name)
        let usage = types.usage(schema, in: namespace, as: typeName)
        let qualified = namespace.qualifiedName + "." + typeName
        guard usage.decl?.qualifiedName != qualified else { return }
        namespace.children.append(
            Decl(name: namespace.childNames.claim(typeName), qualifiedName: qualified, doc: Doc.lines(doc), kind: .alias(usage.swift)))
    }

    static func apiProtocol(_ plans: [OperationPlan], access: String, extensionPrefix: String) -> String {
        var w = SwiftWriter()
        if !extensionPrefix.isEmpty { w.open(extensionPrefix.trimmingTrailingSpaces) }
        w.doc(["The document's operations, one method per operation ID. The generated `Client` makes them over HTTP;", "a server implements them and serves them with `registerHandlers(on:)`."])
        w.open("\(access) protocol APIProtocol: Swift.Sendable")
        for plan in plans {
            w.doc(Doc.lines(plan.operation.summary))
            w.line("func \(plan.methodName)(_ input: \(plan.qualifiedName).Input) async throws -> \(plan.qualifiedName).Output")
        }
        w.close()
        if !extensionPrefix.isEmpty { w.close() }
        return w.text
    }

    /// Overloads that take the input's parts, each defaulted where it can be, so `api.listItems()` works.
    static func shorthands(_ plans: [OperationPlan], access: String, on type: String) -> String {
        var w = SwiftWriter()
        w.open("extension \(type)")
        for plan in plans {
            var parameters = plan.inputGroups.map { "\($0.member): \($0.type)\($0.defaultable ? " = .init()" : "")" }
            var arguments = plan.inputGroups.map { "\($0.member): \($0.member)" }
            if plan.hasBody {
                parameters.append("body: \(plan.qualifiedName).Input.Body\(plan.bodyRequired ? "" : "? = nil")")
                arguments.append("body: body")
            }
            w.doc(Doc.lines(plan.operation.summary))
            if plan.operation.deprecated { w.line("@available(*, deprecated)") }
            w.open("\(access) func \(plan.methodName)(\(parameters.joined(separator: ", "))) async throws -> \(plan.qualifiedName).Output")
            w.line("try await \(plan.methodName)(\(plan.qualifiedName).Input(\(arguments.joined(separator: ", "))))")
            w.close()
        }
        w.close()
        return w.text
    }
}
