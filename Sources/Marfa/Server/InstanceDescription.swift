/// What an instance says about itself without a key: `Server.instanceDescription()`.
public struct InstanceDescription: Sendable, Hashable {
    /// The instance's name.
    public var name: String
    /// The instance's identity, which never changes for the life of the instance.
    public var instanceID: String
    /// The server's build.
    public var version: String
    /// The contract the instance speaks; this build speaks `Server.contract`.
    public var contract: UInt64
    /// The surfaces this deployment serves, in lower_snake_case, such as `connectors`.
    public var features: [String]

    /// A description as given, for previews and tests.
    public init(name: String, instanceID: String, version: String, contract: UInt64, features: [String] = []) {
        self.name = name
        self.instanceID = instanceID
        self.version = version
        self.contract = contract
        self.features = features
    }

    init(_ wire: Components.Schemas.InstanceDescription) throws(MarfaError) {
        guard let contract = UInt64(exactly: wire.contract) else {
            throw .decoding(message: "The instance named the contract \(wire.contract), which isn't a contract number.")
        }
        self.init(
            name: wire.name, instanceID: wire.instanceId, version: wire.version, contract: contract,
            features: wire.features)
    }
}
