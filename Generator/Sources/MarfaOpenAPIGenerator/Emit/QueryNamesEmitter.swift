/// Writes `Operations.queryParameterNames`: the query parameter names each operation declares, by
/// operation ID, so that a server can refuse a name its operation does not declare.
struct QueryNamesEmitter {
    let access: String

    func emit(_ plans: [OperationPlan], root: String) -> String {
        var w = SwiftWriter()
        w.open("extension \(root)Operations")
        w.doc(["The query parameter names each operation declares, by operation ID."])
        let entries = plans.map { plan -> String in
            let names = plan.queryParameters.map { Naming.literal($0.name) }
            return "\(Naming.literal(plan.operation.id)): [\(names.joined(separator: ", "))]"
        }
        let table = entries.isEmpty ? ":" : entries.joined(separator: ", ")
        w.line("\(access) static let queryParameterNames: [Swift.String: Swift.Set<Swift.String>] = [\(table)]")
        w.close()
        return w.text
    }
}
