import Foundation

extension WorkingCopy {
    /// Fills the copy with a slice: the items of `types` (each with its subtree) in `tier`, and
    /// every edge of `edgeTypes` whole.
    ///
    /// It replaces the slice and keeps the queue and the pins. The key's reach is checked before
    /// anything is cleared. It registers the declared types the instance lacks, when the credential
    /// may. An interrupted hydration leaves reads refused (`hydrationIncomplete`) until one
    /// completes. The follow pauses while it runs. Cancellable. `updates()` tells its progress.
    /// It returns once the rows are stored; the search index is filled after it, and a search
    /// waits for it.
    ///
    /// - Parameters:
    ///   - types: The item types held, each with its subtree (`core.note`, `app.*`).
    ///   - tier: The tier held: `.library`, `.feed` or `.all`.
    ///   - edgeTypes: Edge types held whole, beside the edges touching held items.
    /// - Throws: `forbidden` when the key can't read a type (nothing cleared), `copyExpired`,
    ///   `decoding` for an answer it can't read or a walk that doesn't end, `canceled`, and the
    ///   server's and the network's errors; an interrupted hydration leaves `hydrationIncomplete`.
    public func hydrate(types: [String], tier: SliceTier, edgeTypes: [String] = []) async throws -> HydrateReport {
        try await perform {
            try Self.checkCancellation()
            let slice = try CopySlice(
                types: Self.checkedTypes(types), tier: tier, edgeTypes: Self.checkedEdgeTypes(edgeTypes))
            return try await requireSync("hydrate(types:tier:edgeTypes:)").hydrate(slice)
        }
    }

    /// Applies the instance's events since the copy's cursor, the catalog read again first.
    ///
    /// Stops at the instance's head. Cancellable; it keeps the cursor it reached. Throws
    /// `copyExpired` when the instance no longer keeps the events after the cursor (`aged_out`),
    /// changed what the copy may read (`read_view_changed`) or was restored behind the copy
    /// (`cursor_ahead`); `instanceChanged` when another instance answers; `streamIncomplete` when
    /// the stream ended early.
    ///
    /// - Throws: `noCursor` before the first hydration, `hydrationIncomplete`, `copyExpired`,
    ///   `instanceChanged`, `streamIncomplete`, `canceled`, and the network's errors.
    public func catchUp() async throws -> CatchUpReport {
        try await perform {
            try Self.checkCancellation()
            return try await requireSync("catchUp()").catchUp()
        }
    }

    /// Holds the item `id` outside the slice, read from the server. An item in the bin throws
    /// `notFound` with the code `trashed`, one the key can't read `not_found`.
    ///
    /// - Parameter id: An item of any type or tier the key reads.
    /// - Throws: `notFound` (`trashed` or `not_found`), `noServer`, and the network's errors.
    public func pin(_ id: String) async throws -> PinReport {
        try await perform { try await requireSync("pin(_:)").pin(try Self.checkedID(id)) }
    }

    /// Lets go of a pinned item; its row goes unless the slice holds it.
    public func unpin(_ id: String) async throws -> PinReport {
        try await perform {
            return try await requireSync("unpin(_:)").unpin(try Self.checkedID(id))
        }
    }

    /// Sends `key` from now on. Calls made while it runs throw `keyChanging`; held streams go on.
    ///
    /// - Parameter key: The API key the copy's server sends from now on; writes a refused
    ///   credential parked go again on the next drain.
    /// - Throws: `invalid` for an empty key, `noServer` for a copy without one.
    public func useKey(_ key: String) async throws {
        try await gate.beginKeyChange()
        defer { gate.endKeyChange() }
        do {
            try await requireSync("useKey(_:)").useKey(key)
        } catch let error as any CopyEngineError {
            throw error
        } catch {
            throw MarfaError(error)
        }
    }

    /// Replaces the app's declared types: they answer the catalog before the first hydration, and
    /// a hydration registers those the instance lacks.
    public func declareTypes(_ types: [Components.Schemas.TypeDefinitionInput]) async throws {
        try await perform {
            guard handle == .writer else { throw Self.readingHandleError }
            var seen: Set<String> = []
            for type in types {
                _ = try Self.checkedTypes([type.id])
                guard seen.insert(type.id).inserted else {
                    throw MarfaError.invalid(message: "The type \(type.id) is declared twice.")
                }
            }
            try await engine.declareTypes(types)
            feed.send(Change(origin: .refreshed(.catalog)))
        }
    }

    /// The app's declared types, in the order declared.
    public func declaredTypes() async throws -> [Components.Schemas.TypeDefinitionInput] {
        try await perform { try await engine.declaredTypes() }
    }

    /// Every change from now on: local writes, applied server events, the server coming and
    /// going, refreshes. While one is held and the copy has a server, the copy follows the
    /// instance's events live. It ends when the copy closes.
    public func changes() -> AsyncStream<Change> { feed.stream() }

    /// What changed in the store after `position` (from `status().changePosition` or an entry
    /// read before), at most `most` entries, oldest first: for an app that was not running.
    ///
    /// - Parameters:
    ///   - position: A journal position, 0 or more.
    ///   - most: The most entries answered, 1 to 10,000.
    /// - Throws: `invalid` for a position or count out of range.
    public func changes(since position: Int64, most: Int = 500) async throws -> [JournaledChange] {
        try await perform {
            guard (1...10_000).contains(most) else {
                throw MarfaError.invalid(message: "most is 1 to 10,000, not \(most).")
            }
            guard position >= 0 else {
                throw MarfaError.invalid(message: "A journal position is 0 or more, not \(position).")
            }
            return try await engine.journal(after: position, most: most)
        }
    }

    /// The copy's connection as a person would see it, starting with the current state.
    public func updates() -> AsyncStream<CopyUpdate> { connection.stream() }

    static func checkCancellation() throws(MarfaError) {
        if Task.isCancelled { throw .canceled }
    }
}
