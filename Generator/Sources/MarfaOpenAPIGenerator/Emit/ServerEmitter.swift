/// Declares `registerHandlers(on:)` and, per response type, how a server writes it.
struct ServerEmitter {
    /// The namespace everything is in: empty, or the configuration's `namespace`.
    let root: [String]

    /// The operations served, and their protocol and registration names.
    var set: HandlerSet = .operations

    private var handlerProtocol: TypeName { TypeName(path: root + [set.protocolName]) }
    private let s = SwiftExpr.name("s")
    private let request = SwiftExpr.name("request")
    private let body = SwiftExpr.name("body")

    func registration(_ plans: [OperationPlan]) -> SwiftDecl {
        let runtime = { (name: String) in SwiftType.runtime(name) }
        let rootURL = SwiftExpr.type(.foundation("URL")).call(SwiftArgument("string", .string("/"))).forceUnwrapped
        let registrar = SwiftExpr.type(runtime("ServerRegistrar")).call(
            ["serverURL", "configuration", "middlewares"].map { SwiftArgument($0, .name($0)) })
        let function = SwiftFunction(
            kind: .function(set.registerFunction),
            doc: set.registrationDoc,
            parameters: [
                SwiftParameter("transport", .existential(runtime("ServerTransport")), label: .custom("on")),
                SwiftParameter("serverURL", .foundation("URL"), default: rootURL),
                SwiftParameter("configuration", runtime("Configuration"), default: .initialized),
                SwiftParameter("middlewares", .array(.existential(runtime("ServerMiddleware"))), default: .array([])),
            ],
            isThrowing: true,
            // With no operations to register, the registrar is still made (it checks `serverURL`) but not named,
            // so the output builds without an "unused value" warning.
            body: [
                .binding(constant: true, name: .single(plans.isEmpty ? "_" : "registrar"), type: nil, value: registrar)
            ]
                + plans.map { plan in
                    .expression(
                        SwiftExpr.name(registerName(plan)).call(
                            SwiftArgument("on", .name("transport")), SwiftArgument(.name("registrar"))
                        ).tried)
                })
        return .type(.extension(handlerProtocol, members: [.function(function)]))
    }

    private func registerName(_ plan: OperationPlan) -> String {
        set.helperPrefix + plan.methodName.trimmingCharacters(in: "`")
    }

    /// `_register_<method>`: reads a request into the Input, calls the API, writes the Output.
    func handler(_ plan: OperationPlan) -> SwiftDecl {
        var statements: [SwiftStatement] = []
        if !plan.queryParameters.isEmpty {
            statements.append(
                .binding(
                    constant: true, name: .single("pairs"), type: nil,
                    value: s.dot("queryPairs").call(SwiftArgument(request))))
        }
        var arguments: [SwiftArgument] = []
        for (location, group, member) in OperationPlan.parameterGroups {
            let parameters = plan.parameters.filter { $0.location == location }
            var values = parameters.map { SwiftArgument($0.argumentName, read($0, plan: plan)) }
            if location == .header, let accept = plan.accept {
                values.append(
                    SwiftArgument(
                        OperationBuilder.acceptMember,
                        s.dot("accept").call(SwiftArgument(request), SwiftArgument("as", .metatype(.named(accept))))))
            }
            guard !values.isEmpty else { continue }
            let type = SwiftExpr.type(.named(plan.inputType.nested(group)))
            statements.append(.binding(constant: true, name: .single(member), type: nil, value: type.call(values)))
            arguments.append(SwiftArgument(member, .name(member)))
        }
        if plan.hasBody {
            statements += readBody(plan)
            arguments.append(SwiftArgument("body", .name("inputBody")))
        }
        statements.append(
            .binding(
                constant: true, name: .single("input"), type: nil,
                value: SwiftExpr.type(.named(plan.inputType)).call(arguments)))
        statements.append(outputSwitch(plan))
        let register = SwiftExpr.name("registrar").dot("register")
        let registration = SwiftExpr.trailingClosure(
            register,
            [
                SwiftArgument("on", .name("transport")),
                SwiftArgument(
                    SwiftExpr.implicitMember("init").call(
                        SwiftArgument("rawValue", .string(plan.operation.method.uppercased())))),
                SwiftArgument(.string(plan.operation.path)),
                SwiftArgument("operationID", SwiftExpr.type(.named(plan.qualifiedName)).dot("id")),
            ], SwiftClosure(parameters: ["request", "body", "metadata", "s"], body: statements))
        let function = SwiftFunction(
            kind: .function(registerName(plan)), access: .omitted,
            parameters: [
                SwiftParameter("transport", .existential(.runtime("ServerTransport")), label: .custom("on")),
                SwiftParameter("registrar", .runtime("ServerRegistrar"), label: .none),
            ],
            isThrowing: true, body: [.expression(registration.tried)])
        return .type(.extension(handlerProtocol, members: [.function(function)]))
    }

