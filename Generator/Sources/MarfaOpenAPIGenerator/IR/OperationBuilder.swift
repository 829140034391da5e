/// Declares the `Operations.<Id>` types of each operation (Input, Output and their payloads) and
/// plans what the client and server write.
final class OperationBuilder {
    let types: TypeBuilder
    let log: DiagnosticLog
    let root: String
    let access: String
    let operationsNamespace: Decl
    let responsesNamespace: Decl
    let nameOverrides: [String: String]
    /// Response types already declared, by fingerprint.
    private var responseTypes: [String: String] = [:]
    private(set) var declaredResponses: [OperationPlan.ResponseType] = []
    private var componentResponses: [String: String] = [:]

    init(types: TypeBuilder, log: DiagnosticLog, root: String, access: String, operationsNamespace: Decl, responsesNamespace: Decl, nameOverrides: [String: String]) {
        self.types = types
        self.log = log
        self.root = root
        self.access = access
        self.operationsNamespace = operationsNamespace
        self.responsesNamespace = responsesNamespace
        self.nameOverrides = nameOverrides
    }

    /// Declares `components/responses` so operations can name them.
    func declareComponentResponses(_ responses: [(name: String, response: APIResponse)]) {
        for (name, response) in responses {
            let typeName = responsesNamespace.childNames.claim(Naming.typeName(name))
            let qualified = responsesNamespace.qualifiedName + "." + typeName
            componentResponses[name] = qualified
            declareResponse(response, name: typeName, qualified: qualified, in: responsesNamespace)
        }
    }

