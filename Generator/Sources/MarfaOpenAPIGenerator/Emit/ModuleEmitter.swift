/// Declares what frames the generated types: the namespaces the rest extends, `APIProtocol`, and
/// its shorthand overloads.
struct ModuleEmitter {
    /// The namespace everything is in: empty, or the configuration's `namespace`.
    let root: [String]

    /// Wraps `decls` in `extension <namespace>` when there is one.
    func inRoot(_ decls: [SwiftDecl]) -> [SwiftDecl] {
        root.isEmpty ? decls : [.type(.extension(TypeName(path: root), members: decls))]
    }

    /// The configuration's namespace enum itself.
    func namespace() -> [SwiftDecl] {
        root.isEmpty
            ? [] : [.type(SwiftTypeDecl(kind: .enum(indirect: false), name: TypeName(path: root), isPlaceholder: true))]
    }

    /// `Components` with its member namespaces, `Operations`, and `Webhooks` when the document has
    /// any, which other chunks extend.
    func namespaces(webhooks: Bool) -> [SwiftDecl] {
        let parts = ["Schemas", "Parameters", "RequestBodies", "Responses", "Headers"].map { name in
            SwiftDecl.type(SwiftTypeDecl(kind: .enum(indirect: false), name: TypeName(name), isPlaceholder: true))
        }
        var decls: [SwiftDecl] = [
            .type(.namespace("Components", members: parts)),
            .type(SwiftTypeDecl(kind: .enum(indirect: false), name: TypeName("Operations"), isPlaceholder: true)),
        ]
        if webhooks {
            decls.append(
                .type(
                    SwiftTypeDecl(
                        kind: .enum(indirect: false), name: TypeName("Webhooks"),
                        doc: [
                            "The document's webhooks, each with its `Input` and `Output`, received with `WebhookHandler`."
                        ], isPlaceholder: true)))
        }
        return inRoot(decls)
    }

    /// `APIProtocol`: a requirement per operation.
    func apiProtocol(_ plans: [OperationPlan]) -> [SwiftDecl] { handlerProtocol(plans, .operations) }

    /// The protocol of a handler set: a requirement per operation, taking its `Input` and answering its `Output`.
    func handlerProtocol(_ plans: [OperationPlan], _ set: HandlerSet) -> [SwiftDecl] {
        let requirements = plans.map { plan in
            SwiftDecl.function(
                SwiftFunction(
                    kind: .function(plan.methodName), doc: Doc.lines(plan.operation.summary), access: .omitted,
                    parameters: [SwiftParameter("input", .named(plan.inputType), label: .none)], isAsync: true,
                    isThrowing: true,
                    returnType: .named(plan.outputType), body: nil))
        }
        return inRoot([
            .type(
                SwiftTypeDecl(
                    kind: .protocol, name: TypeName(set.protocolName), doc: set.protocolDoc,
                    conformances: [.swift("Sendable")], members: requirements))
        ])
    }

    /// Overloads that take the input's parts, each defaulted where it can be, so `api.listItems()` works.
    func shorthands(_ plans: [OperationPlan], on type: String) -> SwiftDecl {
        let methods = plans.map { plan -> SwiftDecl in
            var parameters = plan.inputGroups.map {
                SwiftParameter($0.member, $0.type, default: $0.defaultable ? .initialized : nil)
            }
            var arguments = plan.inputGroups.map { SwiftArgument($0.member, .name($0.member)) }
            if plan.hasBody {
                let body = SwiftType.named(plan.inputType.nested("Body"))
                parameters.append(
                    plan.bodyRequired
                        ? SwiftParameter("body", body)
                        : SwiftParameter("body", .optional(body), default: .literal(.nil)))
                arguments.append(SwiftArgument("body", .name("body")))
            }
            let call = SwiftExpr.name(plan.methodName).call(
                SwiftArgument(SwiftExpr.type(.named(plan.inputType)).call(arguments))
            ).triedAwaiting
            return .function(
                SwiftFunction(
                    kind: .function(plan.methodName), doc: Doc.lines(plan.operation.summary),
                    attributes: plan.operation.deprecated ? [.deprecated] : [],
                    parameters: parameters, isAsync: true, isThrowing: true, returnType: .named(plan.outputType),
                    body: [.expression(call)]))
        }
        return .type(.extension(TypeName(path: root + [type]), members: methods))
    }
}
