import Foundation
import MarfaClock
import MarfaOpenAPIRuntime
import MarfaSQLite

/// One `GET /events` answer as the server pulls it: the `stream_cursor` marker, the replay of
/// the log after the cursor (in batches read on the store's reader connections, never the
/// writer's), `stream_live`, then live frames, each batch read when the hub wakes it; a `:ping` comment when nothing else was sent
/// for a ping interval. It ends with `stream_incomplete` when the instance stops
/// (`server_stopping`) or the key stops working (`credential_ended`), and a copy stream ends with
/// `read_view_changed` when the view generation moves past the one it opened under, sending no
/// event written after that change. A credential that expires (a key's `expires_at`, a sign-in's
/// access token) ends its open streams with `credential_ended` at that moment on the instance's
/// clock, as the real server does (`events/credential-token-expired`).
///
/// The body is iterated once, by one task at a time (the server's reader), which is what makes
/// the unguarded state safe.
final class EventFollower: @unchecked Sendable {
    /// What makes a stream a copy stream: the markers' extra members and the view it serves.
    struct CopyStream: Sendable {
        var instanceID: String
        var readView: String
        /// The view generation `readView` belongs to.
        var generation: Int64
    }

    /// What the handler settled before answering.
    struct Plan: Sendable {
        /// Replay events after this id.
        var after: Int64
        /// The log head when the stream opened.
        var head: Int64
        /// A terminal frame sent right after `stream_cursor` instead of the replay.
        var terminal: OpenAPIObject?
        /// Set on a copy stream: markers carry `instance_id` and `read_view`, item frames `listed`.
        var copy: CopyStream?
        var filter: EventFilter
        var pingInterval: Duration
    }

    /// `closing`: the last frame was handed out; the next call ends the stream. The follower
    /// leaves the hub only then, once the server has taken that frame, so `EventHub.stop()` never
    /// returns while a stream's `stream_incomplete` is still on its way to the response.
    private enum Phase { case opening, replay, live, closing, finished }

    private static let batchSize = 256

    private let plan: Plan
    private let store: LocalStore
    private let hub: EventHub
    private let subscription: Int
    private var signals: AsyncStream<EventHub.Signal>.Iterator
    private var pinger: Task<Void, Never>?
    private var phase = Phase.opening
    /// The highest id read from the log.
    private var lastRead: Int64
    /// The last id sent, nil before the first.
    private var lastSent: Int64?

    init(plan: Plan, store: LocalStore, hub: EventHub, subscription: (id: Int, signals: AsyncStream<EventHub.Signal>)) {
        self.plan = plan
        self.store = store
        self.hub = hub
        self.subscription = subscription.id
        self.signals = subscription.signals.makeAsyncIterator()
        self.lastRead = plan.after
        let id = subscription.id
        let interval = plan.pingInterval
        let clock = store.clock
        let expiry = plan.filter.key.expiresAt
        pinger = Task { [hub] in
            await Self.ping(hub, subscription: id, every: interval, until: expiry, on: clock)
        }
    }

    /// Pings the follower every `interval` on `clock`, and once more when its credential expires,
    /// so a quiet stream ends with `credential_ended` as its token's life ends.
    private static func ping(
        _ hub: EventHub, subscription id: Int, every interval: Duration, until expiry: Date?, on clock: any MarfaClock
    ) async {
        var expiry = expiry
        while !Task.isCancelled {
            if let due = expiry, due.timeIntervalSince(clock.now) < interval.inSeconds {
                try? await clock.sleep(until: due)
                expiry = nil
            } else {
                try? await clock.sleep(for: interval)
            }
            if Task.isCancelled { break }
            hub.ping(id)
        }
    }

    deinit { finish() }

    private func finish() {
        phase = .finished
        pinger?.cancel()
        pinger = nil
        hub.unsubscribe(subscription)
    }

