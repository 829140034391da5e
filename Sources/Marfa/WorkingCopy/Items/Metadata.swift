/// The tags and extension documents of the items a working copy holds.
public struct Metadata: Sendable {
    /// An item's metadata.
    public struct Record: Sendable, Hashable {
        /// The item's tags.
        public var tags: [String]
        /// The item's extension documents, by namespace.
        public var extensions: JSONObject

        /// A record with these values.
        public init(tags: [String] = [], extensions: JSONObject = [:]) {
            self.tags = tags
            self.extensions = extensions
        }
    }

    let copy: WorkingCopy

    /// The metadata of the item `id`; `notFound` when the copy holds no such item.
    public func of(_ id: String) async throws -> Record {
        try await copy.perform {
            let id = try WorkingCopy.checkedID(id)
            guard let item = try await copy.engine.item(id), let extensions = try await copy.engine.extensions(of: id)
            else {
                throw Self.notHeld(id)
            }
            return Record(tags: item.tags, extensions: extensions)
        }
    }

    static func notHeld(_ id: String) -> MarfaError {
        .notFound(code: "not_held", message: "The copy holds no item \(id).")
    }
}
