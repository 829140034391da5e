import MarfaDigest
import Foundation
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
///   `instance_id` and `read_view`, item and metadata frames carrying `listed` (always `true`: the
///   local instance has no source filter). A catch-up sends both `Last-Event-ID` and
///   `X-Marfa-Read-View`; one without the other is `400`. The local instance's read view is
///   minimal: a hash of the instance id and the key's id, so it changes only with the key; a view
///   other than the key's is `409 read_view_changed`. On a plain stream the header is `400`.
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
        case nil, .some(.all): includesEdges = true
        case .some(.none): includesEdges = false
        case .some(.unknown(let value)): throw LocalError.validation("edges is all or none, not '\(value)'.")
        }
        let view = readView(for: key)
        var copyMarkers: [String: OpenAPIValue]?
        if isCopy {
            guard input.query._type == nil else { throw LocalError.validation("The copy stream takes no type filter.") }
            guard includesEdges else { throw LocalError.validation("The copy stream needs edges=all.") }
            let sentView = input.headers.xMarfaReadView
            guard (cursor == nil) == (sentView == nil) else {
                throw LocalError.validation("A copy catch-up sends both Last-Event-ID and X-Marfa-Read-View, or neither.")
            }
            if let sentView, sentView != view {
                throw LocalError.conflict("read_view_changed", "The read view changed. Rebuild the working copy.")
            }
            copyMarkers = ["instance_id": .string(store.instanceID), "read_view": .string(view)]
        } else if input.headers.xMarfaReadView != nil {
            throw LocalError.validation("X-Marfa-Read-View is only for the copy stream and conditional reads.")
        }
        let markers = copyMarkers
        // Subscribe before taking the head, so that no write between the two goes unseen.
        let subscription = store.events.subscribe()
        do {
            let plan = try await read { db -> EventFollower.Plan in
                let filter = try EventFilter(
                    typeList: input.query._type, includesEdges: includesEdges, key: key, registry: try TypeRegistry.load(db))
                let head = try EventLog.head(in: db)
                var plan = EventFollower.Plan(
                    after: cursor ?? head, head: head, terminal: nil, copyMarkers: markers, filter: filter,
                    pingInterval: eventPingInterval)
                if let cursor {
                    if cursor > head {
                        plan.terminal = ["event_type": "cursor_ahead", "requested": .string(String(cursor)), "head": .string(String(head))]
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
            return .ok(.init(
                headers: .init(xMarfaContract: Self.contract),
                body: .textEventStream(HTTPBody(EventFollowerChunks(follower: follower), length: .unknown))))
        } catch {
            store.events.unsubscribe(subscription.id)
            throw error
        }
    }

    /// The key's read view: 64 lowercase hex characters, the same for every request of one key.
    func readView(for key: KeyRecord) -> String {
        SHA256.hex("marfa-read-view:\(store.instanceID):\(key.id)")
    }

    /// The cursor `Last-Event-ID` names: nil when absent or empty; `400 validation_error` unless
    /// it is a decimal without sign or leading zeros, at most `Int64.max`.
    static func eventCursor(_ header: String?) throws -> Int64? {
        guard let header, !header.isEmpty else { return nil }
        let bytes = Array(header.utf8)
        guard bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }), bytes.count == 1 || bytes[0] != 48, let value = Int64(header) else {
            throw LocalError.validation(
                "Last-Event-ID must be a decimal event id without sign or leading zeros.",
                details: ["header": "Last-Event-ID"])
        }
        return value
    }
}
