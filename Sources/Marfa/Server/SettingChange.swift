/// A change to one setting in an `InstanceConfigPatch`: a new value, or back to the server's default.
/// A field of the patch left nil isn't sent, so the instance keeps that setting.
public enum SettingChange<Value: Sendable & Hashable>: Sendable, Hashable {
    /// Sets the setting to the value.
    case set(Value)
    /// Returns the setting to the server's default.
    case clear

    /// The wire form: a value, or `null`.
    func wire<Wire>(_ transform: (Value) -> Wire) -> Nullable<Wire> {
        switch self {
        case .set(let value): .value(transform(value))
        case .clear: .null
        }
    }
}
