import MarfaYAML

/// Declares the `Operations.<Id>` types of each operation (Input, Output and their payloads) and
/// plans what the client and server write.
final class OperationBuilder {
    let types: TypeBuilder
    let log: DiagnosticLog
    let operationsNamespace: Decl
    let responsesNamespace: Decl
    let nameOverrides: [String: String]
    /// Response types already declared, by where the response is written: a response reached from
    /// several places is one type, named by the first; another with the same content is its own.
    private var responseTypes: [SourceLocation: TypeName] = [:]
    private(set) var declaredResponses: [OperationPlan.ResponseType] = []
    private var componentResponses: [String: TypeName] = [:]
    /// Parameter groups with a parameter whose default is written once every type is declared.
    private var pendingGroups: [PendingGroup] = []

    /// Operation and response types compare with `==`; they are not hashed (Hashable cost a hash function and three
    /// witnesses per type to compile, and nothing keys a set or dictionary by a request or an answer).
    static let valueConformances: [SwiftType] = [.swift("Sendable"), .swift("Equatable")]

    init(
        types: TypeBuilder, log: DiagnosticLog, operationsNamespace: Decl, responsesNamespace: Decl,
        nameOverrides: [String: String]
    ) {
        self.types = types
        self.log = log
        self.operationsNamespace = operationsNamespace
        self.responsesNamespace = responsesNamespace
        self.nameOverrides = nameOverrides
    }

    /// Declares `components/responses` so operations can name them.
    func declareComponentResponses(_ responses: [(name: String, response: APIResponse)]) {
        for (name, response) in responses {
            let typeName = responsesNamespace.childNames.claim(Naming.typeName(name))
            let qualified = responsesNamespace.qualifiedName.nested(typeName)
            componentResponses[name] = qualified
            declareResponse(response, name: typeName, qualified: qualified, in: responsesNamespace, isComponent: true)
        }
    }

    /// Declares the operation's `Operations.<Id>` namespace with its Input and Output, and plans it.
    func plan(_ operation: APIOperation, methodNames: inout NameScope) -> OperationPlan {
        let override = nameOverrides[operation.id]
        return plan(
            operation, typeName: Naming.typeName(override ?? operation.id),
            methodName: override ?? Naming.memberName(operation.id),
            in: operationsNamespace, methodNames: &methodNames)
    }

    /// Declares a webhook's `Webhooks.<Name>` in `namespace`, as an operation's namespace is declared, and plans it.
    func plan(webhook: APIReceivedOperation, in namespace: Decl, methodNames: inout NameScope) -> OperationPlan {
        let override = nameOverrides[webhook.operation.id]
        return plan(
            webhook.operation, typeName: Naming.typeName(override ?? webhook.name),
            methodName: override ?? Naming.memberName(webhook.name),
            in: namespace, methodNames: &methodNames)
    }

    /// Declares `Operations.<Id>.Callbacks.<Name>` for each callback of a planned operation, and plans them;
    /// each handler method is named after the operation and the callback (`createSubscriptionOnEvent`).
    func planCallbacks(of owner: OperationPlan, methodNames: inout NameScope) -> [OperationPlan] {
        guard !owner.operation.callbacks.isEmpty,
            let ownerDecl = operationsNamespace.children.first(where: { $0.qualifiedName == owner.qualifiedName })
        else { return [] }
        let callbacks = Decl(
            name: "Callbacks", qualifiedName: owner.qualifiedName.nested("Callbacks"),
            doc: [
                "Requests the server sends back for this operation, to the URLs it names; received with `CallbackHandler`."
            ],
            kind: .namespace)
        ownerDecl.children.append(callbacks)
        return owner.operation.callbacks.map { callback in
            plan(
                callback.operation, typeName: Naming.typeName(callback.name),
                methodName: Naming.memberName(owner.methodName + "_" + callback.name), in: callbacks,
                methodNames: &methodNames)
        }
    }

