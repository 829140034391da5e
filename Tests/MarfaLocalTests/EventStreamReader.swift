import Foundation
import MarfaHTTP
import MarfaOpenAPIRuntime
import Testing

/// A `GET /events` answer read frame by frame over real HTTP, comments included; each read gives
/// up after a timeout so that a missing frame fails the test instead of hanging it.
final class EventStreamReader: @unchecked Sendable {
    /// One frame: an event (`id`, `event`, `data`) or a comment line such as `:ping`.
    struct Frame: Sendable {
        var id: String?
        var event: String?
        var data: OpenAPIValue = .null
        var comment: String?

        var eventType: String? { data["event_type"]?.string }
    }

    let status: Int
    /// The body of an answer other than 200.
    let refusal: RawAnswer?
    private var lines: LineSequence.Iterator?

    private init(status: Int, refusal: RawAnswer?, lines: LineSequence.Iterator?) {
        self.status = status
        self.refusal = refusal
        self.lines = lines
    }

    /// Opens `GET /events<query>` with the owner's key (or `key`) and `Last-Event-ID` when given.
    static func open(
        _ local: LocalTestInstance, _ query: String = "", lastEventID: String? = nil, key: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> EventStreamReader {
        var fields = HTTPFields()
        fields["Authorization"] = "Bearer \(key ?? local.key)"
        fields["Accept"] = "text/event-stream"
        if let lastEventID { fields["Last-Event-ID"] = lastEventID }
        for (name, value) in headers { fields[name] = value }
        let (response, body) = try await local.transport.send(
            HTTPRequest(method: .get, path: "/events" + query, headerFields: fields), body: nil, baseURL: local.url,
            operationID: "streamEvents")
        guard response.status == 200, let body else {
            let bytes = try await body?.collect(upTo: 1 << 20) ?? []
            return EventStreamReader(
                status: response.status.code,
                refusal: RawAnswer(status: response.status.code, headers: response.headerFields, bytes: bytes),
                lines: nil)
        }
        #expect(response.headerFields["Content-Type"]?.hasPrefix("text/event-stream") == true)
        return EventStreamReader(status: 200, refusal: nil, lines: body.lines.makeAsyncIterator())
    }

    /// The next frame, comments included; nil when the stream ended.
    func next(timeout: Duration = .seconds(10)) async throws -> Frame? {
        try await withThrowingTaskGroup(of: Frame?.self) { group in
            group.addTask { try await self.readFrame() }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw StreamTimeout()
            }
            let first = try await group.next()!
            group.cancelAll()
            return first
        }
    }

    /// The next frame that is not a comment.
    func nextEvent(timeout: Duration = .seconds(10)) async throws -> Frame? {
        while let frame = try await next(timeout: timeout) {
            if frame.comment == nil { return frame }
        }
        return nil
    }

    /// The next `count` event frames (comments skipped).
    func events(_ count: Int) async throws -> [Frame] {
        var frames: [Frame] = []
        while frames.count < count, let frame = try await nextEvent() { frames.append(frame) }
        return frames
    }

    private func readFrame() async throws -> Frame? {
        var frame = Frame()
        var hasField = false
        while let line = try await lines?.next() {
            if line.isEmpty {
                if hasField { return frame }
                continue
            }
            if line.hasPrefix(":") {
                frame.comment = line
                hasField = true
                continue
            }
            hasField = true
            let parts = line.split(separator: ":", maxSplits: 1)
            let value = parts.count > 1 ? parts[1].trimmingPrefix(" ") : ""
            switch parts[0] {
            case "id": frame.id = String(value)
            case "event": frame.event = String(value)
            case "data":
                frame.data =
                    (try? JSONCoding.decode(OpenAPIValue.self, from: Data(value.utf8))) ?? .string(String(value))
            default: break
            }
        }
        return hasField ? frame : nil
    }

    struct StreamTimeout: Error {}
}