    func plan(_ operation: APIOperation, methodNames: inout NameScope) -> OperationPlan {
        let typeName = operationsNamespace.childNames.claim(nameOverrides[operation.id].map(Naming.typeName) ?? Naming.typeName(operation.id))
        let qualified = operationsNamespace.qualifiedName + "." + typeName
        let methodName = methodNames.claim(nameOverrides[operation.id] ?? Naming.memberName(operation.id))
        let namespace = Decl(
            name: typeName, qualifiedName: qualified, doc: operationDoc(operation),
            kind: .custom(header: "\(access) enum \(typeName)", members: ["\(access) static let id: Swift.String = \(Naming.literal(operation.id))"]))
        operationsNamespace.children.append(namespace)

        // Input
        let input = Decl(name: "Input", qualifiedName: qualified + ".Input", kind: .namespace)
        var parameters: [OperationPlan.Parameter] = []
        var groupMembers: [String] = []
        for (location, groupName, member) in OperationPlan.parameterGroups {
            let group = Decl(name: groupName, qualifiedName: input.qualifiedName + "." + groupName, kind: .namespace)
            var names = NameScope()
            var members: [String] = []
            var inits: [String] = []
            var assigns: [String] = []
            for parameter in operation.parameters where parameter.location == location {
                let swiftName = names.claim(Naming.memberName(parameter.name))
                let usage = types.usage(parameter.schema, in: group, as: Naming.typeName(parameter.name))
                let required = parameter.required
                let declared = required ? usage.swift : usage.swift + "?"
                members += Doc.lines(parameter.description).map { "/// " + $0 }
                if parameter.deprecated { members.append("@available(*, deprecated)") }
                members.append("\(access) var \(swiftName): \(declared)")
                inits.append(required ? "\(swiftName): \(declared)" : "\(swiftName): \(declared) = nil")
                assigns.append("self.\(swiftName) = \(swiftName)")
                if usage.shape == .object, parameter.style == "simple" || parameter.style == "label" || parameter.style == "matrix" || parameter.location != .query {
                    if usage.swift.hasPrefix("MarfaOpenAPIRuntime.OpenAPI") {
                        log.warning("The parameter '\(parameter.name)' has a free-form schema; it is written as text of its fields.", at: parameter.sourceLocation)
                    }
                }
                parameters.append(OperationPlan.Parameter(
                    name: parameter.name, swiftName: swiftName, location: location, type: usage.swift, shape: usage.shape,
                    required: required, style: parameter.style, explode: parameter.explode, allowReserved: parameter.allowReserved))
            }
            guard !inits.isEmpty else { continue }
            group.kind = .custom(
                header: "\(access) struct \(groupName): Swift.Sendable, Swift.Hashable",
                members: members + ["\(access) init(\(inits.joined(separator: ", "))) {"] + assigns + ["}"])
            input.children.append(group)
            groupMembers.append("\(access) var \(member): \(group.qualifiedName)")
        }
        var bodyContents: [OperationPlan.Content] = []
        var bodyRequired = false
        if let body = operation.requestBody, !body.contents.isEmpty {
            let bodyDecl = Decl(name: "Body", qualifiedName: input.qualifiedName + ".Body", kind: .namespace)
            bodyContents = contents(body.contents, in: bodyDecl)
            bodyDecl.kind = .custom(
                header: "@frozen \(access) enum Body: Swift.Sendable, Swift.Hashable",
                members: bodyContents.map { "case \($0.caseName)(\($0.type))" })
            bodyDecl.doc = Doc.lines(body.description)
            input.children.append(bodyDecl)
            bodyRequired = body.required
            groupMembers.append("\(access) var body: \(bodyDecl.qualifiedName)\(body.required ? "" : "?")")
        }
        let plannedInput = OperationPlan(
            operation: operation, typeName: typeName, qualifiedName: qualified, methodName: methodName, parameters: parameters,
            bodyRequired: bodyRequired, bodyContents: bodyContents, responses: [], accept: nil)
        var initParameters = plannedInput.inputGroups.map { "\($0.member): \($0.type)\($0.defaultable ? " = .init()" : "")" }
        var initAssigns = plannedInput.inputGroups.map { "self.\($0.member) = \($0.member)" }
        if plannedInput.hasBody {
            initParameters.append("body: \(input.qualifiedName).Body\(bodyRequired ? "" : "? = nil")")
            initAssigns.append("self.body = body")
        }
        input.kind = .custom(
            header: "\(access) struct Input: Swift.Sendable, Swift.Hashable",
            members: groupMembers + ["\(access) init(\(initParameters.joined(separator: ", "))) {"] + initAssigns + ["}"])
        namespace.children.append(input)

        // Output
        let output = Decl(name: "Output", qualifiedName: qualified + ".Output", kind: .namespace)
        var cases: [String] = []
        var responses: [OperationPlan.Response] = []
        var caseNames = NameScope(reserved: ["undocumented"])
        for response in operation.responses {
            let caseName = caseNames.claim(Self.caseName(response.status))
            let structName = Naming.typeName(caseName)
            let typeName: String
            if let component = response.componentName, let qualifiedComponent = componentResponses[component] {
                typeName = qualifiedComponent
            } else if let existing = responseTypes[response.fingerprint] {
                output.children.append(Decl(name: structName, qualifiedName: output.qualifiedName + "." + structName, kind: .alias(existing)))
                typeName = output.qualifiedName + "." + structName
            } else {
                let qualifiedStruct = output.qualifiedName + "." + structName
                declareResponse(response, name: structName, qualified: qualifiedStruct, in: output)
                responseTypes[response.fingerprint] = qualifiedStruct
                typeName = qualifiedStruct
            }
            let doc = Doc.lines(response.description).map { "/// " + $0 }
            if response.status == "default" || response.status.hasSuffix("XX") {
                cases += doc + ["case \(Self.escapedCase(caseName))(statusCode: Swift.Int, \(typeName))"]
            } else {
                cases += doc + ["/// Status \(response.status).", "case \(Self.escapedCase(caseName))(\(typeName))"]
            }
            let accessor = Self.escapedCase(caseName)
            let pattern = response.status == "default" || response.status.hasSuffix("XX") ? "case .\(caseName)(_, let response)" : "case .\(caseName)(let response)"
            cases += [
                "/// The `\(caseName)` response; throws for any other.",
                "\(access) var \(accessor): \(typeName) {",
                "get throws {",
                "if \(pattern) = self { return response }",
                "throw MarfaOpenAPIRuntime.UnexpectedResponseError(expected: \(Naming.literal(caseName)), received: \"\\(self)\")",
                "}",
                "}",
            ]
            responses.append(OperationPlan.Response(caseName: caseName, status: response.status, typeName: typeName))
        }
        cases += ["/// A status the document does not describe.", "case undocumented(statusCode: Swift.Int, MarfaOpenAPIRuntime.UndocumentedPayload)"]
        output.kind = .custom(header: "@frozen \(access) enum Output: Swift.Sendable, Swift.Hashable", members: cases)
        namespace.children.append(output)

        let mediaTypes = operation.responses.flatMap { $0.contents.map(\.mediaType) }
        var accept: [String] = []
        for mediaType in mediaTypes where !accept.contains(mediaType) { accept.append(mediaType) }
        var plan = plannedInput
        plan.responses = responses
        plan.accept = accept.isEmpty ? nil : accept.joined(separator: ", ")
        return plan
    }

    private func operationDoc(_ operation: APIOperation) -> [String] {
        var lines = Doc.lines(operation.summary)
        let description = Doc.lines(operation.description)
        if !description.isEmpty && description != lines { lines += (lines.isEmpty ? [] : [""]) + description }
        lines += (lines.isEmpty ? [] : [""]) + ["`\(operation.method.uppercased()) \(operation.path)`"]
        return lines
    }

