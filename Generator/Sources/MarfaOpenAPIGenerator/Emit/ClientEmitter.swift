/// Declares the `Client` and, per response type, how the client reads it.
struct ClientEmitter {
    /// The namespace everything is in: empty, or the configuration's `namespace`.
    let root: [String]

    private var clientType: TypeName { TypeName(path: root + ["Client"]) }
    private let c = SwiftExpr.name("c")
    private let request = SwiftExpr.name("request")
    private let response = SwiftExpr.name("response")

    func clientStruct(conformsToAPI: Bool) -> SwiftDecl {
        let runtime = { (name: String) in SwiftType.runtime(name) }
        let initializer = SwiftFunction(
            kind: .initializer,
            doc: [
                "A client for the server at `serverURL`, sending through `transport` after `middlewares`, first to last."
            ],
            parameters: [
                SwiftParameter("serverURL", .foundation("URL")),
                SwiftParameter("configuration", runtime("Configuration"), default: .initialized),
                SwiftParameter("transport", .existential(runtime("ClientTransport"))),
                SwiftParameter("middlewares", .array(.existential(runtime("ClientMiddleware"))), default: .array([])),
            ],
            body: [
                .assign(
                    .name("self").dot("client"),
                    SwiftExpr.type(runtime("UniversalClient")).call(
                        ["serverURL", "configuration", "transport", "middlewares"].map { SwiftArgument($0, .name($0)) })
                )
            ])
        return .type(
            SwiftTypeDecl(
                kind: .struct, name: TypeName("Client"),
                doc: ["Makes the document's operations over a `ClientTransport`, one method per operation ID."],
                conformances: [conformsToAPI ? .named(TypeName(path: root + ["APIProtocol"])) : .swift("Sendable")],
                members: [
                    .property(
                        SwiftProperty(
                            name: "client", access: .omitted, isConstant: true, type: runtime("UniversalClient"))),
                    .function(initializer),
                ]))
    }

    /// The operation's method on `Client`.
    func method(_ plan: OperationPlan) -> SwiftDecl {
        let function = SwiftFunction(
            kind: .function(plan.methodName),
            doc: Doc.lines(plan.operation.summary) + [
                "- Remark: `\(plan.operation.method.uppercased()) \(plan.operation.path)`"
            ],
            attributes: plan.operation.deprecated ? [.deprecated] : [],
            parameters: [SwiftParameter("input", .named(plan.inputType), label: .none)], isAsync: true,
            isThrowing: true,
            returnType: .named(plan.outputType),
            body: [
                .binding(
                    constant: true, name: .single("c"), type: nil,
                    value: SwiftExpr.name("client").dot("call").call(callArguments(plan)))
            ]
                + requestStatements(plan) + sendStatements(plan) + [responseSwitch(plan)])
        return .type(.extension(clientType, members: [.function(function)]))
    }

    /// The operation's ID and, for an operation with servers of its own, where it goes: the input's
    /// `serverURL`, else the first of them.
    private func callArguments(_ plan: OperationPlan) -> [SwiftArgument] {
        let operation = SwiftExpr.type(.named(plan.qualifiedName))
        guard !plan.operation.servers.isEmpty else { return [SwiftArgument(operation.dot("id"))] }
        let own = operation.dot("Servers").dot("Server1").dot("url").call()
        return [
            SwiftArgument(operation.dot("id")),
            SwiftArgument("serverURL", .binary(SwiftExpr.name("input").dot("serverURL"), .nilCoalescing, own).tried),
        ]
    }

    /// The path with its parameters written in, the request, and its query, header and cookie parameters.
    private func requestStatements(_ plan: OperationPlan) -> [SwiftStatement] {
        var statements: [SwiftStatement] = []
        var parts: [SwiftInterpolation] = []
        for piece in PathTemplate.pieces(plan.operation.path) {
            switch piece {
            case .text(let text): parts.append(.text(text))
            case .parameter(let name):
                guard let parameter = plan.pathParameters.first(where: { $0.name == name }) else { continue }
                let value = "p\(statements.count)"
                statements.append(
                    .binding(
                        constant: true, name: .single(value), type: nil,
                        value: c.dot("path").call(
                            SwiftArgument(SwiftExpr.name("input").dot("path").dot(parameter.swiftName)),
                            SwiftArgument("name", .string(parameter.name)),
                            SwiftArgument("style", .implicitMember(parameter.style)),
                            SwiftArgument("explode", .bool(parameter.explode))
                        ).tried))
                parts.append(.value(.name(value)))
            }
        }
        let method = SwiftExpr.implicitMember("init").call(
            SwiftArgument("rawValue", .string(plan.operation.method.uppercased())))
        statements.append(
            .binding(
                constant: !writesIntoRequest(plan), name: .single("request"), type: nil,
                value: SwiftExpr.type(.runtime("HTTPRequest")).call(
                    SwiftArgument("method", method), SwiftArgument("path", .interpolated(parts)))))
        for p in plan.queryParameters {
            var arguments = [
                SwiftArgument(.addressOf(request)), SwiftArgument(.string(p.name)),
                SwiftArgument(SwiftExpr.name("input").dot("query").dot(p.swiftName)),
                SwiftArgument("style", .implicitMember(p.style)), SwiftArgument("explode", .bool(p.explode)),
            ]
            if p.allowReserved { arguments.append(SwiftArgument("allowReserved", .bool(true))) }
            statements.append(.expression(c.dot("query").call(arguments).tried))
        }
        for (parameters, method, group) in [
            (plan.headerParameters, "header", "headers"), (plan.cookieParameters, "cookie", "cookies"),
        ] {
            for p in parameters {
                statements.append(
                    .expression(
                        c.dot(method).call(
                            SwiftArgument(.addressOf(request)), SwiftArgument(.string(p.name)),
                            SwiftArgument(SwiftExpr.name("input").dot(group).dot(p.swiftName)),
                            SwiftArgument("explode", .bool(p.explode))
                        ).tried))
            }
        }
        if plan.accept != nil {
            statements.append(
                .expression(
                    c.dot("accept").call(
                        SwiftArgument(.addressOf(request)),
                        SwiftArgument(SwiftExpr.name("input").dot("headers").dot(OperationBuilder.acceptMember)))))
        }
        return statements
    }

