/// Writes the `Client` and, per response type, how the client reads it.
struct ClientEmitter {
    let access: String
    let root: String

    func clientStruct(conformsToAPI: Bool) -> String {
        var w = SwiftWriter()
        w.doc(["Makes the document's operations over a `ClientTransport`, one method per operation ID."])
        w.open("\(access) struct Client\(conformsToAPI ? ": \(root)APIProtocol" : ": Swift.Sendable")")
        w.line("let client: MarfaOpenAPIRuntime.UniversalClient")
        w.doc(["A client for the server at `serverURL`, sending through `transport` after `middlewares`, first to last."])
        w.open("\(access) init(serverURL: Foundation.URL, configuration: MarfaOpenAPIRuntime.Configuration = .init(), transport: any MarfaOpenAPIRuntime.ClientTransport, middlewares: [any MarfaOpenAPIRuntime.ClientMiddleware] = [])")
        w.line("self.client = MarfaOpenAPIRuntime.UniversalClient(serverURL: serverURL, configuration: configuration, transport: transport, middlewares: middlewares)")
        w.close()
        w.close()
        return w.text
    }

    func method(_ plan: OperationPlan) -> String {
        var w = SwiftWriter()
        w.open("extension \(root)Client")
        w.doc(Doc.lines(plan.operation.summary) + ["- Remark: `\(plan.operation.method.uppercased()) \(plan.operation.path)`"])
        if plan.operation.deprecated { w.line("@available(*, deprecated)") }
        w.open("\(access) func \(plan.methodName)(_ input: \(plan.qualifiedName).Input) async throws -> \(plan.qualifiedName).Output")
        w.line("let c = client.call(\(plan.qualifiedName).id)")
        var path = ""
        var index = 0
        var templatePart = ""
        var inBrace = false
        for char in plan.operation.path {
            if char == "{" {
                path += escape(templatePart)
                templatePart = ""
                inBrace = true
            } else if char == "}" && inBrace {
                if let parameter = plan.pathParameters.first(where: { $0.name == templatePart }) {
                    w.line("let p\(index) = try c.path(input.path.\(parameter.swiftName), name: \(Naming.literal(parameter.name)), style: .\(parameter.style), explode: \(parameter.explode))")
                    path += "\\(p\(index))"
                    index += 1
                }
                templatePart = ""
                inBrace = false
            } else {
                templatePart.append(char)
            }
        }
        path += escape(templatePart)
        w.line("var request = MarfaOpenAPIRuntime.HTTPRequest(method: .init(rawValue: \(Naming.literal(plan.operation.method.uppercased()))), path: \"\(path)\")")
        for p in plan.queryParameters {
            w.line("try c.query(&request, \(Naming.literal(p.name)), input.query.\(p.swiftName), style: .\(p.style), explode: \(p.explode)\(p.allowReserved ? ", allowReserved: true" : ""))")
        }
        for p in plan.headerParameters {
            w.line("try c.header(&request, \(Naming.literal(p.name)), input.headers.\(p.swiftName), explode: \(p.explode))")
        }
        for p in plan.cookieParameters {
            w.line("try c.cookie(&request, \(Naming.literal(p.name)), input.cookies.\(p.swiftName), explode: \(p.explode))")
        }
        if let accept = plan.accept { w.line("request.headerFields[\"Accept\"] = \(Naming.literal(accept))") }
        if plan.hasBody {
            w.line("var body: MarfaOpenAPIRuntime.HTTPBody? = nil")
            w.open(plan.bodyRequired ? "switch input.body" : "switch input.body")
            for content in plan.bodyContents {
                let pattern = plan.bodyRequired ? ".\(content.caseName)(let value)" : ".some(.\(content.caseName)(let value))"
                w.line("case \(pattern): body = \(encode(content, "request"))")
            }
            if !plan.bodyRequired { w.line("case .none: break") }
            w.close()
            w.line("let (response, responseBody) = try await c.send(request, body)")
        } else {
            w.line("let (response, responseBody) = try await c.send(request, nil)")
        }
        let exact = plan.responses.filter { !$0.isRange && !$0.isDefault }
        let ranges = plan.responses.filter(\.isRange)
        let fallback = plan.responses.first(where: \.isDefault)
        w.open("switch response.status")
        for r in exact {
            w.line("case \(r.status): return .\(r.caseName)(try await \(r.typeName).decoded(c, response, responseBody))")
        }
        for r in ranges {
            let first = r.status.prefix(1)
            w.line("case \(first)00...\(first)99: return .\(r.caseName)(statusCode: response.status, try await \(r.typeName).decoded(c, response, responseBody))")
        }
        if let fallback {
            w.line("default: return .`default`(statusCode: response.status, try await \(fallback.typeName).decoded(c, response, responseBody))")
        } else {
            w.line("default: return .undocumented(statusCode: response.status, MarfaOpenAPIRuntime.UndocumentedPayload(headerFields: response.headerFields, body: responseBody))")
        }
        w.close()
        w.close()
        w.close()
        return w.text
    }

