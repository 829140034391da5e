/// Declares `Servers`: one enum per server of the document, with a `url(...)` taking its variables.
enum ServersEmitter {
    /// `Servers`, of the document or (`of: "operation"`) of an operation, which its client method uses.
    static func servers(_ servers: [APIServer], of owner: String = "document") -> SwiftTypeDecl {
        .namespace(
            "Servers", doc: ["The servers the \(owner) names."],
            members: servers.enumerated().map { index, server in
                .type(.namespace("Server\(index + 1)", doc: Doc.lines(server.description), members: members(server)))
            })
    }

    private static func members(_ server: APIServer) -> [SwiftDecl] {
        var members: [SwiftDecl] = []
        var names = NameScope()
        let variables = server.variables.map { (name: names.claim(Naming.memberName($0.name)), variable: $0) }
        for variable in server.variables where !variable.values.isEmpty {
            members.append(
                .property(
                    SwiftProperty(
                        name: Naming.memberName(variable.name) + "Values",
                        doc: ["Allowed values of `\(variable.name)`."], isStatic: true,
                        isConstant: true, type: .array(.string),
                        body: .stored(.array(variable.values.map(SwiftExpr.string))))))
        }
        let url = SwiftExpr.type(.runtime("ServerURL")).dot("url").call(
            SwiftArgument(.string(server.url)),
            SwiftArgument("variables", .array(variables.map { .tuple([.string($0.variable.name), .name($0.name)]) })))
        members.append(
            .function(
                SwiftFunction(
                    kind: .function("url"), doc: ["`\(server.url)` with its variables filled in."], isStatic: true,
                    parameters: variables.map {
                        SwiftParameter($0.name, .string, default: .string($0.variable.defaultValue))
                    },
                    isThrowing: true, returnType: .foundation("URL"), body: [.expression(url.tried)])))
        return members
    }
}