    /// Whether anything is written into the request after it is made (parameters, `Accept`, a body):
    /// a request nothing writes into is bound with `let`, so the output builds without warnings.
    private func writesIntoRequest(_ plan: OperationPlan) -> Bool {
        !plan.queryParameters.isEmpty || !plan.headerParameters.isEmpty || !plan.cookieParameters.isEmpty
            || plan.accept != nil || plan.hasBody
    }

    /// The body written into the request, and the call that sends it.
    private func sendStatements(_ plan: OperationPlan) -> [SwiftStatement] {
        let received = SwiftBindingName.tuple(["response", "responseBody"])
        guard plan.hasBody else {
            return [
                .binding(
                    constant: true, name: received, type: nil,
                    value: c.dot("send").call(SwiftArgument(request), SwiftArgument(.literal(.nil))).triedAwaiting)
            ]
        }
        var cases = plan.bodyContents.map { content in
            let pattern = SwiftPattern.enumCase(content.caseName, bindings: ["value"])
            return SwiftSwitchCase(
                patterns: [plan.bodyRequired ? pattern : .some(pattern)],
                body: [.assign(.name("body"), encoded(content))])
        }
        if !plan.bodyRequired { cases.append(SwiftSwitchCase(patterns: [.none], body: [.break])) }
        return [
            .binding(constant: false, name: .single("body"), type: .optional(.httpBody), value: .literal(.nil)),
            .switch(SwiftExpr.name("input").dot("body"), cases),
            .binding(
                constant: true, name: received, type: nil,
                value: c.dot("send").call(SwiftArgument(request), SwiftArgument(.name("body"))).triedAwaiting),
        ]
    }

    private func encoded(_ content: OperationPlan.Content) -> SwiftExpr {
        let arguments = [
            SwiftArgument(.addressOf(request)), SwiftArgument(.name("value")),
            SwiftArgument("contentType", .string(content.mediaType)),
        ]
        switch content.kind {
        case .json: return c.dot("json").call(arguments).tried
        case .form: return c.dot("form").call(arguments).tried
        case .multipart: return c.dot("multipart").call(arguments)
        case .raw: return c.dot("raw").call(arguments)
        }
    }

    /// `switch response.status.code`: a case per documented status, then `default` or `undocumented`.
    private func responseSwitch(_ plan: OperationPlan) -> SwiftStatement {
        let status = response.dot("status").dot("code")
        func decoded(_ type: TypeName) -> SwiftExpr {
            SwiftExpr.type(.named(type)).dot("decoded").call(
                SwiftArgument(c), SwiftArgument(response), SwiftArgument(.name("responseBody"))
            ).triedAwaiting
        }
        var cases: [SwiftSwitchCase] = []
        for r in plan.responses where !r.isRange && !r.isDefault {
            cases.append(
                SwiftSwitchCase(
                    patterns: [.value(.literal(.integer(r.status)))],
                    body: [.return(SwiftExpr.implicitMember(r.caseName).call(SwiftArgument(decoded(r.typeName))))]))
        }
        for r in plan.responses where r.isRange {
            let first = String(r.status.prefix(1))
            cases.append(
                SwiftSwitchCase(
                    patterns: [
                        .value(
                            .binary(.literal(.integer(first + "00")), .closedRange, .literal(.integer(first + "99"))))
                    ],
                    body: [
                        .return(
                            SwiftExpr.implicitMember(r.caseName).call(
                                SwiftArgument("statusCode", status), SwiftArgument(decoded(r.typeName))))
                    ]))
        }
        let fallback: SwiftExpr
        if let r = plan.responses.first(where: \.isDefault) {
            fallback = SwiftExpr.implicitMember("default").call(
                SwiftArgument("statusCode", status), SwiftArgument(decoded(r.typeName)))
        } else {
            let payload = SwiftExpr.type(.runtime("UndocumentedPayload")).call(
                SwiftArgument("headerFields", response.dot("headerFields")),
                SwiftArgument("body", .name("responseBody")))
            fallback = SwiftExpr.implicitMember("undocumented").call(
                SwiftArgument("statusCode", status), SwiftArgument(payload))
        }
        cases.append(SwiftSwitchCase(patterns: [], body: [.return(fallback)]))
        return .switch(status, cases)
    }