    /// Declares `<namespace>.<typeName>` with the operation's Input and Output, and plans it.
    private func plan(
        _ operation: APIOperation, typeName preferred: String, methodName preferredMethod: String, in scope: Decl,
        methodNames: inout NameScope
    ) -> OperationPlan {
        let typeName = scope.childNames.claim(preferred)
        let qualified = scope.qualifiedName.nested(typeName)
        let methodName = methodNames.claim(preferredMethod)
        let id = SwiftProperty(
            name: "id", isStatic: true, isConstant: true, type: .string, body: .stored(.string(operation.id)))
        let method = SwiftProperty(
            name: "method", doc: ["The HTTP method, as the document's path item names it, uppercased."], isStatic: true,
            isConstant: true, type: .string, body: .stored(.string(operation.method.uppercased())))
        let path = SwiftProperty(
            name: "path", doc: ["The path template as the document writes it, `{name}` for each path parameter."],
            isStatic: true, isConstant: true, type: .string, body: .stored(.string(operation.path)))
        var header = SwiftTypeDecl.namespace(
            typeName, members: [.property(id), .property(method), .property(path)])
        header.conformances = [.runtime("GeneratedOperation")]
        if !operation.servers.isEmpty {
            header.members.append(.type(ServersEmitter.servers(operation.servers, of: "operation")))
        }
        header.doc = operationDoc(operation)
        let namespace = Decl(name: typeName, qualifiedName: qualified, doc: header.doc, kind: .declared(header))
        scope.children.append(namespace)

        let accepted = Self.acceptedMediaTypes(operation)
        let acceptable = qualified.nested("AcceptableContentType")
        var plan = OperationPlan(
            operation: operation, typeName: typeName, qualifiedName: qualified, methodName: methodName, parameters: [],
            bodyRequired: false, bodyContents: [], responses: [], accept: accepted.isEmpty ? nil : acceptable)
        namespace.children.append(declareInput(operation, plan: &plan))
        namespace.children.append(declareOutput(operation, plan: &plan))
        if !accepted.isEmpty { namespace.children.append(Self.acceptableContentType(accepted, named: acceptable)) }
        noteUndecodedBodies(of: operation)
        return plan
    }

    /// One note per operation naming the structured bodies it keeps as raw `HTTPBody` (a schema in a
    /// media type the generator does not decode, such as XML), so none becomes raw without a word.
    private func noteUndecodedBodies(of operation: APIOperation) {
        let contents = (operation.requestBody?.contents ?? []) + operation.responses.flatMap(\.contents)
        var undecoded: [APIContent] = []
        for content in contents where Self.kind(content.mediaType) == .raw && !Self.isStream(content.mediaType) {
            guard Self.describesStructure(content.schema),
                !undecoded.contains(where: { $0.mediaType == content.mediaType })
            else { continue }
            undecoded.append(content)
        }
        guard let first = undecoded.first else { return }
        let names = undecoded.map { "'\($0.mediaType)'" }.joined(separator: ", ")
        log.note(
            "'\(operation.id)' sends and reads \(names) bodies as raw HTTPBody: the generator decodes JSON, URL-encoded form and multipart bodies only.",
            at: first.location)
    }

    /// Whether `schema` describes values with a structure (an object, a list, a reference), not text or bytes.
    static func describesStructure(_ schema: JSONSchema?) -> Bool {
        guard let schema else { return false }
        if schema.reference != nil || !schema.properties.isEmpty || schema.items != nil { return true }
        return schema.types.contains { $0 == "object" || $0 == "array" }
    }

    private func operationDoc(_ operation: APIOperation) -> [String] {
        var lines = Doc.lines(operation.summary)
        let description = Doc.lines(operation.description)
        if !description.isEmpty && description != lines { lines += (lines.isEmpty ? [] : [""]) + description }
        lines +=
            (lines.isEmpty ? [] : [""]) + [
                operation.receivedAs ?? "`\(operation.method.uppercased()) \(operation.path)`"
            ]
        return lines
    }

    // MARK: Input

