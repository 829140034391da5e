import MarfaClock
import Synchronization

/// Reads the copy stream from the copy's cursor and applies its events, those that arrived
/// together in one transaction: a catch-up stops at `stream_live`, a follow goes on with the live
/// frames. Terminal frames become errors.
struct EventReplay: Sendable {
    let wire: CopyWire
    let store: SQLiteCopyStore
    /// Told each applied change, and when the replay reached the head.
    let onChange: @Sendable (Change) -> Void
    let onLive: @Sendable () -> Void
    let progress: @Sendable (CopyUpdate.Progress) -> Void
    /// While a follow runs, the catalog is read again whenever it is this old on `clock`; nil
    /// reads it only at the start and for an unknown type.
    var catalogRefresh: (clock: any MarfaClock, interval: Duration)? = nil

    /// How old the catalog a follow holds may grow: "other devices show the change within about
    /// two minutes".
    static let catalogRefreshInterval: Duration = .seconds(120)

    /// The counts kept while frames arrive.
    private struct Tally {
        var applied = 0
        var skipped = 0
        var cursor: String
        var reachedHead = false
        var catalog: CopyCatalog
        var refreshedFor: Set<String> = []
        var replay: ReplayGuard
    }

    /// Refreshes the catalog, then applies the events after the cursor; with `follow` it keeps
    /// applying live frames until the stream ends or the task is canceled.
    func run(follow: Bool) async throws(MarfaError) -> CatchUpReport {
        let position = try await store.syncPosition()
        let (cursor, view, slice) = try Self.ready(position)
        try await refreshCatalog(view: view)
        let tally = Locked(
            Tally(cursor: cursor, catalog: try await store.heldCatalog(), replay: ReplayGuard(from: cursor)))
        let refresher = follow ? startCatalogRefresh(view: view, tally: tally) : nil
        defer { refresher?.cancel() }
        try await wire.copyStream(cursor: cursor, view: view) { (frames: [CopyFrame]) throws(MarfaError) in
            try await handle(frames, follow: follow, slice: slice, position: position, view: view, tally: tally)
        }
        let final = tally.withLock { $0 }
        return CatchUpReport(
            applied: final.applied, skipped: final.skipped, cursor: final.cursor, reachedHead: final.reachedHead)
    }

    /// The cursor, view and slice of a copy that may catch up, or why it may not.
    /// A copy of a server without read views (its stream's first marker named none) holds none,
    /// and reads without one.
    static func ready(_ position: SyncPosition) throws(MarfaError) -> (String, String?, CopySlice) {
        switch position.hydration {
        case .never: throw .noCursor(message: "The copy holds no position in the instance's events. Hydrate it first.")
        case .inProgress: throw WorkingCopy.hydrationIncompleteError
        case .expired:
            let reason = position.expiredReason ?? "aged_out"
            throw .copyExpired(
                reason: reason, message: "The copy is too old to catch up (\(reason)). Hydrate it again.")
        case .complete: break
        }
        guard let cursor = position.cursor, let slice = position.slice else {
            throw .noCursor(message: "The copy holds no position in the instance's events. Hydrate it first.")
        }
        return (cursor, position.readView, slice)
    }

    /// Reads the catalog again each `catalogRefresh.interval` while the follow runs, so a type
    /// changed on another device reaches this copy's `catalog`; after the first, each read asks
    /// only whether it changed (`If-None-Match`). A failed read waits for the next.
    private func startCatalogRefresh(view: String?, tally: Locked<Tally>) -> Task<Void, Never>? {
        guard let (clock, interval) = catalogRefresh else { return nil }
        return Task {
            var reading = CatalogReading()
            while true {
                do { try await clock.sleep(for: interval) } catch { return }
                guard !Task.isCancelled else { return }
                do {
                    guard try await reading.refresh(from: wire, view: view),
                        try await replaceCatalog(itemTypes: reading.itemTypes, edgeTypes: reading.edgeTypes)
                    else { continue }
                    let catalog = try await store.heldCatalog()
                    tally.withLock { $0.catalog = catalog }
                } catch {
                    continue
                }
            }
        }
    }

    private func refreshCatalog(view: String?) async throws(MarfaError) {
        _ = try await replaceCatalog(
            itemTypes: try await wire.itemTypes(view: view), edgeTypes: try await wire.edgeTypes(view: view))
    }

    /// Stores the catalog read and announces `.refreshed(.catalog)` when it changed; true then.
    private func replaceCatalog(
        itemTypes: [Components.Schemas.ItemType], edgeTypes: [CatalogEdgeType]
    ) async throws(MarfaError) -> Bool {
        let changed = try await store.replaceCatalog(itemTypes: itemTypes, edgeTypes: edgeTypes)
        if changed { onChange(Change(origin: .refreshed(.catalog))) }
        return changed
    }

