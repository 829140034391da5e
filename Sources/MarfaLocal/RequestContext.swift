import MarfaTypes

/// What the middlewares learned about the request being answered, for the operations behind them.
struct RequestContext: Sendable {
    var requestID: String
    /// The key that authenticated the request; nil for doors that need none.
    var key: KeyRecord?
    /// The read view a conditional read was certified under (`ReadViewMiddleware`); nil otherwise.
    /// Item doors then add `listed` to what they answer.
    var readView: String?

    /// The request being answered in this task.
    @TaskLocal static var current = RequestContext(requestID: "", key: nil)

    /// Who a write is recorded under: the key, else the local instance itself.
    var writer: Components.Schemas.Writer { key?.writer ?? .init(kind: .local) }

    /// The authenticated key; `401 unauthorized` when there is none.
    func requireKey() throws -> KeyRecord {
        guard let key else { throw LocalError.unauthorized() }
        return key
    }

    /// The key, when it holds `permission`; `403 forbidden` naming it otherwise.
    func require(_ permission: String) throws -> KeyRecord {
        let key = try requireKey()
        guard key.has(permission) else {
            throw LocalError.forbidden(
                "This key lacks the permission \(permission).", details: ["required_scope": .string(permission)])
        }
        return key
    }
}
