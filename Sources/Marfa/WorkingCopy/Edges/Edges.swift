/// The edges a working copy holds, read from the device.
public struct Edges: Sendable {
    let copy: WorkingCopy

    /// The edges leaving the item `id`, oldest first.
    public func from(_ id: String) async throws -> [Edge] {
        try await copy.perform { try await copy.engine.edges(.from(try WorkingCopy.checkedID(id))) }
    }

    /// The edges pointing at the item `id`, oldest first.
    public func to(_ id: String) async throws -> [Edge] {
        try await copy.perform { try await copy.engine.edges(.to(try WorkingCopy.checkedID(id))) }
    }

    /// The edges of `type`, oldest first.
    public func ofType(_ type: String) async throws -> [Edge] {
        try await copy.perform { try await copy.engine.edges(.ofType(try WorkingCopy.checkedEdgeTypes([type])[0])) }
    }
}