    /// How a parameter is read from the request.
    private func read(_ p: OperationPlan.Parameter, plan: OperationPlan) -> SwiftExpr {
        let value = readValue(p, plan: plan)
        // An optional parameter left out takes its default.
        return p.defaultValue.map { .binary(value, .nilCoalescing, $0) } ?? value
    }

    private func readValue(_ p: OperationPlan.Parameter, plan: OperationPlan) -> SwiftExpr {
        let name = SwiftArgument(.string(p.name))
        let type = SwiftArgument("as", .metatype(p.type))
        let style = SwiftArgument("style", .implicitMember(p.style))
        let explode = SwiftArgument("explode", .bool(p.explode))
        let shape = SwiftArgument("shape", .implicitMember(p.shape.name))
        switch p.location {
        case .path:
            return s.dot("path").call(SwiftArgument(.name("metadata")), name, type, style, explode, shape).tried
        case .query:
            var arguments = [SwiftArgument(.name("pairs")), name, type, style, explode, shape]
            if p.shape == .object && p.explode && p.style == "form" {
                arguments.append(SwiftArgument("knownNames", .array(plan.queryParameters.map { .string($0.name) })))
            }
            return s.dot(p.required ? "requiredQuery" : "query").call(arguments).tried
        case .header:
            return s.dot(p.required ? "requiredHeader" : "header").call(
                SwiftArgument(request), name, type, explode, shape
            ).tried
        case .cookie:
            return s.dot(p.required ? "requiredCookie" : "cookie").call(
                SwiftArgument(request), name, type, explode, shape
            ).tried
        }
    }

    /// `inputBody`, read as the content type the request names; nil for an optional body not sent.
    private func readBody(_ plan: OperationPlan) -> [SwiftStatement] {
        let bodyType = SwiftType.named(plan.inputType.nested("Body"))
        let branches = plan.bodyContents.map { content -> (condition: SwiftIf.Condition, body: [SwiftStatement]) in
            let value: SwiftExpr
            switch content.kind {
            case .json:
                value = s.dot("json").call(SwiftArgument(.metatype(content.type)), SwiftArgument(body)).triedAwaiting
            case .form:
                value = s.dot("form").call(SwiftArgument(.metatype(content.type)), SwiftArgument(body)).triedAwaiting
            case .multipart: value = s.dot("multipart").call(SwiftArgument(request), SwiftArgument(body)).triedAwaiting
            case .raw: value = s.dot("raw").call(SwiftArgument(body))
            }
            let matches = s.dot("matches").call(SwiftArgument(request), SwiftArgument(.string(content.pattern)))
            return (
                .expression(matches),
                [.assign(.name("inputBody"), SwiftExpr.implicitMember(content.caseName).call(SwiftArgument(value)))]
            )
        }
        var chain = SwiftIf(
            branches: branches, elseBody: [.throw(s.dot("unexpectedContent").call(SwiftArgument(request)))])
        if !plan.bodyRequired {
            let absent = SwiftExpr.binary(
                .binary(body, .equal, .literal(.nil)), .or,
                .binary(.subscript(request.dot("headerFields"), .string("Content-Type")), .equal, .literal(.nil)))
            chain = SwiftIf(
                branches: [(.expression(absent), [.assign(.name("inputBody"), .literal(.nil))])], elseBody: [.if(chain)]
            )
        }
        return [
            .binding(
                constant: true, name: .single("inputBody"), type: plan.bodyRequired ? bodyType : .optional(bodyType),
                value: nil), .if(chain),
        ]
    }

