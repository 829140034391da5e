import MarfaOpenAPIRuntime

extension LocalAPI {
    /// Whether the instance's answers write the generated types' members sorted by name: the
    /// server's `Configuration` default, which `LocalInstance` keeps.
    static let sortsAnswerKeys = Configuration().sortedKeys

    /// The payload of an answer whose JSON body was written ahead (`ItemJSONText`), with the
    /// headers the generated encoder sets for a JSON body of the contract's: `X-Marfa-Contract`,
    /// then `Content-Type: application/json`. Operations answer it as `.undocumented`, which the
    /// generated server sends as it is.
    static func jsonAnswer(_ bytes: [UInt8]) -> UndocumentedPayload {
        var fields = HTTPFields()
        fields["X-Marfa-Contract"] = contract
        fields["Content-Type"] = "application/json"
        return UndocumentedPayload(headerFields: fields, body: HTTPBody(bytes))
    }
}
