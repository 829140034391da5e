import Foundation

/// Applies a pass's steps, each on its own: a step that fails is flagged and left for the next
/// pass, and the others go on. Each side is written before the ledger learns it, so a crash
/// between the two leaves both sides agreeing, which the next pass records.
struct FolderApply {
    let session: FolderSession
    let settings: FolderSettings
    let catalog: CopyCatalog
    let observer: (@Sendable (String) -> Void)?

    var scan = FolderScan()
    var pull = FolderPull()
    var rebased = 0
    var gaveWay = 0
    var flagged: [FlaggedFile] = []
    /// What the ledger learns once the steps are done, in one step of its own: each side is
    /// written first, so a crash before it leaves sides the next pass finds agreeing.
    private var learned: [String: FolderLedger.Entry] = [:]
    private var forgotten: Set<String> = []

    init(
        session: FolderSession, settings: FolderSettings, catalog: CopyCatalog,
        observer: (@Sendable (String) -> Void)? = nil
    ) {
        self.session = session
        self.settings = settings
        self.catalog = catalog
        self.observer = observer
    }

    var copy: WorkingCopy { session.copy }
    var ledger: FolderLedger { session.ledger }

    /// The pass's result, with the scan's own counts.
    func pass(scanned: FolderScanner, flagged found: [FlaggedFile]) -> FolderPass {
        var scan = scan
        scan.files = scanned.files.count
        scan.read = scanned.read
        return FolderPass(
            settings: settings, scan: scan, drain: DrainReport(), rebased: rebased, gaveWay: gaveWay, pull: pull,
            flagged: found + flagged)
    }

    /// Every step, in the order that keeps the other side's files safe: conflicts first (their
    /// disk text kept), then what goes to the instance, then what comes to disk, removals last.
    mutating func run(_ actions: [FolderAction]) async {
        var news: [ScannedFile] = []
        for case .conflict(let file, let entry, let item) in actions {
            if let copied = await attempt(file.path, { try await $0.conflict(file, entry, item) }) ?? nil {
                news.append(copied)
            }
        }
        news += actions.compactMap { if case .sendNew(let file) = $0 { file } else { nil } }
        await sendNew(news)
        for action in actions where !action.comesToDisk && !action.removes { await apply(action) }
        await writeAll(
            actions.compactMap {
                switch $0 {
                case .writeNew(let item, let path): (item, path, true)
                case .rewrite(let entry, let item): (item, entry.path, false)
                default: nil
                }
            })
        for action in actions where action.removes { await apply(action) }
        _ = await attempt("") { try await $0.flush() }
    }

    /// The ledger will hold `entry` for its path.
    mutating func learn(_ entry: FolderLedger.Entry) {
        forgotten.remove(entry.path)
        learned[entry.path] = entry
    }

    /// The ledger will forget `path`.
    mutating func forget(_ path: String) {
        learned[path] = nil
        forgotten.insert(path)
    }

    /// Writes what the ledger learned and forgot.
    mutating func flush() async throws {
        try await ledger.remove(forgotten.sorted())
        try await ledger.put(learned.values.sorted { $0.path < $1.path })
        learned = [:]
        forgotten = []
    }

    private mutating func apply(_ action: FolderAction) async {
        switch action {
        case .resend(let file, let entry): _ = await attempt(file.path) { try await $0.resend(file, entry) }
        case .sendChange(let file, let entry, let item):
            _ = await attempt(file.path) { try await $0.sendChange(file, entry, item) }
        case .move(let entry, let file, let item): _ = await attempt(file.path) { try await $0.move(entry, file, item) }
        case .record(let entry): learn(entry)
        case .removeItem(let entry, let item): _ = await attempt(entry.path) { try await $0.removeItem(entry, item) }
        case .removeFile(let entry): _ = await attempt(entry.path) { try await $0.removeFile(entry) }
        case .forget(let entry): forget(entry.path)
        // Sent, and written to disk, together by `run`.
        case .sendNew, .conflict, .writeNew, .rewrite: return
        }
    }

    /// Runs one step; a failure is flagged against `path` and answers nil.
    mutating func attempt<T>(_ path: String, _ step: (inout FolderApply) async throws -> T) async -> T? {
        do {
            defer { observer?(path) }
            return try await step(&self)
        } catch {
            let error = MarfaError(error)
            flagged.append(FlaggedFile(path: path, flag: .failed, reason: error.message))
            return nil
        }
    }

    /// The file at `path` as it is now, or nil (flagged) when it was removed or rewritten since
    /// the scan read it.
    func current(_ file: ScannedFile) async throws -> [UInt8]? {
        let url = session.directory.appendingPathComponent(file.path)
        let bytes = try await FolderThread.run { () throws(MarfaError) in try FolderFiles.read(url) }
        guard let bytes, FolderScanner.hash(bytes) == file.hash else { return nil }
        return bytes
    }

    mutating func changedDuringPass(_ path: String) {
        flagged.append(
            FlaggedFile(
                path: path, flag: .unreadable,
                reason: "The file changed while the pass read it; the next pass takes it."))
    }

    /// The type's title and body fields.
    func fields(of type: String) -> (title: String, body: String) {
        let known = catalog.itemTypes[type]
        return (known?.titleField ?? "title", known?.bodyField ?? "body")
    }
}