    /// `switch try await self.<method>(input)`: each case's value written with its status.
    private func outputSwitch(_ plan: OperationPlan) -> SwiftStatement {
        var cases: [SwiftSwitchCase] = plan.responses.map { r in
            let ranged = r.isRange || r.isDefault
            let status: SwiftExpr = ranged ? .name("statusCode") : .literal(.integer(r.status))
            return SwiftSwitchCase(
                patterns: [.enumCase(r.caseName, bindings: ranged ? ["statusCode", "value"] : ["value"])],
                body: [
                    .return(
                        SwiftExpr.name("value").dot("encoded").call(SwiftArgument(s), SwiftArgument("status", status))
                            .tried)
                ])
        }
        let response = SwiftExpr.type(.runtime("HTTPResponse")).call(
            SwiftArgument("status", .name("statusCode")),
            SwiftArgument("headerFields", SwiftExpr.name("payload").dot("headerFields")))
        cases.append(
            SwiftSwitchCase(
                patterns: [.enumCase("undocumented", bindings: ["statusCode", "payload"])],
                body: [.return(.tuple([response, SwiftExpr.name("payload").dot("body")]))]))
        let call = SwiftExpr.name("self").dot(plan.methodName).call(SwiftArgument(.name("input"))).triedAwaiting
        return .switch(call, cases)
    }

    /// `func encoded(...)` for a response type: its headers and body written into a response.
    func encoder(_ responseType: OperationPlan.ResponseType) -> SwiftDecl {
        let response = SwiftExpr.name("response")
        var statements: [SwiftStatement] = [
            .binding(
                constant: responseType.headers.isEmpty && responseType.contents.isEmpty, name: .single("response"),
                type: nil,
                value: SwiftExpr.type(.runtime("HTTPResponse")).call(SwiftArgument("status", .name("status"))))
        ]
        for h in responseType.headers {
            statements.append(
                .expression(
                    s.dot("header").call(
                        SwiftArgument(.addressOf(response)), SwiftArgument(.string(h.name)),
                        SwiftArgument(SwiftExpr.name("headers").dot(h.swiftName)),
                        SwiftArgument("explode", .bool(h.explode))
                    ).tried))
        }
        if responseType.contents.isEmpty {
            statements.append(.return(.tuple([response, .literal(.nil)])))
        } else {
            statements.append(.binding(constant: true, name: .single("encoded"), type: .httpBody, value: nil))
            statements.append(
                .switch(
                    body,
                    responseType.contents.map { content in
                        SwiftSwitchCase(
                            patterns: [.enumCase(content.caseName, bindings: ["value"])],
                            body: [.assign(.name("encoded"), encoded(content))])
                    }))
            statements.append(.return(.tuple([response, .name("encoded")])))
        }
        let function = SwiftFunction(
            kind: .function("encoded"), access: .omitted,
            parameters: [SwiftParameter("s", .runtime("ServerCall"), label: .none), SwiftParameter("status", .int)],
            isThrowing: true, returnType: .tuple([.runtime("HTTPResponse"), .optional(.httpBody)]), body: statements)
        return .type(.extension(responseType.qualifiedName, members: [.function(function)]))
    }

    private func encoded(_ content: OperationPlan.Content) -> SwiftExpr {
        let mediaType = content.mediaType == "*/*" ? "application/octet-stream" : content.mediaType
        let arguments = [
            SwiftArgument(.addressOf(.name("response"))), SwiftArgument(.name("value")),
            SwiftArgument("contentType", .string(mediaType)),
        ]
        switch content.kind {
        case .json: return s.dot("json").call(arguments).tried
        case .form: return s.dot("form").call(arguments).tried
        case .multipart: return s.dot("multipart").call(arguments)
        case .raw: return s.dot("raw").call(arguments)
        }
    }
}
