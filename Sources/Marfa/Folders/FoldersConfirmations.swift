import Foundation

/// What waits for the person: a first sync, a large removal.
extension Folders {
    /// Confirms the first sync the last `sync(_:)` planned; the next sync does it. Answers
    /// whether one was waiting.
    public func confirmFirstSync(in directory: URL) async throws -> Bool {
        try await Self.marfa {
            try await FolderSession.with(directory, server: nil) { session in
                let ledger = session.ledger
                guard try await ledger.value(FolderPassRun.firstSyncKey) != "confirmed" else { return false }
                try await ledger.set(FolderPassRun.firstSyncKey, "confirmed")
                try await ledger.set(FolderPassRun.firstSyncPlanKey, nil)
                return true
            }
        }
    }

    /// Lets the paused removal go ahead on the next sync, exactly the files it named.
    public func confirmRemoval(in directory: URL) async throws -> ConfirmedRemoval {
        try await Self.marfa {
            try await FolderSession.with(directory, server: nil) { session in
                let ledger = session.ledger
                let paused = try await ledger.decoded(PausedRemoval.self, FolderPassRun.pausedKey) ?? PausedRemoval()
                try await ledger.encode(paused, as: FolderPassRun.confirmedRemovalKey)
                return ConfirmedRemoval(disk: paused.disk.count, pull: paused.pull.count)
            }
        }
    }

    /// Undoes the paused removal: files removed on disk are written again from their items, and
    /// files whose items left the folder are kept, to be sent as new items by the next sync.
    public func restoreRemoval(in directory: URL) async throws -> RestoredRemoval {
        try await Self.marfa {
            try await FolderSession.with(directory, server: nil) { session in
                let ledger = session.ledger
                let paused = try await ledger.decoded(PausedRemoval.self, FolderPassRun.pausedKey) ?? PausedRemoval()
                let entries = try await ledger.entries()
                let catalog = try await session.copy.engine.catalog()
                var apply = FolderApply(session: session, settings: FolderSettings(), catalog: catalog)
                var restored = 0
                for path in paused.disk {
                    guard let entry = entries[path], let item = try await session.copy.engine.item(entry.itemId) else {
                        continue
                    }
                    try await apply.write(item, at: path, new: false)
                    restored += 1
                }
                try await apply.flush()
                try await ledger.remove(paused.pull)
                try await ledger.encode(PausedRemoval?.none, as: FolderPassRun.pausedKey)
                try await ledger.encode(PausedRemoval?.none, as: FolderPassRun.confirmedRemovalKey)
                return RestoredRemoval(disk: restored, pull: paused.pull.count)
            }
        }
    }
}