    /// `Input`: a struct of the parameter groups present and the body; fills in the plan's parameters and body.
    private func declareInput(_ operation: APIOperation, plan: inout OperationPlan) -> Decl {
        let input = Decl(name: "Input", qualifiedName: plan.inputType, kind: .namespace)
        var fields: [Field] = []
        for (location, groupName, member) in OperationPlan.parameterGroups {
            guard let group = parameterGroup(operation, location, named: groupName, in: input, plan: &plan) else {
                continue
            }
            input.children.append(group)
            fields.append(
                Field(
                    name: member, type: group.type,
                    defaultValue: plan.parameters.contains { $0.location == location && $0.required }
                        ? nil : .initialized))
        }
        if let body = operation.requestBody, !body.contents.isEmpty {
            let bodyDecl = Decl(
                name: "Body", qualifiedName: plan.inputType.nested("Body"), doc: Doc.lines(body.description),
                kind: .namespace)
            plan.bodyContents = contents(body.contents, in: bodyDecl)
            plan.bodyRequired = body.required
            var bodyType = SwiftTypeDecl(
                kind: .enum(indirect: false), name: TypeName("Body"), attributes: [.frozen],
                conformances: Self.valueConformances,
                members: plan.bodyContents.map {
                    .enumCase(SwiftEnumCase(name: $0.caseName, associatedValues: [(nil, $0.type)]))
                })
            bodyType.doc = bodyDecl.doc
            bodyDecl.kind = .declared(bodyType)
            input.children.append(bodyDecl)
            fields.append(
                Field(
                    name: "body", type: body.required ? bodyDecl.type : .optional(bodyDecl.type),
                    defaultValue: body.required ? nil : .literal(.nil)))
        }
        if let server = operation.servers.first {
            fields.append(
                Field(
                    name: "serverURL", type: .optional(.foundation("URL")), defaultValue: .literal(.nil),
                    doc: ["Where this call goes instead of the operation's own server, `\(server.url)`."]))
        }
        input.kind = .declared(Self.valueStruct("Input", fields: fields))
        return input
    }

    /// The `Path`, `Query`, `Headers` or `Cookies` struct of the parameters in `location`; nil when there are none.
    private func parameterGroup(
        _ operation: APIOperation, _ location: APIParameter.Location, named groupName: String, in input: Decl,
        plan: inout OperationPlan
    ) -> Decl? {
        let group = Decl(name: groupName, qualifiedName: input.qualifiedName.nested(groupName), kind: .namespace)
        let accept = location == .header ? plan.accept : nil
        var names = NameScope(reserved: accept == nil ? [] : [Self.acceptMember])
        var fields: [Field] = []
        var pending = PendingGroup(decl: group, name: groupName, operation: plan.qualifiedName)
        for parameter in operation.parameters where parameter.location == location {
            let swiftName = names.claim(Naming.memberName(parameter.name))
            let usage = types.usage(parameter.schema, in: group, as: Naming.typeName(parameter.name))
            let declared = parameter.required ? usage.swift : .optional(usage.swift)
            if !parameter.required, let value = types.defaultValue(of: parameter.schema), !value.isNull {
                pending.defaults.append((fields.count, plan.parameters.count, value, usage.swift, usage.nullable))
            }
            fields.append(
                Field(
                    name: swiftName, type: declared, defaultValue: parameter.required ? nil : .literal(.nil),
                    doc: Doc.lines(parameter.description), deprecated: parameter.deprecated))
            if usage.shape == .object,
                parameter.style == "simple" || parameter.style == "label" || parameter.style == "matrix"
                    || parameter.location != .query,
                usage.swift == .openAPIValue || usage.swift == .objectContainer
            {
                log.warning(
                    "The parameter '\(parameter.name)' has a free-form schema; it is written as text of its fields.",
                    at: parameter.sourceLocation)
            }
            plan.parameters.append(
                OperationPlan.Parameter(
                    name: parameter.name, swiftName: parameter.deprecated ? Field.storageName(swiftName) : swiftName,
                    argumentName: swiftName, location: location, type: usage.swift, shape: usage.shape,
                    required: parameter.required, style: parameter.style, explode: parameter.explode,
                    allowReserved: parameter.allowReserved))
        }
        if let accept { fields.append(Self.acceptField(accept)) }
        guard !fields.isEmpty else { return nil }
        group.kind = .declared(Self.valueStruct(groupName, fields: fields))
        if !pending.defaults.isEmpty {
            pending.fields = fields
            pendingGroups.append(pending)
        }
        return group
    }