    private func escape(_ text: String) -> String {
        String(Naming.literal(text).dropFirst().dropLast())
    }

    private func encode(_ content: OperationPlan.Content, _ request: String) -> String {
        let mediaType = Naming.literal(content.mediaType)
        switch content.kind {
        case .json: return "try c.json(&\(request), value, contentType: \(mediaType))"
        case .form: return "try c.form(&\(request), value, contentType: \(mediaType))"
        case .multipart: return "c.multipart(&\(request), value, contentType: \(mediaType))"
        case .raw: return "c.raw(&\(request), value, contentType: \(mediaType))"
        }
    }

    /// `static func decoded(...)` for a response type.
    func decoder(_ response: OperationPlan.ResponseType) -> String {
        var w = SwiftWriter()
        w.open("extension \(response.qualifiedName)")
        w.open("static func decoded(_ c: MarfaOpenAPIRuntime.ClientCall, _ response: MarfaOpenAPIRuntime.HTTPResponse, _ body: MarfaOpenAPIRuntime.HTTPBody?) async throws -> Self")
        var arguments: [String] = []
        if !response.headers.isEmpty {
            let values = response.headers.map { h in
                "\(h.swiftName): try c.\(h.required ? "requiredHeader" : "header")(response, \(Naming.literal(h.name)), as: \(h.type).self, explode: \(h.explode), shape: .\(h.shape))"
            }
            w.line("let headers = Headers(\(values.joined(separator: ", ")))")
            arguments.append("headers: headers")
        }
        if !response.contents.isEmpty {
            let ordered = response.contents.sorted { specificity($0.mediaType) > specificity($1.mediaType) }
            w.line("let decodedBody: Body")
            for (index, content) in ordered.enumerated() {
                w.line("\(index == 0 ? "if" : "} else if") c.matches(response, \(Naming.literal(content.mediaType))) {")
                w.indent()
                switch content.kind {
                case .json: w.line("decodedBody = .\(content.caseName)(try await c.json(\(content.type).self, response, body))")
                case .form: w.line("decodedBody = .\(content.caseName)(try await c.form(\(content.type).self, response, body))")
                case .multipart: w.line("decodedBody = .\(content.caseName)(try await c.multipart(response, body))")
                case .raw: w.line("decodedBody = .\(content.caseName)(c.raw(body))")
                }
                w.dedent()
            }
            w.line("} else {")
            w.line("    throw c.unexpectedContent(response)")
            w.line("}")
            arguments.append("body: decodedBody")
        }
        w.line("return Self(\(arguments.joined(separator: ", ")))")
        w.close()
        w.close()
        return w.text
    }

    private func specificity(_ mediaType: String) -> Int {
        mediaType == "*/*" ? 0 : mediaType.hasSuffix("/*") ? 1 : 2
    }
}