    /// Handles the frames that arrived together in order: each run of events is applied in one
    /// transaction, markers between them as they come. False ends the stream.
    private func handle(
        _ frames: [CopyFrame], follow: Bool, slice: CopySlice, position: SyncPosition, view: String?,
        tally: Locked<Tally>
    ) async throws(MarfaError) -> Bool {
        var events: [AppliedEvent] = []
        for frame in frames {
            switch frame.frame {
            // An event of a kind this build doesn't know is passed over, the cursor moving past it;
            // a marker it doesn't know (no id) is ignored.
            case .itemEventFrame, .metadataEventFrame, .edgeEventFrame, .unknown:
                guard let id = frame.id else { continue }
                if try tally.withLock({ $0.replay.advances(id) }).get() {
                    events.append(AppliedEvent(frame: frame.frame, id: id))
                }
            default:
                try await apply(events, slice: slice, view: view, tally: tally)
                events.removeAll()
                guard try await handleMarker(frame.frame, follow: follow, position: position, tally: tally) else {
                    return false
                }
            }
        }
        try await apply(events, slice: slice, view: view, tally: tally)
        return true
    }

    /// A stream marker: the instance check, the head reached, or a terminal frame as its error.
    private func handleMarker(
        _ frame: Components.Schemas.EventFrame, follow: Bool, position: SyncPosition, tally: Locked<Tally>
    ) async throws(MarfaError) -> Bool {
        switch frame {
        case .streamCursorFrame(let marker):
            if let instance = marker.instanceId, let held = position.instanceID, instance != held {
                throw .instanceChanged(
                    message: "Another instance answers at the server's address. Hydrate the copy from it.")
            }
            return true
        case .streamLiveFrame(let marker):
            if let cursor = marker.cursor {
                try await store.advance(to: cursor)
                tally.withLock { if let next = Int64(cursor), next > Int64($0.cursor) ?? 0 { $0.cursor = cursor } }
            }
            tally.withLock { $0.reachedHead = true }
            onLive()
            return follow
        default:
            throw try await terminalError(frame)
        }
    }

    /// Applies `events` in one transaction, then reads the edges of each item that entered the
    /// slice and tells each change, in order.
    private func apply(
        _ events: [AppliedEvent], slice: CopySlice, view: String?, tally: Locked<Tally>
    ) async throws(MarfaError) {
        guard let last = events.last else { return }
        for event in events {
            if case .itemEventFrame(let frame) = event.frame {
                try await refreshCatalogOnce(for: frame.item._type, view: view, tally: tally)
            }
        }
        let catalog = tally.withLock { $0.catalog }
        let outcomes = try await store.apply(events, slice: slice, catalog: catalog)
        for outcome in outcomes {
            switch outcome {
            case .entered(let change):
                try await readEdges(of: change.itemId ?? "", view: view)
                tally.withLock { $0.applied += 1 }
                onChange(change)
            case .applied(let change):
                tally.withLock { $0.applied += 1 }
                onChange(change)
            case .skipped: tally.withLock { $0.skipped += 1 }
            case .passed: break
            }
        }
        let counts = tally.withLock { tally in
            tally.cursor = last.id
            return CopyUpdate.Progress(events: tally.applied + tally.skipped)
        }
        progress(counts)
    }

    /// Reads the catalog again, at most once per unknown type.
    private func refreshCatalogOnce(for type: String, view: String?, tally: Locked<Tally>) async throws(MarfaError) {
        let unknown = tally.withLock { $0.catalog.itemTypes[type] == nil && !$0.refreshedFor.contains(type) }
        guard unknown else { return }
        tally.withLock { _ = $0.refreshedFor.insert(type) }
        try await refreshCatalog(view: view)
        let catalog = try await store.heldCatalog()
        tally.withLock { $0.catalog = catalog }
    }

    private func readEdges(of id: String, view: String?) async throws(MarfaError) {
        var cursor: String?
        var walk = WalkGuard("listing of the edges of \(id)")
        repeat {
            let page = try await wire.itemEdgesPage(id: id, cursor: cursor, view: view)
            try walk.note(ids: page.rows.map(\.id), next: page.cursor)
            try await store.storeEntered(edges: page.rows)
            cursor = page.cursor
        } while cursor != nil
    }

    /// The error a terminal frame means, after recording an expiry in the store.
    private func terminalError(_ frame: Components.Schemas.EventFrame) async throws(MarfaError) -> MarfaError {
        switch frame {
        case .catchupTooOldFrame(let marker):
            try await store.expire(reason: "aged_out")
            return .copyExpired(
                reason: "aged_out",
                message:
                    "The instance no longer keeps the events after this copy's position (the oldest is \(marker.minRetainedId)). Hydrate it again."
            )
        case .readViewChangedFrame:
            try await store.expire(reason: "read_view_changed")
            return .copyExpired(
                reason: "read_view_changed", message: "The instance changed what this copy may read. Hydrate it again.")
        case .cursorAheadFrame(let marker):
            try await store.expire(reason: "cursor_ahead")
            return .copyExpired(
                reason: "cursor_ahead",
                message:
                    "The instance's events end at \(marker.head), before this copy's position \(marker.requested): it was restored from an older state. Hydrate the copy again."
            )
        case .streamIncompleteFrame(let marker):
            let reason = marker.reason.rawValue
            return .streamIncomplete(reason: reason, message: Self.incompleteMessage(reason))
        default:
            return .decoding(message: "The server's event stream sent a frame this build can't read.")
        }
    }

    static func incompleteMessage(_ reason: String) -> String {
        switch reason {
        case "credential_ended":
            "The key or sign-in stopped working while the copy followed the instance. Sign in again."
        case "server_stopping": "The instance is stopping; the copy will catch up when it is back."
        default: "The instance ended its event stream early (\(reason)); the copy will catch up from where it stopped."
        }
    }
}
