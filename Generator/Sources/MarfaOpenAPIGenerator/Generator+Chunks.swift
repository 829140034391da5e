import MarfaYAML

/// One configuration's pass: the document read, its types and operations declared, then each piece
/// of output as Swift declarations, printed by `SwiftRenderer` with the configured access level.
extension Generator {
    /// The declarations of one document under one configuration, before they are written.
    struct Declarations {
        var document: APIDocument
        var plans: [OperationPlan]
        /// `Components.Schemas`, `.Responses`, `.Parameters`, `.Headers` and `Operations`, with what they hold.
        var namespaces: [Decl]
        var responses: [OperationPlan.ResponseType]
        /// The webhooks, declared in `Webhooks`, and the callbacks of the kept operations, in `Operations.<Id>.Callbacks`.
        var webhookPlans: [OperationPlan] = []
        var callbackPlans: [OperationPlan] = []
    }

    /// Renders the chunks into `rendered`; with `keepingUntilExit`, the declarations and typed Swift
    /// they were made from are left to the end of the process (`ProcessExit`) rather than freed.
    static func generateChunks(
        documents: DocumentSet, config: GeneratorConfig, log: DiagnosticLog, into rendered: inout RenderedChunks,
        keepingUntilExit: Bool = false
    ) throws {
        let declarations = try declare(documents: documents, config: config, log: log)
        let renderer = SwiftRenderer(access: config.access)
        let pieces = chunks(declarations, config: config, log: log)
        for piece in pieces { rendered.append(piece, with: renderer) }
        if keepingUntilExit { ProcessExit.keep((declarations, pieces)) }
    }

    /// Reads the document and declares its schemas, the operations the filter keeps, and the
    /// component responses, parameters and headers those operations use (`ComponentUsage`).
    static func declare(documents: DocumentSet, config: GeneratorConfig, log: DiagnosticLog) throws -> Declarations {
        let reader = DocumentReader(documents: documents, log: log)
        let document = try reader.read()
        let root = TypeName(path: config.namespace.map { [$0] } ?? [])
        let components = root.nested("Components")
        let schemas = Decl(name: "Schemas", qualifiedName: components.nested("Schemas"), kind: .namespace)
        let responses = Decl(name: "Responses", qualifiedName: components.nested("Responses"), kind: .namespace)
        let parameters = Decl(name: "Parameters", qualifiedName: components.nested("Parameters"), kind: .namespace)
        let headers = Decl(name: "Headers", qualifiedName: components.nested("Headers"), kind: .namespace)
        let operations = Decl(name: "Operations", qualifiedName: root.nested("Operations"), kind: .namespace)
        let types = TypeBuilder(
            reader: reader.schemas, log: log, schemasNamespace: schemas, nameOverrides: config.nameOverrides)
        types.registerComponents(document.schemas)
        types.buildPending()
        let kept = document.operations.filter { config.filter.keeps(operationID: $0.id, path: $0.path, tags: $0.tags) }
        if !config.filter.isEmpty && kept.isEmpty {
            log.warning("The filter keeps no operation.", at: documents.root.location)
        }
        let used = ComponentUsage.of(kept, webhooks: document.webhooks)
        for (name, parameter) in document.parameters where used.parameters.contains(name) {
            declareComponent(name, parameter.schema, doc: parameter.description, in: parameters, types: types)
        }
        for (name, header) in document.headers where used.headers.contains(name) {
            declareComponent(name, header.schema, doc: header.description, in: headers, types: types)
        }
        let builder = OperationBuilder(
            types: types, log: log, operationsNamespace: operations, responsesNamespace: responses,
            nameOverrides: config.nameOverrides)
        builder.declareComponentResponses(document.responses.filter { used.responses.contains($0.name) })
        var methodNames = NameScope(reserved: ["client", "registerHandlers"])
        let plans = kept.map { builder.plan($0, methodNames: &methodNames) }
        let webhooks = Decl(name: "Webhooks", qualifiedName: root.nested("Webhooks"), kind: .namespace)
        let received = declareReceived(document, plans: plans, webhooks: webhooks, builder: builder)
        types.buildPending()
        let namespaces =
            [schemas, responses, parameters, headers, operations] + (webhooks.children.isEmpty ? [] : [webhooks])
        let defaults = DefaultValueWriter(roots: namespaces)
        types.writeDefaults(with: defaults)
        let parameterDefaults = builder.writeParameterDefaults(with: defaults)
        Recursion.breakCycles(in: namespaces)
        var declarations = Declarations(
            document: document, plans: plans.map { $0.withParameterDefaults(parameterDefaults) },
            namespaces: namespaces,
            responses: builder.declaredResponses)
        declarations.webhookPlans = received.webhooks.map { $0.withParameterDefaults(parameterDefaults) }
        declarations.callbackPlans = received.callbacks.map { $0.withParameterDefaults(parameterDefaults) }
        return declarations
    }

