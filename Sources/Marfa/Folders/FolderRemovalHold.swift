/// The removal threshold: a pass that would remove more files than the folder's threshold
/// allows, on either side, removes none of them until `confirmRemoval(in:)` lets exactly those go.
extension FolderPassRun {
    func holdingLargeRemovals(
        _ actions: [FolderAction], held: Int, settings: FolderSettings, flagged: inout [FlaggedFile]
    ) async throws -> [FolderAction] {
        let ledger = session.ledger
        let removals = PausedRemoval(
            disk: actions.compactMap { if case .removeItem(let entry, _) = $0 { entry.path } else { nil } },
            pull: actions.compactMap { if case .removeFile(let entry) = $0 { entry.path } else { nil } })
        let confirmed = try await ledger.decoded(PausedRemoval.self, Self.confirmedRemovalKey) ?? PausedRemoval()
        let threshold = settings.removalThreshold
        let holdDisk =
            threshold.pauses(removing: removals.disk.count, of: held)
            && !Set(removals.disk).isSubset(of: Set(confirmed.disk))
        let holdPull =
            threshold.pauses(removing: removals.pull.count, of: held)
            && !Set(removals.pull).isSubset(of: Set(confirmed.pull))
        let paused = PausedRemoval(disk: holdDisk ? removals.disk : [], pull: holdPull ? removals.pull : [])
        try await ledger.encode(paused.isPaused ? paused : nil, as: Self.pausedKey)
        if !paused.isPaused { try await ledger.encode(PausedRemoval?.none, as: Self.confirmedRemovalKey) }
        let waiting = Set(paused.disk + paused.pull)
        for path in waiting.sorted() {
            flagged.append(
                FlaggedFile(
                    path: path, flag: .removalPaused,
                    reason: "More files would be removed than the folder's threshold allows; confirm the removal."))
        }
        return actions.filter { action in
            switch action {
            case .removeItem(let entry, _), .removeFile(let entry): !waiting.contains(entry.path)
            default: true
            }
        }
    }
}
