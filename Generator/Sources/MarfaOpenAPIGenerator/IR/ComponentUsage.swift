/// The `components/responses`, `parameters` and `headers` entries that emitted operations refer
/// to; only those are declared. (Every `components/schemas` entry is declared, used or not.)
struct ComponentUsage {
    var responses: Set<String> = []
    var parameters: Set<String> = []
    var headers: Set<String> = []

    /// What is emitted refers to: the operations the filter keeps and their callbacks, and the
    /// document's webhooks. Each one's parameters, responses, and the headers of those responses (a
    /// component response's own headers included) count. Whatever else comes to be generated from
    /// the document is added here.
    static func of(_ operations: [APIOperation], webhooks: [APIReceivedOperation]) -> ComponentUsage {
        var usage = ComponentUsage()
        for operation in operations {
            usage.add(operation)
            for callback in operation.callbacks { usage.add(callback.operation) }
        }
        for webhook in webhooks { usage.add(webhook.operation) }
        return usage
    }

    /// Records what `operation` refers to.
    private mutating func add(_ operation: APIOperation) {
        for parameter in operation.parameters {
            if let name = parameter.componentName { parameters.insert(name) }
        }
        for response in operation.responses {
            if let name = response.componentName { responses.insert(name) }
            for header in response.headers {
                if let name = header.componentName { headers.insert(name) }
            }
        }
    }
}