    /// A parameter group whose optional parameters have defaults, written once every type exists.
    private struct PendingGroup {
        var decl: Decl
        var name: String
        /// The operation the group belongs to (its plan's qualified name).
        var operation: TypeName
        var fields: [Field] = []
        /// `nullable`: the parameter allows `null`, so it stays optional (nil leaves it out) with the default as its initial value.
        var defaults: [(field: Int, parameter: Int, value: Node, type: SwiftType, nullable: Bool)] = []
    }

    /// Makes each optional parameter with a `default` that fits its type non-optional with that default
    /// (one that allows `null` stays optional, the default its initializer's), and answers the defaults
    /// by operation and parameter index, for the plans; one that does not fit is a warning at the
    /// value, and the parameter stays optional.
    func writeParameterDefaults(with writer: DefaultValueWriter) -> [TypeName: [Int: SwiftExpr]] {
        var written: [TypeName: [Int: SwiftExpr]] = [:]
        for var group in pendingGroups {
            for (field, parameter, value, type, nullable) in group.defaults {
                if let expr = writer.expression(value, as: type) {
                    writer.noteValuesReadFromText(in: log)
                    group.fields[field].type = nullable ? .optional(type) : type
                    group.fields[field].defaultValue = expr
                    written[group.operation, default: [:]][parameter] = expr
                } else if let refusal = writer.refusal {
                    log.warning(
                        "This default cannot be used: \(refusal.message); the parameter stays optional.",
                        at: refusal.location)
                }
            }
            group.decl.kind = .declared(Self.valueStruct(group.name, fields: group.fields))
        }
        pendingGroups = []
        return written
    }

    // MARK: Output

    /// `Output`: an enum with a case and a throwing accessor per documented status, and `undocumented`.
    private func declareOutput(_ operation: APIOperation, plan: inout OperationPlan) -> Decl {
        let output = Decl(name: "Output", qualifiedName: plan.outputType, kind: .namespace)
        var members: [SwiftDecl] = []
        var caseNames = NameScope(reserved: ["undocumented"])
        for response in operation.responses {
            let caseName = caseNames.claim(Self.caseName(response.status))
            let typeName = responseType(response, structName: Naming.typeName(caseName), in: output)
            let planned = OperationPlan.Response(caseName: caseName, status: response.status, typeName: typeName)
            members += outputCase(planned, doc: Doc.lines(response.description))
            plan.responses.append(planned)
        }
        members.append(
            .enumCase(
                SwiftEnumCase(
                    name: "undocumented", doc: ["A status the document does not describe."],
                    associatedValues: [("statusCode", .int), (nil, .runtime("UndocumentedPayload"))])))
        output.kind = .declared(
            SwiftTypeDecl(
                kind: .enum(indirect: false), name: TypeName("Output"), attributes: [.frozen],
                conformances: Self.valueConformances, members: members))
        return output
    }

    /// The type of a response: a component's, the one an earlier place declared for the same response
    /// (aliased here, for a `$ref` into another operation's responses), or a new one.
    private func responseType(_ response: APIResponse, structName: String, in output: Decl) -> TypeName {
        if let component = response.componentName, let qualifiedComponent = componentResponses[component] {
            return qualifiedComponent
        }
        let qualified = output.qualifiedName.nested(structName)
        if let existing = responseTypes[response.definition] {
            output.children.append(Decl(name: structName, qualifiedName: qualified, kind: .alias(.named(existing))))
        } else {
            declareResponse(response, name: structName, qualified: qualified, in: output, isComponent: false)
            responseTypes[response.definition] = qualified
        }
        return qualified
    }

