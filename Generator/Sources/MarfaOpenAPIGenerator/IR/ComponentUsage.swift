/// The `components/responses`, `parameters` and `headers` entries that emitted operations refer
/// to; only those are declared. (Every `components/schemas` entry is declared, used or not.)
struct ComponentUsage {
    var responses: Set<String> = []
    var parameters: Set<String> = []
    var headers: Set<String> = []

    /// What `operations` refer to: their parameters, their responses, and the headers of those
    /// responses (a component response's own headers included). Pass every operation that is
    /// emitted, and nothing else: those the filter keeps, and any others generated from the document.
    static func of(_ operations: some Sequence<APIOperation>) -> ComponentUsage {
        var usage = ComponentUsage()
        for operation in operations {
            for parameter in operation.parameters {
                if let name = parameter.componentName { usage.parameters.insert(name) }
            }
            for response in operation.responses {
                if let name = response.componentName { usage.responses.insert(name) }
                for header in response.headers {
                    if let name = header.componentName { usage.headers.insert(name) }
                }
            }
        }
        return usage
    }
}
