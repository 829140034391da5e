import MarfaOpenAPIRuntime

/// What the decoders make of one body: its lines, its events, its events' JSON data, its JSON
/// Lines; a decoder that throws is recorded by where it stopped.
struct StreamReadings: Equatable, CustomStringConvertible {
    var lines: [String] = []
    var events: [ServerSentEvent] = []
    var eventData: [OpenAPIValue?] = []
    var eventDataFailure = false
    var jsonLines: [OpenAPIValue] = []
    var jsonLinesFailure = false

    var description: String {
        "lines \(lines), events \(events), data \(eventData) (failed: \(eventDataFailure)), JSON lines \(jsonLines) (failed: \(jsonLinesFailure))"
    }

    /// Reads a body arriving as `chunks` with every decoder, each from a fresh body.
    static func read(_ chunks: [ArraySlice<UInt8>]) async -> StreamReadings {
        var readings = StreamReadings()
        func body() -> HTTPBody { HTTPBody(Stream(chunks), length: .unknown) }
        do {
            for try await line in body().lines { readings.lines.append(line) }
            for try await event in body().asServerSentEvents() { readings.events.append(event) }
        } catch {
            // Reading raw lines and events never throws: the chunks are in memory.
            readings.lines.append("unexpected error: \(error)")
        }
        do {
            for try await (_, data) in body().asDecodedServerSentEventsWithJSONData(of: OpenAPIValue.self) {
                readings.eventData.append(data)
            }
        } catch { readings.eventDataFailure = true }
        do {
            for try await value in body().asDecodedJSONLines(of: OpenAPIValue.self) { readings.jsonLines.append(value) }
        } catch { readings.jsonLinesFailure = true }
        return readings
    }

    /// The chunks, handed over one at a time.
    private struct Stream: AsyncSequence, Sendable {
        typealias Element = ArraySlice<UInt8>
        let chunks: [ArraySlice<UInt8>]
        init(_ chunks: [ArraySlice<UInt8>]) { self.chunks = chunks }
        func makeAsyncIterator() -> Iterator { Iterator(rest: chunks[...]) }

        struct Iterator: AsyncIteratorProtocol {
            var rest: ArraySlice<ArraySlice<UInt8>>
            mutating func next() async -> ArraySlice<UInt8>? { rest.popFirst() }
        }
    }
}
