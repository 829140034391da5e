/// Writes `registerHandlers(on:)` and, per response type, how a server writes it.
struct ServerEmitter {
    let access: String
    let root: String

    func registration(_ plans: [OperationPlan]) -> String {
        var w = SwiftWriter()
        w.open("extension \(root)APIProtocol")
        w.doc([
            "Serves every operation on `transport`: each request is read into the operation's `Input`,",
            "passed to this API, and its `Output` written back, behind `middlewares`, first to last.",
        ])
        w.open("\(access) func registerHandlers(on transport: any MarfaOpenAPIRuntime.ServerTransport, serverURL: Foundation.URL = Foundation.URL(string: \"/\")!, configuration: MarfaOpenAPIRuntime.Configuration = .init(), middlewares: [any MarfaOpenAPIRuntime.ServerMiddleware] = []) throws")
        w.line("let registrar = MarfaOpenAPIRuntime.ServerRegistrar(serverURL: serverURL, configuration: configuration, middlewares: middlewares)")
        for plan in plans { w.line("try _register_\(plan.methodName.trimmingCharacters(in: "`"))(on: transport, registrar)") }
        w.close()
        w.close()
        return w.text
    }

    func handler(_ plan: OperationPlan) -> String {
        var w = SwiftWriter()
        let q = plan.qualifiedName
        w.open("extension \(root)APIProtocol")
        w.open("func _register_\(plan.methodName.trimmingCharacters(in: "`"))(on transport: any MarfaOpenAPIRuntime.ServerTransport, _ registrar: MarfaOpenAPIRuntime.ServerRegistrar) throws")
        w.line("try registrar.register(on: transport, .init(rawValue: \(Naming.literal(plan.operation.method.uppercased()))), \(Naming.literal(plan.operation.path)), operationID: \(q).id) { request, body, metadata, s in")
        w.indent()
        if !plan.queryParameters.isEmpty { w.line("let pairs = s.queryPairs(request)") }
        var arguments: [String] = []
        for (location, group, member) in OperationPlan.parameterGroups {
            let parameters = plan.parameters.filter { $0.location == location }
            guard !parameters.isEmpty else { continue }
            let known = "[" + plan.queryParameters.map { Naming.literal($0.name) }.joined(separator: ", ") + "]"
            let values = parameters.map { p -> String in
                let req = p.required
                switch location {
                case .path:
                    return "\(p.swiftName): try s.path(metadata, \(Naming.literal(p.name)), as: \(p.type).self, style: .\(p.style), explode: \(p.explode), shape: .\(p.shape))"
                case .query:
                    return "\(p.swiftName): try s.\(req ? "requiredQuery" : "query")(pairs, \(Naming.literal(p.name)), as: \(p.type).self, style: .\(p.style), explode: \(p.explode), shape: .\(p.shape)\(p.shape == .object && p.explode && p.style == "form" ? ", knownNames: \(known)" : ""))"
                case .header:
                    return "\(p.swiftName): try s.\(req ? "requiredHeader" : "header")(request, \(Naming.literal(p.name)), as: \(p.type).self, explode: \(p.explode), shape: .\(p.shape))"
                case .cookie:
                    return "\(p.swiftName): try s.\(req ? "requiredCookie" : "cookie")(request, \(Naming.literal(p.name)), as: \(p.type).self, explode: \(p.explode), shape: .\(p.shape))"
                }
            }
            w.line("let \(member) = \(q).Input.\(group)(\(values.joined(separator: ", ")))")
            arguments.append("\(member): \(member)")
        }
        if plan.hasBody {
            w.line("let inputBody: \(q).Input.Body\(plan.bodyRequired ? "" : "?")")
            let ordered = plan.bodyContents
            if !plan.bodyRequired {
                w.line("if body == nil || request.headerFields[\"Content-Type\"] == nil {")
                w.line("    inputBody = nil")
                w.line("} else")
            }
            for (index, content) in ordered.enumerated() {
                w.line("\(index == 0 ? "if" : "} else if") s.matches(request, \(Naming.literal(content.mediaType))) {")
                w.indent()
                switch content.kind {
                case .json: w.line("inputBody = .\(content.caseName)(try await s.json(\(content.type).self, body))")
                case .form: w.line("inputBody = .\(content.caseName)(try await s.form(\(content.type).self, body))")
                case .multipart: w.line("inputBody = .\(content.caseName)(try await s.multipart(request, body))")
                case .raw: w.line("inputBody = .\(content.caseName)(s.raw(body))")
                }
                w.dedent()
            }
            w.line("} else {")
            w.line("    throw s.unexpectedContent(request)")
            w.line("}")
            arguments.append("body: inputBody")
        }
        w.line("let input = \(q).Input(\(arguments.joined(separator: ", ")))")
        w.open("switch try await self.\(plan.methodName)(input)")
        for r in plan.responses {
            if r.isRange || r.isDefault {
                w.line("case .\(r.caseName)(let statusCode, let value): return try value.encoded(s, status: statusCode)")
            } else {
                w.line("case .\(r.caseName)(let value): return try value.encoded(s, status: \(r.status))")
            }
        }
        w.line("case .undocumented(let statusCode, let payload): return (MarfaOpenAPIRuntime.HTTPResponse(status: statusCode, headerFields: payload.headerFields), payload.body)")
        w.close()
        w.close()
        w.close()
        w.close()
        return w.text
    }

    /// `func encoded(...)` for a response type.
    func encoder(_ response: OperationPlan.ResponseType) -> String {
        var w = SwiftWriter()
        w.open("extension \(response.qualifiedName)")
        w.open("func encoded(_ s: MarfaOpenAPIRuntime.ServerCall, status: Swift.Int) throws -> (MarfaOpenAPIRuntime.HTTPResponse, MarfaOpenAPIRuntime.HTTPBody?)")
        w.line("\(response.headers.isEmpty && response.contents.isEmpty ? "let" : "var") response = MarfaOpenAPIRuntime.HTTPResponse(status: status)")
        for h in response.headers {
            w.line("try s.header(&response, \(Naming.literal(h.name)), headers.\(h.swiftName), explode: \(h.explode))")
        }
        if response.contents.isEmpty {
            w.line("return (response, nil)")
        } else {
            w.line("let encoded: MarfaOpenAPIRuntime.HTTPBody")
            w.open("switch body")
            for content in response.contents {
                let mediaType = Naming.literal(content.mediaType == "*/*" ? "application/octet-stream" : content.mediaType)
                switch content.kind {
                case .json: w.line("case .\(content.caseName)(let value): encoded = try s.json(&response, value, contentType: \(mediaType))")
                case .form: w.line("case .\(content.caseName)(let value): encoded = try s.form(&response, value, contentType: \(mediaType))")
                case .multipart: w.line("case .\(content.caseName)(let value): encoded = s.multipart(&response, value, contentType: \(mediaType))")
                case .raw: w.line("case .\(content.caseName)(let value): encoded = s.raw(&response, value, contentType: \(mediaType))")
                }
            }
            w.close()
            w.line("return (response, encoded)")
        }
        w.close()
        w.close()
        return w.text
    }
}