    /// A response's case, and the accessor that answers its value or throws.
    private func outputCase(_ response: OperationPlan.Response, doc: [String]) -> [SwiftDecl] {
        let ranged = response.isDefault || response.isRange
        let associated: [(label: String?, type: SwiftType)] =
            ranged ? [("statusCode", .int), (nil, .named(response.typeName))] : [(nil, .named(response.typeName))]
        let matched = SwiftIf(
            branches: [
                (
                    .matches(
                        .enumCase(response.caseName, bindings: ranged ? [nil, "response"] : ["response"]), .name("self")
                    ), [.return(.name("response"))]
                )
            ],
            inline: true)
        let mismatch = SwiftExpr.call(
            .type(.runtime("UnexpectedResponseError")),
            [
                SwiftArgument("expected", .string(response.caseName)), SwiftArgument("response", .name("self")),
            ])
        let accessor = SwiftProperty(
            name: response.caseName, doc: ["The `\(response.caseName)` response; throws for any other."],
            type: .named(response.typeName),
            body: .throwingGetter([.if(matched), .throw(mismatch)]))
        return [
            .enumCase(
                SwiftEnumCase(
                    name: response.caseName, doc: ranged ? doc : doc + ["Status \(response.status)."],
                    associatedValues: associated)),
            .property(accessor),
        ]
    }

    /// A response struct: its headers and body, each a nested type.
    private func declareResponse(
        _ response: APIResponse, name: String, qualified: TypeName, in scope: Decl, isComponent: Bool
    ) {
        let decl = Decl(name: name, qualifiedName: qualified, doc: Doc.lines(response.description), kind: .namespace)
        var fields: [Field] = []
        var headers: [OperationPlan.Header] = []
        var headersType: TypeName?
        if !response.headers.isEmpty {
            // Each response's own struct, named by it: one with the same headers as another's is no
            // alias of that one (a 401's headers are not a 400's).
            let headersName = qualified.nested("Headers")
            decl.children.append(responseHeaders(response.headers, in: decl, planned: &headers))
            headersType = headersName
            fields.append(
                Field(
                    name: "headers", type: .named(headersName),
                    defaultValue: response.headers.contains { $0.required } ? nil : .initialized))
        }
        var contents: [OperationPlan.Content] = []
        if !response.contents.isEmpty {
            let bodyDecl = Decl(name: "Body", qualifiedName: qualified.nested("Body"), kind: .namespace)
            contents = self.contents(response.contents, in: bodyDecl)
            bodyDecl.kind = .declared(responseBody(contents))
            decl.children.append(bodyDecl)
            fields.append(Field(name: "body", type: bodyDecl.type))
        }
        var type = Self.valueStruct(name, fields: fields)
        type.doc = decl.doc
        decl.kind = .declared(type)
        scope.children.append(decl)
        declaredResponses.append(
            OperationPlan.ResponseType(
                qualifiedName: qualified, isComponent: isComponent, headersType: headersType, headers: headers,
                contents: contents))
    }

    private func responseHeaders(_ list: [APIHeader], in decl: Decl, planned: inout [OperationPlan.Header]) -> Decl {
        let headersDecl = Decl(name: "Headers", qualifiedName: decl.qualifiedName.nested("Headers"), kind: .namespace)
        var names = NameScope()
        var fields: [Field] = []
        for header in list {
            let swiftName = names.claim(Naming.memberName(header.name))
            let usage = types.usage(header.schema, in: headersDecl, as: Naming.typeName(header.name))
            fields.append(
                Field(
                    name: swiftName, type: header.required ? usage.swift : .optional(usage.swift),
                    defaultValue: header.required ? nil : .literal(.nil),
                    doc: Doc.lines(header.description)))
            planned.append(
                OperationPlan.Header(
                    name: header.name, swiftName: swiftName, type: usage.swift, shape: usage.shape,
                    required: header.required, explode: header.explode))
        }
        headersDecl.kind = .declared(Self.valueStruct("Headers", fields: fields))
        return headersDecl
    }