    /// Declares and plans the webhooks, in `webhooks`, and the callbacks of the operations `plans` keep,
    /// each set with method names of its own.
    static func declareReceived(
        _ document: APIDocument, plans: [OperationPlan], webhooks: Decl, builder: OperationBuilder
    ) -> (webhooks: [OperationPlan], callbacks: [OperationPlan]) {
        var webhookMethods = NameScope(reserved: [HandlerSet.webhooks.registerFunction])
        let webhookPlans = document.webhooks.map {
            builder.plan(webhook: $0, in: webhooks, methodNames: &webhookMethods)
        }
        var callbackMethods = NameScope(reserved: [HandlerSet.callbacks.registerFunction])
        let callbackPlans = plans.flatMap { builder.planCallbacks(of: $0, methodNames: &callbackMethods) }
        return (webhookPlans, callbackPlans)
    }

    /// A `components/parameters` or `components/headers` entry: its schema's type, declared under
    /// `namespace` as `name`, or a type alias to the type when the schema names one elsewhere.
    static func declareComponent(
        _ name: String, _ schema: JSONSchema, doc: String?, in namespace: Decl, types: TypeBuilder
    ) {
        let typeName = Naming.typeName(name)
        let usage = types.usage(schema, in: namespace, as: typeName)
        let qualified = namespace.qualifiedName.nested(typeName)
        guard usage.decl?.qualifiedName != qualified else { return }
        namespace.children.append(
            Decl(
                name: namespace.childNames.claim(typeName), qualifiedName: qualified, doc: Doc.lines(doc),
                kind: .alias(usage.swift)))
    }

    /// The output's pieces in order, each a group of top-level declarations the sharder keeps together.
    static func chunks(_ declared: Declarations, config: GeneratorConfig, log: DiagnosticLog) -> [[SwiftDecl]] {
        let root = config.namespace.map { [$0] } ?? []
        let module = ModuleEmitter(root: root)
        var chunks: [[SwiftDecl]] = []
        if config.namespace != nil { chunks.append(module.namespace()) }
        if config.modes.contains(.types) {
            chunks.append(module.namespaces(webhooks: !declared.webhookPlans.isEmpty))
            chunks.append(module.apiProtocol(declared.plans))
            chunks.append([module.shorthands(declared.plans, on: "APIProtocol")])
            chunks.append(module.inRoot([.type(ServersEmitter.servers(declared.document.servers))]))
            chunks.append(SecurityEmitter(log: log).emit(declared.document.securitySchemes, declared.plans, root: root))
            chunks.append([QueryNamesEmitter.emit(declared.plans, root: root)])
            for namespace in declared.namespaces {
                for child in namespace.children {
                    chunks.append([.type(.extension(namespace.qualifiedName, members: [DeclEmitter.emit(child)]))])
                }
            }
        }
        if config.modes.contains(.client) { chunks += clientChunks(declared, config: config, module: module) }
        if config.modes.contains(.server) {
            let server = ServerEmitter(root: root)
            chunks.append([server.registration(declared.plans)])
            for response in declared.responses { chunks.append([server.encoder(response)]) }
            for plan in declared.plans { chunks.append([server.handler(plan)]) }
            chunks += receivedChunks(declared.webhookPlans, .webhooks, module: module)
            chunks += receivedChunks(declared.callbackPlans, .callbacks, module: module)
        }
        return chunks
    }

    /// The handler protocol of a set of webhooks or callbacks, its registration function and a register
    /// helper per operation; nothing when the set is empty.
    static func receivedChunks(_ plans: [OperationPlan], _ set: HandlerSet, module: ModuleEmitter) -> [[SwiftDecl]] {
        guard !plans.isEmpty else { return [] }
        let server = ServerEmitter(root: module.root, set: set)
        return [module.handlerProtocol(plans, set), [server.registration(plans)]] + plans.map { [server.handler($0)] }
    }

    /// `Client`, the decoders of the responses its methods read, and a method per operation.
    static func clientChunks(_ declared: Declarations, config: GeneratorConfig, module: ModuleEmitter) -> [[SwiftDecl]]
    {
        let client = ClientEmitter(root: module.root)
        let conforms = config.modes.contains(.types)
        var chunks = [module.inRoot([client.clientStruct(conformsToAPI: conforms)])]
        if !conforms { chunks.append([module.shorthands(declared.plans, on: "Client")]) }
        let usedResponses = Set(declared.plans.flatMap { $0.responses.map(\.typeName) })
        var headerTypes: Set<TypeName> = []
        for response in declared.responses where usedResponses.contains(response.qualifiedName) || response.isComponent
        {
            chunks.append([client.decoder(response)])
            if let headers = response.headersType, headerTypes.insert(headers).inserted {
                chunks.append([client.headersDecoder(headers, response.headers)])
            }
        }
        for plan in declared.plans { chunks.append([client.method(plan)]) }
        return chunks
    }
}
