import MarfaOpenAPIRuntime

/// One request of the copy named by its generated operation: the operation's ID, its method, and
/// its path template filled with the call's path parameters, so no path is spelled by hand.
struct WireCall: Sendable {
    let operation: String
    let method: HTTPMethod
    let path: String

    /// The call of `operation` with its path parameters `values`, in the order the path names them.
    init<Operation: GeneratedOperation>(_ operation: Operation.Type, _ values: String...) {
        self.operation = Operation.id
        method = Operation.httpMethod
        path = Operation.path(filling: values)
    }

    /// The request's head: the method, the filled path with `query` (see `WireExchange.queryText`)
    /// and `fields`.
    func head(_ fields: HTTPFields, query: [(String, String?)] = []) -> HTTPRequest {
        HTTPRequest(method: method, path: path + WireExchange.queryText(query), headerFields: fields)
    }
}