    /// A response's `Body` enum: a case per content type, and an accessor per case that throws for another.
    private func responseBody(_ contents: [OperationPlan.Content]) -> SwiftTypeDecl {
        var members: [SwiftDecl] = contents.map {
            .enumCase(SwiftEnumCase(name: $0.caseName, associatedValues: [(nil, $0.type)]))
        }
        for content in contents {
            let pattern = SwiftPattern.enumCase(content.caseName, bindings: ["body"])
            let getter: [SwiftStatement]
            if contents.count == 1 {
                getter = [
                    .switch(.name("self"), [SwiftSwitchCase(patterns: [pattern], body: [.return(.name("body"))])])
                ]
            } else {
                let mismatch = SwiftExpr.call(
                    .type(.runtime("UnexpectedContentError")),
                    [
                        SwiftArgument("expected", .string(content.mediaType)), SwiftArgument("content", .name("self")),
                    ])
                getter = [
                    .if(
                        SwiftIf(branches: [(.matches(pattern, .name("self")), [.return(.name("body"))])], inline: true)),
                    .throw(mismatch),
                ]
            }
            members.append(
                .property(
                    SwiftProperty(
                        name: content.caseName,
                        doc: ["The body as `\(content.mediaType)`; throws when it came as another type."],
                        type: content.type,
                        body: .throwingGetter(getter))))
        }
        return SwiftTypeDecl(
            kind: .enum(indirect: false), name: TypeName("Body"), attributes: [.frozen],
            conformances: Self.valueConformances, members: members)
    }

    // MARK: Value structs

    /// A stored property of a plain value struct, with its initializer parameter's default.
    struct Field {
        var name: String
        var type: SwiftType
        var defaultValue: SwiftExpr?
        var doc: [String] = []
        var deprecated = false

        /// What generated code reads and writes: a deprecated field's storage (`_name`), so it raises no warning.
        var storage: String { deprecated ? Self.storageName(name) : name }

        /// The storage of a deprecated field or parameter named `name`.
        static func storageName(_ name: String) -> String { "_" + name.trimmingCharacters(in: "`") }
    }

    /// `struct name: Sendable, Equatable` with `fields` and a memberwise initializer.
    static func valueStruct(_ name: String, fields: [Field]) -> SwiftTypeDecl {
        var members: [SwiftDecl] = fields.map {
            .property(
                SwiftProperty(
                    name: $0.name, doc: $0.doc, attributes: $0.deprecated ? [.deprecated] : [], type: $0.type,
                    body: $0.deprecated ? .forwarded(storage: $0.storage, exposed: true) : .stored(nil)))
        }
        members.append(
            .function(
                SwiftFunction(
                    kind: .initializer,
                    parameters: fields.map { SwiftParameter($0.name, $0.type, default: $0.defaultValue) },
                    body: fields.map { .assign(.member(.name("self"), $0.storage), .name($0.name)) })))
        return SwiftTypeDecl(kind: .struct, name: TypeName(name), conformances: valueConformances, members: members)
    }

    // MARK: Contents

    private func contents(_ contents: [APIContent], in bodyDecl: Decl) -> [OperationPlan.Content] {
        var names = NameScope()
        return contents.map { content in
            let kind = Self.kind(content.mediaType)
            let caseName = names.claim(Self.caseName(mediaType: content.mediaType))
            var type = SwiftType.httpBody
            switch kind {
            case .json, .form:
                if let schema = content.schema {
                    let usage = types.usage(schema, in: bodyDecl, as: Naming.typeName(caseName) + "Payload")
                    type = usage.nullable ? .optional(usage.swift) : usage.swift
                } else {
                    type = kind == .json ? .openAPIValue : .objectContainer
                }
            case .multipart:
                type = .runtime("MultipartBody")
                if let schema = content.schema {
                    _ = types.usage(schema, in: bodyDecl, as: Naming.typeName(caseName) + "Payload")
                }
            case .raw:
                if let schema = content.schema, Self.isStream(content.mediaType) {
                    // The stream's items: declared so callers can decode with `asDecodedServerSentEventsWithJSONData(of:)`.
                    _ = types.usage(schema, in: bodyDecl, as: Naming.typeName(caseName) + "Payload")
                }
            }
            return OperationPlan.Content(
                caseName: caseName, mediaType: content.mediaType, pattern: Self.essence(content.mediaType), kind: kind,
                type: type)
        }
    }

