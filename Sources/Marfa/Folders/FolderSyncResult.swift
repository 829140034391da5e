/// What `Folders.sync(_:)` did: a pass, or the plan of a first sync waiting for confirmation.
public enum FolderSyncResult: Sendable, Hashable {
    /// A pass ran.
    case synced(FolderSync)
    /// The first sync would write or send files: nothing was, until `confirmFirstSync(in:)`.
    case awaitingConfirmation(FirstSyncPlan)
}

/// A sync: the hydration it needed, how the catch-up went, and the pass.
public struct FolderSync: Sendable, Hashable {
    /// The hydration a folder's first sync made, else nil.
    public var hydrated: HydrateReport?
    /// Why the catch-up failed (the pass then worked from what the copy held), else nil.
    public var catchUpError: MarfaError?
    /// The pass over the folder.
    public var pass: FolderPass

    /// A value with these members.
    public init(hydrated: HydrateReport? = nil, catchUpError: MarfaError? = nil, pass: FolderPass) {
        self.hydrated = hydrated
        self.catchUpError = catchUpError
        self.pass = pass
    }
}

/// What a first sync would do, for the person to confirm.
public struct FirstSyncPlan: Sendable, Hashable, Codable {
    /// Files it would write to disk.
    public var write: Int
    /// Files it would send to the instance.
    public var send: Int
    /// Files that would be kept beside one of the same name holding other text.
    public var beside: Int

    /// A value with these members.
    public init(write: Int, send: Int, beside: Int) {
        self.write = write
        self.send = send
        self.beside = beside
    }
}
