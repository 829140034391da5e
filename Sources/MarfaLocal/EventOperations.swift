import Foundation
import MarfaDigest
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// `GET /events`: the event log as server-sent events (see `EventFollower` for the frames).
///
/// - `Last-Event-ID` resumes exactly after that id: decimal, no sign, no leading zeros, at most
///   `Int64.max`; `0` is the start of the log, empty or absent the head (live frames only).
///   Anything else is `400 validation_error`.
/// - A cursor whose next event was retired by `event-log-cleanup` gets `catchup_too_old`; one
///   past the head gets `cursor_ahead`; both end the stream.
/// - `copy=1` asks for the copy stream: no `type` filter, `edges=all`, markers carrying
///   `instance_id` and `read_view` (`ReadViews`), item and metadata frames carrying `listed`
///   (always `true`: the local instance has no source filter). A catch-up sends both
///   `Last-Event-ID` and `X-Marfa-Read-View`; one without the other is `400`, a view other than
///   the credential's current one `409 read_view_changed`. When the view changes while the stream
///   is open, it ends with `read_view_changed` before the event that changed it. On a plain
///   stream the header is `400`.
extension LocalAPI {
    func streamEvents(_ input: Operations.StreamEvents.Input) async throws -> Operations.StreamEvents.Output {
        let key = try RequestContext.current.requireKey()
        let cursor = try Self.eventCursor(input.headers.lastEventID)
        let isCopy: Bool
        switch input.query.copy {
        case nil: isCopy = false
        case ._1: isCopy = true
        case .unknown(let value): throw LocalError.validation("copy takes only 1, not '\(value)'.")
        }
        let includesEdges: Bool
        switch input.query.edges {
        case .all: includesEdges = true
        case .none: includesEdges = false
        case .unknown(let value): throw LocalError.validation("edges is all or none, not '\(value)'.")
        }
        let sentView = input.headers.xMarfaReadView
        if isCopy {
            guard input.query._type == nil else { throw LocalError.validation("The copy stream takes no type filter.") }
            guard includesEdges else { throw LocalError.validation("The copy stream needs edges=all.") }
            guard (cursor == nil) == (sentView == nil) else {
                throw LocalError.validation(
                    "A copy catch-up sends both Last-Event-ID and X-Marfa-Read-View, or neither.")
            }
        } else if sentView != nil {
            throw LocalError.validation("X-Marfa-Read-View is only for the copy stream and conditional reads.")
        }
        // Subscribe before taking the head, so that no write between the two goes unseen.
        let subscription = store.events.subscribe()
        do {
            let plan = try await read { db -> EventFollower.Plan in
                let filter = try EventFilter(
                    typeList: input.query._type, includesEdges: includesEdges, key: key,
                    registry: try TypeRegistry.load(db))
                let head = try EventLog.head(in: db)
                var copy: EventFollower.CopyStream?
                if isCopy {
                    // The view, its generation and the head come from one snapshot.
                    let generation = try ReadViews.generation(in: db)
                    let view = readView(for: key, generation: generation)
                    if let sentView, sentView != view { throw ReadViewMiddleware.viewChanged }
                    copy = .init(instanceID: store.instanceID, readView: view, generation: generation)
                }
                var plan = EventFollower.Plan(
                    after: cursor ?? head, head: head, terminal: nil, copy: copy, filter: filter,
                    pingInterval: eventPingInterval)
                if let cursor {
                    if cursor > head {
                        plan.terminal = [
                            "event_type": "cursor_ahead", "requested": .string(String(cursor)),
                            "head": .string(String(head)),
                        ]
                    } else if cursor < head, let oldest = try EventLog.oldestRetained(in: db), oldest > cursor + 1 {
                        plan.terminal = [
                            "event_type": "catchup_too_old", "min_retained_id": .string(String(oldest)),
                            "requested": .string(String(cursor)),
                        ]
                    }
                }
                return plan
            }
            let follower = EventFollower(plan: plan, store: store, hub: store.events, subscription: subscription)
            return .ok(
                .init(
                    headers: .init(xMarfaContract: Self.contract),
                    body: .textEventStream(HTTPBody(EventFollowerChunks(follower: follower), length: .unknown))))
        } catch {
            store.events.unsubscribe(subscription.id)
            throw error
        }
    }

    /// The cursor `Last-Event-ID` names: nil when absent or empty; `400 validation_error` unless
    /// it is a decimal without sign or leading zeros, at most `Int64.max`.
    static func eventCursor(_ header: String?) throws -> Int64? {
        guard let header, !header.isEmpty else { return nil }
        let bytes = Array(header.utf8)
        guard bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }), bytes.count == 1 || bytes[0] != 48, let value = Int64(header)
        else {
            throw LocalError.validation(
                "Last-Event-ID must be a decimal event id without sign or leading zeros.",
                details: ["header": "Last-Event-ID"])
        }
        return value
    }
}