    static func isStream(_ mediaType: String) -> Bool {
        mediaType.contains("event-stream") || mediaType.contains("jsonl") || mediaType.contains("ndjson")
            || mediaType.contains("json-seq")
    }

    /// A media type lowercased and without its parameters: `application/json` for
    /// `Application/JSON; charset=utf-8`.
    static func essence(_ mediaType: String) -> String {
        let essence = mediaType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return essence.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// How a body in `mediaType` is read, by its essence: a `charset` or other parameter does not
    /// change it, except `stream` (Kubernetes' `application/json;stream=watch` is a stream of
    /// values, kept raw).
    static func kind(_ mediaType: String) -> OperationPlan.ContentKind {
        let parameters = mediaType.split(separator: ";").dropFirst()
        if parameters.contains(where: { $0.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("stream=") }) {
            return .raw
        }
        return essenceKind(essence(mediaType))
    }

    /// How a body in a media type's essence is read.
    private static func essenceKind(_ mediaType: String) -> OperationPlan.ContentKind {
        if mediaType == "application/json" || (mediaType.hasSuffix("+json") && !mediaType.contains("seq"))
            || mediaType == "text/json"
        {
            return .json
        }
        if mediaType == "application/x-www-form-urlencoded" { return .form }
        if mediaType.hasPrefix("multipart/") { return .multipart }
        return .raw
    }

    static func caseName(mediaType: String) -> String {
        switch mediaType {
        case "application/json": "json"
        case "application/x-www-form-urlencoded": "urlEncodedForm"
        case "multipart/form-data": "multipartForm"
        case "text/plain": "plainText"
        case "text/html": "html"
        case "application/octet-stream": "binary"
        case "text/event-stream": "textEventStream"
        case "application/jsonl", "application/x-ndjson", "application/x-jsonlines": "jsonLines"
        case "application/xml", "text/xml": "xml"
        case "*/*": "any"
        default: Naming.memberName(mediaType)
        }
    }

    static let statusNames: [String: String] = [
        "100": "continue", "101": "switchingProtocols", "200": "ok", "201": "created", "202": "accepted",
        "203": "nonAuthoritativeInformation", "204": "noContent", "205": "resetContent", "206": "partialContent",
        "300": "multipleChoices", "301": "movedPermanently", "302": "found", "303": "seeOther", "304": "notModified",
        "307": "temporaryRedirect", "308": "permanentRedirect", "400": "badRequest", "401": "unauthorized",
        "402": "paymentRequired", "403": "forbidden", "404": "notFound", "405": "methodNotAllowed",
        "406": "notAcceptable", "407": "proxyAuthenticationRequired", "408": "requestTimeout", "409": "conflict",
        "410": "gone", "411": "lengthRequired", "412": "preconditionFailed", "413": "contentTooLarge",
        "414": "uriTooLong", "415": "unsupportedMediaType", "416": "rangeNotSatisfiable", "417": "expectationFailed",
        "421": "misdirectedRequest", "422": "unprocessableContent", "423": "locked", "424": "failedDependency",
        "425": "tooEarly", "426": "upgradeRequired", "428": "preconditionRequired", "429": "tooManyRequests",
        "431": "requestHeaderFieldsTooLarge", "451": "unavailableForLegalReasons", "500": "internalServerError",
        "501": "notImplemented", "502": "badGateway", "503": "serviceUnavailable", "504": "gatewayTimeout",
        "505": "httpVersionNotSupported", "507": "insufficientStorage", "511": "networkAuthenticationRequired",
        "1XX": "informational", "2XX": "successful", "3XX": "redirection", "4XX": "clientError", "5XX": "serverError",
        "default": "default",
    ]

    static func caseName(_ status: String) -> String { statusNames[status] ?? "code\(status)" }
}
