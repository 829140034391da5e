/// Writes `Servers`: one enum per server of the document, with a `url(...)` taking its variables.
struct ServersEmitter {
    let access: String

    func servers(_ servers: [APIServer], extensionPrefix: String) -> String {
        var w = SwiftWriter()
        if !extensionPrefix.isEmpty { w.open(extensionPrefix.trimmingTrailingSpaces) }
        w.doc(["The servers the document names."])
        w.open("\(access) enum Servers")
        for (index, server) in servers.enumerated() {
            w.doc(Doc.lines(server.description))
            w.open("\(access) enum Server\(index + 1)")
            var names = NameScope()
            let parameters = server.variables.map { variable -> (String, String, String) in
                let name = names.claim(Naming.memberName(variable.name))
                return (name, variable.name, "\(name): Swift.String = \(Naming.literal(variable.defaultValue))")
            }
            for variable in server.variables where !variable.values.isEmpty {
                w.doc(["Allowed values of `\(variable.name)`."])
                w.line("\(access) static let \(Naming.memberName(variable.name))Values: [Swift.String] = [\(variable.values.map(Naming.literal).joined(separator: ", "))]")
            }
            w.doc(["`\(server.url)` with its variables filled in."])
            w.open("\(access) static func url(\(parameters.map(\.2).joined(separator: ", "))) throws -> Foundation.URL")
            let pairs = parameters.map { "(\(Naming.literal($0.1)), \($0.0))" }.joined(separator: ", ")
            w.line("try MarfaOpenAPIRuntime.ServerURL.url(\(Naming.literal(server.url)), variables: [\(pairs)])")
            w.close()
            w.close()
        }
        w.close()
        if !extensionPrefix.isEmpty { w.close() }
        return w.text
    }
}
