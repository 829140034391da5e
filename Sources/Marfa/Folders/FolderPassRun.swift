import Foundation

/// One sync of a folder: bring the copy up (hydrate the first time, then catch up), read the
/// settings, scan the disk, plan, wait for confirmation where the rules say, apply, drain.
struct FolderPassRun {
    static let firstSyncKey = "first_sync"
    static let firstSyncPlanKey = "first_sync_plan"
    static let pausedKey = "paused_removal"
    static let confirmedRemovalKey = "confirmed_removal"

    let session: FolderSession
    var observer: (@Sendable (String) -> Void)? = nil

    func run() async throws -> FolderSyncResult {
        let (folder, _) = try await session.settings()
        guard folder.state != .revoked else {
            throw MarfaError.invalid(
                message: "The folder \(folder.id) is revoked, and a revoked folder isn't followed.")
        }
        let settings = folder.settings
        let hydrated = try await hydrateIfNeeded(settings)
        var catchUpError: MarfaError?
        if hydrated == nil, session.copy.sync != nil {
            do { _ = try await session.copy.catchUp() } catch { catchUpError = MarfaError(error) }
        }
        let ledger = try await session.ledger.entries()
        var scanner = FolderScanner(
            root: session.directory, patterns: FolderPatterns(include: settings.include, ignore: settings.ignore),
            known: ledger.mapValues(\.seen))
        let scanned = try await FolderThread.run { [scanner] () throws(MarfaError) -> FolderScanner in
            var scanner = scanner
            try scanner.scan()
            return scanner
        }
        scanner = scanned
        let catalog = try await session.copy.engine.catalog()
        let listed = try await listing(folder, ledger: ledger, disk: scanner.files)
        let plan = FolderPlan(
            disk: scanner.files, ledger: ledger, versions: listed.versions, items: listed.items,
            content: { ItemContent($0, bodyField: catalog.itemTypes[$0.type]?.bodyField) },
            placement: { Self.placement(of: $0, settings: settings, catalog: catalog) })
        var actions = plan.actions()
        if let waiting = try await firstSyncWaits(actions) { return .awaitingConfirmation(waiting) }
        var flagged = scanner.flagged
        actions = try await holdingLargeRemovals(actions, held: ledger.count, settings: settings, flagged: &flagged)
        var apply = FolderApply(session: session, settings: settings, catalog: catalog, observer: observer)
        await apply.run(actions)
        var pass = apply.pass(scanned: scanner, flagged: flagged)
        pass.drain = await drain()
        await settleVersions(pass.drain, catalog: catalog)
        return .synced(FolderSync(hydrated: hydrated, catchUpError: catchUpError, pass: pass))
    }

    /// The version of every item of the folder, and whole those whose step needs them: items the
    /// ledger doesn't know, and those whose version or file moved from what it saw.
    private func listing(
        _ folder: Folder, ledger: [String: FolderLedger.Entry], disk: [String: ScannedFile]
    ) async throws -> (versions: [String: Int64], items: [String: Item]) {
        let byItem = Dictionary(grouping: ledger.values, by: \.itemId)
        return try await FolderListing(copy: session.copy, folder: folder).items { id, version in
            guard let entries = byItem[id] else { return true }
            return entries.contains { FolderPlan.needsItem($0, version: version, file: disk[$0.path]) }
        }
    }

    /// After a drain, the ledger learns the version the instance gave each item the pass sent,
    /// where the item still holds the text the ledger records, so the next pass needn't read and
    /// hash it again. A failure leaves it to the next pass, which records the same.
    private func settleVersions(_ report: DrainReport, catalog: CopyCatalog) async {
        let sent = Set(
            report.verdicts.filter {
                $0.verdict?.isSuccess == true && ($0.kind == .createItem || $0.kind == .updateItem)
            }
            .compactMap(\.itemId))
        guard !sent.isEmpty else { return }
        do {
            let entries = try await session.ledger.entries().values.filter { sent.contains($0.itemId) }
            let items = try await FolderListing.items(Set(entries.map(\.itemId)), in: session.copy)
            let settled = entries.compactMap { entry -> FolderLedger.Entry? in
                guard let item = items[entry.itemId], item.version != entry.version, !entry.sending,
                    ItemContent(item, bodyField: catalog.itemTypes[item.type]?.bodyField).hash == entry.hash
                else { return nil }
                var settled = entry
                settled.version = item.version
                return settled
            }
            try await session.ledger.put(settled)
        } catch {}
    }

    /// The first hydration, of the folder's types (every type the instance has, `system.*` aside,
    /// when the search names none) in its tier; nil once the copy is whole.
    private func hydrateIfNeeded(_ settings: FolderSettings) async throws -> HydrateReport? {
        let copy = session.copy
        guard try await copy.status().hydration != .complete else { return nil }
        let tier = SliceTier(settings.search.heldTier)
        var types = settings.search.types.isEmpty ? [settings.newType] : settings.search.types
        var report = try await copy.hydrate(types: types, tier: tier)
        if settings.search.types.isEmpty {
            let all = try await copy.catalog.itemTypes().map(\.id).filter { !$0.hasPrefix("system.") }.sorted()
            if Set(all) != Set(types) {
                types = all
                report = try await copy.hydrate(types: types, tier: tier)
            }
        }
        return report
    }

    /// The plan of a first sync not yet confirmed that would write or send files, kept for
    /// `status(of:)`; nil once confirmed, or when it would do neither (it is then confirmed).
    private func firstSyncWaits(_ actions: [FolderAction]) async throws -> FirstSyncPlan? {
        let ledger = session.ledger
        guard try await ledger.value(Self.firstSyncKey) != "confirmed" else { return nil }
        let plan = FirstSyncPlan(
            write: actions.filter(\.writes).count, send: actions.filter(\.sends).count,
            beside: actions.filter {
                if case .writeNew(_, let path) = $0 { return path.contains(" (") } else { return false }
            }.count)
        guard plan.write > 0 || plan.send > 0 else {
            try await ledger.set(Self.firstSyncKey, "confirmed")
            return nil
        }
        try await ledger.encode(plan, as: Self.firstSyncPlanKey)
        return plan
    }

    private func drain() async -> DrainReport {
        guard session.copy.sync != nil else { return DrainReport(unavailable: "The folder has no server.") }
        do {
            let report = try await session.copy.queue.drain()
            // The folder's copy serves no app that reads its verdicts: a queue kept short keeps
            // each later write and drain short.
            _ = try await session.copy.queue.forgetAnswered()
            return report
        } catch {
            return DrainReport(unavailable: MarfaError(error).message)
        }
    }

    /// Where a new file for `item` goes: its type's first placement, then a name from its title.
    static func placement(of item: Item, settings: FolderSettings, catalog: CopyCatalog) -> String {
        let content = ItemContent(item, bodyField: catalog.itemTypes[item.type]?.bodyField)
        let title = item.title ?? item.properties["title"]?.string ?? item.id
        let name = FolderNames.fileName(for: title, suffix: content.blob == nil ? ".md" : "")
        guard
            let directory = settings.firstPlacement[item.type]?.trimmingCharacters(in: CharacterSet(charactersIn: "/")),
            !directory.isEmpty
        else { return name }
        return directory + "/" + name
    }
}
