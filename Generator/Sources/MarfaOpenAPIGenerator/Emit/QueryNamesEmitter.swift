/// Declares `Operations.queryParameterNames`: the query parameter names each operation declares, by
/// operation ID, so that a server can refuse a name its operation does not declare.
enum QueryNamesEmitter {
    static func emit(_ plans: [OperationPlan], root: [String]) -> SwiftDecl {
        let entries = plans.map { plan -> (key: SwiftExpr, value: SwiftExpr) in
            (.string(plan.operation.id), .array(plan.queryParameters.map { .string($0.name) }))
        }
        let table = SwiftProperty(
            name: "queryParameterNames", doc: ["The query parameter names each operation declares, by operation ID."],
            isStatic: true, isConstant: true, type: .stringDictionary(.generic(TypeName("Swift", "Set"), [.string])),
            body: .stored(.dictionary(entries)))
        return .type(.extension(TypeName(path: root + ["Operations"]), members: [.property(table)]))
    }
}
