import Foundation

extension Folders {
    /// Where the folder at `directory` stands, read from its ledger, its copy's queue and a scan,
    /// without a pass.
    public func status(of directory: URL) async throws -> FolderStatus {
        try await Self.marfa {
            try await FolderSession.with(directory, server: nil) { session in
                let ledger = try await session.ledger.entries()
                let settings = try await session.copy.engine.folder(session.folderId)?.settings ?? FolderSettings()
                let known = ledger.mapValues(\.seen)
                let scanner = try await FolderThread.run { () throws(MarfaError) -> FolderScanner in
                    var scanner = FolderScanner(
                        root: session.directory,
                        patterns: FolderPatterns(include: settings.include, ignore: settings.ignore), known: known)
                    try scanner.scan()
                    return scanner
                }
                let waiting = Set(try await session.copy.queue.all().filter { $0.verdict == nil }.compactMap(\.itemId))
                var files = scanner.files.values.map { file -> FileStatus in
                    guard let entry = ledger[file.path] else {
                        return FileStatus(path: file.path, state: .unmatched, item: nil)
                    }
                    let state: FileState =
                        file.hash != entry.hash ? .held : waiting.contains(entry.itemId) ? .waiting : .inStep
                    return FileStatus(path: file.path, state: state, item: entry.itemId)
                }
                files += scanner.flagged.map { FileStatus(path: $0.path, state: .outside, item: nil) }
                let paused =
                    try await session.ledger.decoded(PausedRemoval.self, FolderPassRun.pausedKey) ?? PausedRemoval()
                let plan = try await session.ledger.decoded(FirstSyncPlan.self, FolderPassRun.firstSyncPlanKey)
                let confirmed = try await session.ledger.value(FolderPassRun.firstSyncKey) == "confirmed"
                return FolderStatus(
                    files: files.sorted { $0.path < $1.path }, paused: paused,
                    firstSync: confirmed ? nil : plan.map(WaitingFirstSync.init(plan:)))
            }
        }
    }
}
