/// What an operation the reader meets is: one under `paths` the app calls, or a webhook or callback
/// the app receives, with the ID it gets when it has no `operationId` and how messages name it.
enum OperationPlace {
    /// An operation of `paths`.
    case path(method: String, path: String)
    /// A webhook or callback; `name` is its `APIReceivedOperation.name`.
    case received(name: String, fallbackID: String, label: String)

    /// The ID of an operation without `operationId`.
    var fallbackID: String {
        switch self {
        case .path(let method, let path): DocumentReader.syntheticID(method: method, path: path)
        case .received(_, let fallbackID, _): fallbackID
        }
    }

    /// A webhook's or callback's name; nil for an operation of `paths`.
    var receivedName: String? {
        if case .received(let name, _, _) = self { return name }
        return nil
    }

    /// How a diagnostic names the operation: `GET /items`, `webhook 'newPet' (POST)`.
    var label: String {
        switch self {
        case .path(let method, let path): "\(method.uppercased()) \(path)"
        case .received(_, _, let label): label
        }
    }
}