    /// The next chunk of the stream; nil when it has ended.
    func next() async throws -> ArraySlice<UInt8>? {
        switch phase {
        case .finished:
            return nil
        case .closing:
            finish()
            return nil
        case .opening:
            var bytes = marker("stream_cursor", cursor: .string(String(plan.head)))
            if let terminal = plan.terminal {
                bytes += Self.frame(event: terminal["event_type"]?.string, json: terminal)
                phase = .closing
            } else {
                phase = .replay
            }
            return bytes[...]
        case .replay:
            if hub.isStopping { return ending("server_stopping") }
            let (after, head, copy) = (lastRead, plan.head, plan.copy)
            let (batch, viewEnd) = try await store.read { db in
                (
                    try EventLog.entries(after: after, through: head, limit: Self.batchSize, in: db),
                    try copy.flatMap { try Self.viewEnd(of: $0, in: db) }
                )
            }
            if let viewEnd { return viewChanged(sending: batch, through: viewEnd) }
            guard let last = batch.last else {
                phase = .live
                lastRead = max(lastRead, plan.head)
                return marker("stream_live", cursor: .string(String(max(plan.head, lastSent ?? 0))))[...]
            }
            lastRead = last.id
            let bytes = encode(batch)
            // Rows this follower may not see still make a comment, so the reader sees progress.
            return (bytes.isEmpty ? Array(": withheld\n\n".utf8) : bytes)[...]
        case .live:
            var pingDue = false
            while true {
                if hub.isStopping { return ending("server_stopping") }
                let read = try await store.eventReads.read(
                    after: lastRead, key: plan.filter.key, wakeCount: hub.wakeCount, limit: Self.batchSize, store: store
                )
                guard read.credentialWorks else { return ending("credential_ended") }
                let batch = read.entries
                if let copy = plan.copy, read.viewGeneration != copy.generation {
                    let viewEnd = try await store.read { db in try Self.viewEnd(of: copy, in: db) }
                    return viewChanged(sending: batch, through: viewEnd ?? lastRead)
                }
                if let last = batch.last {
                    lastRead = last.id
                    let bytes = encode(batch)
                    if !bytes.isEmpty { return bytes[...] }
                    continue
                }
                if pingDue { return Array(":ping\n\n".utf8)[...] }
                guard let signal = await signals.next() else {
                    // Canceled (the reader went away) or unsubscribed.
                    if hub.isStopping && !Task.isCancelled { return ending("server_stopping") }
                    finish()
                    return nil
                }
                if signal == .ping { pingDue = true }
            }
        }
    }

    private func ending(_ reason: String) -> ArraySlice<UInt8> {
        let cursor: OpenAPIValue = lastSent.map { .string(String($0)) } ?? .null
        let bytes = Self.frame(
            event: "stream_incomplete",
            json: ["event_type": "stream_incomplete", "reason": .string(reason), "cursor": cursor])
        phase = .closing
        return bytes[...]
    }

    /// The last event of the copy stream's view, once a later view exists; nil while it is current.
    private static func viewEnd(of copy: CopyStream, in db: SQLiteConnection) throws -> Int64? {
        guard try ReadViews.generation(in: db) != copy.generation else { return nil }
        return try ReadViews.lastEvent(of: copy.generation, in: db) ?? EventLog.head(in: db)
    }

    /// The events of `batch` up to `last` (those still in the stream's view), then the terminal
    /// `read_view_changed` frame, which carries nothing but its type.
    private func viewChanged(sending batch: [EventLog.Entry], through last: Int64) -> ArraySlice<UInt8> {
        var bytes = encode(batch.filter { $0.id <= last })
        bytes += Self.frame(event: "read_view_changed", json: ["event_type": "read_view_changed"])
        phase = .closing
        return bytes[...]
    }

    private func marker(_ type: String, cursor: OpenAPIValue) -> [UInt8] {
        var json: OpenAPIObject = ["event_type": .string(type), "cursor": cursor]
        if let copy = plan.copy {
            json["instance_id"] = .string(copy.instanceID)
            json["read_view"] = .string(copy.readView)
        }
        return Self.frame(event: type, json: json)
    }

    private func encode(_ batch: [EventLog.Entry]) -> [UInt8] {
        var text = ""
        for entry in batch where plan.filter.admits(entry) {
            var frame = entry.frame
            if plan.copy != nil, !entry.type.hasPrefix("edge."), frame.hasPrefix("{") {
                frame.insert(contentsOf: "\"listed\":true,", at: frame.index(after: frame.startIndex))
            }
            text += "id: \(entry.id)\nevent: \(entry.type)\ndata: \(frame)\n\n"
            lastSent = entry.id
        }
        return Array(text.utf8)
    }

    private static func frame(event: String?, json: OpenAPIObject) -> [UInt8] {
        let data = (try? JSONCoding.encode(OpenAPIValue.object(json))) ?? Data("{}".utf8)
        return ServerSentEvent(event: event, data: String(decoding: data, as: UTF8.self)).encoded
    }
}

/// The chunks of one follower, as an `HTTPBody` source.
struct EventFollowerChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let follower: EventFollower

    struct Iterator: AsyncIteratorProtocol {
        let follower: EventFollower
        mutating func next() async throws -> ArraySlice<UInt8>? { try await follower.next() }
    }

    func makeAsyncIterator() -> Iterator { Iterator(follower: follower) }
}
