import Foundation

/// One server-sent event (the `text/event-stream` format).
public struct ServerSentEvent: Sendable, Hashable {
    /// The event's `id` field, which a reconnecting client sends back as `Last-Event-ID`.
    public var id: String?
    /// The event's `event` field: its type, or nil for the default `message`.
    public var event: String?
    /// The event's `data` lines, joined by `\n`.
    public var data: String?
    /// The event's `retry` field: how many milliseconds a client waits before reconnecting.
    public var retry: Int?

    /// An event with the fields given; a nil field is not written.
    public init(id: String? = nil, event: String? = nil, data: String? = nil, retry: Int? = nil) {
        self.id = id
        self.event = event
        self.data = data
        self.retry = retry
    }

    /// The event in wire form, ending with the blank line that dispatches it.
    public var encoded: [UInt8] {
        var text = ""
        if let id { text += "id: \(id)\n" }
        if let event { text += "event: \(event)\n" }
        if let retry { text += "retry: \(retry)\n" }
        if let data {
            for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        }
        return Array((text + "\n").utf8)
    }
}

/// Server-sent events read from a body as they arrive. Comment lines (`: ping`) are skipped; an
/// event with no field is not dispatched.
public struct ServerSentEventsSequence: AsyncSequence, Sendable {
    public typealias Element = ServerSentEvent
    let lines: LineSequence

    public func makeAsyncIterator() -> Iterator { Iterator(lines: lines.makeAsyncIterator()) }

    /// Reads the next event as its dispatching blank line arrives.
    public struct Iterator: AsyncIteratorProtocol {
        var lines: LineSequence.Iterator

        public mutating func next() async throws -> ServerSentEvent? {
            var event = ServerSentEvent()
            var data: [Substring] = []
            var hasField = false
            while let line = try await lines.next() {
                if line.isEmpty {
                    if hasField {
                        if !data.isEmpty { event.data = data.joined(separator: "\n") }
                        return event
                    }
                    continue
                }
                if line.hasPrefix(":") { continue }
                let colon = line.firstIndex(of: ":")
                let field = colon.map { line[..<$0] } ?? line[...]
                var value = colon.map { line[line.index(after: $0)...] } ?? ""
                if value.hasPrefix(" ") { value = value.dropFirst() }
                switch field {
                case "id": event.id = String(value)
                case "event": event.event = String(value)
                case "data": data.append(value)
                case "retry": event.retry = Int(value)
                default: continue
                }
                hasField = true
            }
            if hasField {
                if !data.isEmpty { event.data = data.joined(separator: "\n") }
                return event
            }
            return nil
        }
    }
}

/// Lines of UTF-8 text read from a body, split on `\n`, `\r\n` or `\r`, as they arrive.
public struct LineSequence: AsyncSequence, Sendable {
    public typealias Element = String
    let body: HTTPBody

    public func makeAsyncIterator() -> Iterator { Iterator(chunks: body.makeAsyncIterator()) }

    /// Reads the next line as its line ending arrives.
    public struct Iterator: AsyncIteratorProtocol {
        var chunks: HTTPBody.AsyncIterator
        var buffer: [UInt8] = []
        var start = 0
        /// Where the search for a line ending goes on: the bytes of the line before it hold none,
        /// so a long line arriving in many chunks is scanned once, not once per chunk.
        var scanned = 0
        var finished = false
        var skipLineFeed = false

        public mutating func next() async throws -> String? {
            while true {
                var i = Swift.max(start, scanned)
                while i < buffer.count {
                    let byte = buffer[i]
                    if skipLineFeed {
                        skipLineFeed = false
                        if byte == 10 {
                            start += 1
                            i += 1
                            continue
                        }
                    }
                    if byte == 10 || byte == 13 {
                        let line = String(decoding: buffer[start..<i], as: UTF8.self)
                        skipLineFeed = byte == 13
                        start = i + 1
                        return line
                    }
                    i += 1
                }
                scanned = buffer.count
                if finished {
                    guard start < buffer.count else { return nil }
                    let line = String(decoding: buffer[start...], as: UTF8.self)
                    start = buffer.count
                    return line
                }
                if start > 0 {
                    buffer.removeFirst(start)
                    scanned -= start
                    start = 0
                }
                if let chunk = try await chunks.next() {
                    buffer.append(contentsOf: chunk)
                } else {
                    finished = true
                }
            }
        }
    }
}

extension HTTPBody {
    /// The body's lines as they arrive.
    public var lines: LineSequence { LineSequence(body: self) }

    /// The body read as server-sent events.
    public func asServerSentEvents() -> ServerSentEventsSequence { ServerSentEventsSequence(lines: lines) }

    /// The body read as server-sent events whose `data` is JSON of type `T` (nil data stays nil).
    public func asDecodedServerSentEventsWithJSONData<T: Decodable & Sendable>(
        of type: T.Type
    )
        -> AsyncThrowingMapSequence<ServerSentEventsSequence, (event: ServerSentEvent, data: T?)>
    {
        asServerSentEvents().map { event in
            let decoder = JSONCoding.makeDecoder()
            return (event, try event.data.map { try decoder.decode(T.self, from: Data($0.utf8)) })
        }
    }

    /// The body read as JSON Lines: one JSON value of type `T` a line; blank lines are skipped.
    public func asDecodedJSONLines<T: Decodable & Sendable>(
        of type: T.Type
    ) -> AsyncThrowingCompactMapSequence<LineSequence, T> {
        lines.compactMap { line in
            line.allSatisfy({ $0 == " " || $0 == "\t" })
                ? nil : try JSONCoding.makeDecoder().decode(T.self, from: Data(line.utf8))
        }
    }

    /// A body that writes each event as it comes.
    public convenience init<Events: AsyncSequence & Sendable>(serverSentEvents events: Events)
    where Events.Element == ServerSentEvent {
        self.init(events.map { ArraySlice($0.encoded) }, length: .unknown)
    }

    /// A body that writes each value as one JSON line as it comes.
    public convenience init<Values: AsyncSequence & Sendable>(jsonLines values: Values)
    where Values.Element: Encodable & Sendable {
        self.init(
            values.map { value -> ArraySlice<UInt8> in
                var bytes = [UInt8](try JSONCoding.makeEncoder().encode(value))
                bytes.append(10)
                return bytes[...]
            }, length: .unknown)
    }
}