    /// `static func decoded(...)` for a response type: its headers and body read from a response.
    func decoder(_ responseType: OperationPlan.ResponseType) -> SwiftDecl {
        var body: [SwiftStatement] = []
        var arguments: [SwiftArgument] = []
        if responseType.headersType != nil {
            let read = SwiftExpr.name("Headers").dot("decoded").call(SwiftArgument(c), SwiftArgument(response)).tried
            body.append(
                .binding(constant: true, name: .single("headers"), type: .named(TypeName("Headers")), value: read))
            arguments.append(SwiftArgument("headers", .name("headers")))
        }
        if !responseType.contents.isEmpty {
            body.append(
                .binding(constant: true, name: .single("decodedBody"), type: .named(TypeName("Body")), value: nil))
            body.append(.if(bodyChain(responseType.contents)))
            arguments.append(SwiftArgument("body", .name("decodedBody")))
        }
        body.append(.return(SwiftExpr.type(.self).call(arguments)))
        let function = SwiftFunction(
            kind: .function("decoded"), access: .omitted, isStatic: true,
            parameters: [
                SwiftParameter("c", .runtime("ClientCall"), label: .none),
                SwiftParameter("response", .runtime("HTTPResponse"), label: .none),
                SwiftParameter("body", .optional(.httpBody), label: .none),
            ],
            isAsync: true, isThrowing: true, returnType: .self, body: body)
        return .type(.extension(responseType.qualifiedName, members: [.function(function)]))
    }

    /// `static func decoded(...)` for a response `Headers` struct, shared by every response with those headers.
    func headersDecoder(_ type: TypeName, _ headers: [OperationPlan.Header]) -> SwiftDecl {
        let values = headers.map { h in
            SwiftArgument(
                h.swiftName,
                c.dot(h.required ? "requiredHeader" : "header").call(
                    SwiftArgument(response), SwiftArgument(.string(h.name)), SwiftArgument("as", .metatype(h.type)),
                    SwiftArgument("explode", .bool(h.explode)), SwiftArgument("shape", .implicitMember(h.shape.name))
                ).tried)
        }
        let function = SwiftFunction(
            kind: .function("decoded"), access: .omitted, isStatic: true,
            parameters: [
                SwiftParameter("c", .runtime("ClientCall"), label: .none),
                SwiftParameter("response", .runtime("HTTPResponse"), label: .none),
            ],
            isThrowing: true, returnType: .self, body: [.return(SwiftExpr.type(.self).call(values))])
        return .type(.extension(type, members: [.function(function)]))
    }

    /// The body read as the first content type the response matches, most specific first.
    private func bodyChain(_ contents: [OperationPlan.Content]) -> SwiftIf {
        let ordered = contents.sorted { specificity($0.pattern) > specificity($1.pattern) }
        let branches = ordered.map { content -> (condition: SwiftIf.Condition, body: [SwiftStatement]) in
            let value: SwiftExpr
            switch content.kind {
            case .json:
                value =
                    c.dot("json").call(
                        SwiftArgument(.metatype(content.type)), SwiftArgument(response), SwiftArgument(.name("body"))
                    ).triedAwaiting
            case .form:
                value =
                    c.dot("form").call(
                        SwiftArgument(.metatype(content.type)), SwiftArgument(response), SwiftArgument(.name("body"))
                    ).triedAwaiting
            case .multipart:
                value = c.dot("multipart").call(SwiftArgument(response), SwiftArgument(.name("body"))).triedAwaiting
            case .raw: value = c.dot("raw").call(SwiftArgument(.name("body")))
            }
            let matches = c.dot("matches").call(SwiftArgument(response), SwiftArgument(.string(content.pattern)))
            return (
                .expression(matches),
                [.assign(.name("decodedBody"), SwiftExpr.implicitMember(content.caseName).call(SwiftArgument(value)))]
            )
        }
        return SwiftIf(branches: branches, elseBody: [.throw(c.dot("unexpectedContent").call(SwiftArgument(response)))])
    }

    private func specificity(_ mediaType: String) -> Int {
        mediaType == "*/*" ? 0 : mediaType.hasSuffix("/*") ? 1 : 2
    }
}