    private func declareResponse(_ response: APIResponse, name: String, qualified: String, in scope: Decl) {
        let decl = Decl(name: name, qualifiedName: qualified, doc: Doc.lines(response.description), kind: .namespace)
        var members: [String] = []
        var initParameters: [String] = []
        var assigns: [String] = []
        var headers: [OperationPlan.Header] = []
        if !response.headers.isEmpty {
            let headersDecl = Decl(name: "Headers", qualifiedName: qualified + ".Headers", kind: .namespace)
            var names = NameScope()
            var headerMembers: [String] = []
            var inits: [String] = []
            var headerAssigns: [String] = []
            for header in response.headers {
                let swiftName = names.claim(Naming.memberName(header.name))
                let usage = types.usage(header.schema, in: headersDecl, as: Naming.typeName(header.name))
                let declared = header.required ? usage.swift : usage.swift + "?"
                headerMembers += Doc.lines(header.description).map { "/// " + $0 }
                headerMembers.append("\(access) var \(swiftName): \(declared)")
                inits.append(header.required ? "\(swiftName): \(declared)" : "\(swiftName): \(declared) = nil")
                headerAssigns.append("self.\(swiftName) = \(swiftName)")
                headers.append(OperationPlan.Header(name: header.name, swiftName: swiftName, type: usage.swift, shape: usage.shape, required: header.required, explode: header.explode))
            }
            headersDecl.kind = .custom(
                header: "\(access) struct Headers: Swift.Sendable, Swift.Hashable",
                members: headerMembers + ["\(access) init(\(inits.joined(separator: ", "))) {"] + headerAssigns + ["}"])
            decl.children.append(headersDecl)
            members.append("\(access) var headers: \(qualified).Headers")
            let defaultable = !response.headers.contains { $0.required }
            initParameters.append("headers: \(qualified).Headers\(defaultable ? " = .init()" : "")")
            assigns.append("self.headers = headers")
        }
        var contents: [OperationPlan.Content] = []
        if !response.contents.isEmpty {
            let bodyDecl = Decl(name: "Body", qualifiedName: qualified + ".Body", kind: .namespace)
            contents = self.contents(response.contents, in: bodyDecl)
            var bodyMembers: [String] = []
            for content in contents {
                bodyMembers.append("case \(content.caseName)(\(content.type))")
            }
            for content in contents {
                bodyMembers += [
                    "/// The body as `\(content.mediaType)`; throws when it came as another type.",
                    "\(access) var \(content.caseName): \(content.type) {",
                    "get throws {",
                ]
                if contents.count == 1 {
                    bodyMembers += ["switch self {", "case .\(content.caseName)(let body): return body", "}"]
                } else {
                    bodyMembers += [
                        "if case .\(content.caseName)(let body) = self { return body }",
                        "throw MarfaOpenAPIRuntime.UnexpectedContentError(expected: \(Naming.literal(content.mediaType)), received: \"\\(self)\")",
                    ]
                }
                bodyMembers += ["}", "}"]
            }
            bodyDecl.kind = .custom(header: "@frozen \(access) enum Body: Swift.Sendable, Swift.Hashable", members: bodyMembers)
            decl.children.append(bodyDecl)
            members.append("\(access) var body: \(qualified).Body")
            initParameters.append("body: \(qualified).Body")
            assigns.append("self.body = body")
        }
        decl.kind = .custom(
            header: "\(access) struct \(name): Swift.Sendable, Swift.Hashable",
            members: members + ["\(access) init(\(initParameters.joined(separator: ", "))) {"] + assigns + ["}"])
        scope.children.append(decl)
        declaredResponses.append(OperationPlan.ResponseType(qualifiedName: qualified, headers: headers, contents: contents))
    }

    private func contents(_ contents: [APIContent], in bodyDecl: Decl) -> [OperationPlan.Content] {
        var names = NameScope()
        return contents.map { content in
            let kind = Self.kind(content.mediaType)
            let caseName = names.claim(Self.caseName(mediaType: content.mediaType))
            var type = "MarfaOpenAPIRuntime.HTTPBody"
            switch kind {
            case .json, .form:
                if let schema = content.schema {
                    let usage = types.usage(schema, in: bodyDecl, as: Naming.typeName(caseName) + "Payload")
                    type = usage.nullable ? usage.swift + "?" : usage.swift
                } else {
                    type = kind == .json ? "MarfaOpenAPIRuntime.OpenAPIValue" : "MarfaOpenAPIRuntime.OpenAPIObjectContainer"
                }
            case .multipart:
                type = "MarfaOpenAPIRuntime.MultipartBody"
                if let schema = content.schema { _ = types.usage(schema, in: bodyDecl, as: Naming.typeName(caseName) + "Payload") }
            case .raw:
                if let schema = content.schema, content.mediaType.contains("event-stream") || content.mediaType.contains("jsonl") || content.mediaType.contains("ndjson") || content.mediaType.contains("json-seq") {
                    // The stream's items: declared so callers can decode with `asDecodedServerSentEventsWithJSONData(of:)`.
                    _ = types.usage(schema, in: bodyDecl, as: Naming.typeName(caseName) + "Payload")
                }
            }
            return OperationPlan.Content(caseName: caseName, mediaType: content.mediaType, kind: kind, type: type)
        }
    }

    static func kind(_ mediaType: String) -> OperationPlan.ContentKind {
        if mediaType == "application/json" || (mediaType.hasSuffix("+json") && !mediaType.contains("seq")) || mediaType == "text/json" { return .json }
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

    static func escapedCase(_ name: String) -> String { name == "default" ? "`default`" : name }
}
