import Foundation
import MarfaOpenAPIRuntime
import Testing

private typealias Event = DatesFixture.Components.Schemas.Event
private typealias Deadlines = DatesFixture.Components.Schemas.Deadlines
private typealias StampOrCount = DatesFixture.Components.Schemas.StampOrCount

/// Generated types read `date-time`s from RFC 3339 text under any `JSONDecoder` and write them as RFC
/// 3339 under any `JSONEncoder`, in every place a date sits: so an app that keeps generated values
/// with its own coders gets the wire's form back.
@Suite struct DateTimeCodingTests {
    /// A plain decoder, and decoders set to strategies that would read dates otherwise.
    static let decoders: [String] = ["plain", "iso8601", "secondsSince1970", "runtime"]

    static func decoder(_ name: String) -> JSONDecoder {
        let decoder = JSONDecoder()
        switch name {
        case "iso8601": decoder.dateDecodingStrategy = .iso8601
        case "secondsSince1970": decoder.dateDecodingStrategy = .secondsSince1970
        case "runtime": return JSONCoding.makeDecoder()
        default: break
        }
        return decoder
    }

    static func encoder(_ name: String) -> JSONEncoder {
        let encoder = name == "runtime" ? JSONCoding.makeEncoder() : JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        switch name {
        case "iso8601": encoder.dateEncodingStrategy = .iso8601
        case "secondsSince1970": encoder.dateEncodingStrategy = .secondsSince1970
        default: break
        }
        return encoder
    }

    /// 2026-11-29T12:00:00Z
    static let noon = Date(timeIntervalSince1970: 1_795_953_600)

    static let wire = #"""
        {"at":"2026-11-29T17:30:00+05:30","byName":{"a":"2026-11-29T12:00:00-00:00","b":"2026-11-29t12:00:00.25z"},\#
        "cancelledAt":null,"confirmedAt":"2026-11-29T03:15:00.125-08:45","endsAt":"2026-11-29T12:00:00.123456789Z",\#
        "grid":[["2026-11-29T12:00:00Z"],[]],"history":["2026-11-29T12:00:00Z","2026-11-29T13:00:00+01:00"],\#
        "maybeTimes":[null,"2026-11-29T12:00:00Z"],"stamp":"2026-11-29T12:00:00Z","stamps":["2026-11-29T12:00:00.5Z"],\#
        "startsOrNever":"2026-11-29T12:00:00Z","whenever":"2026-11-29T12:00:00Z"}
        """#

    @Test(arguments: decoders)
    func readsRFC3339InEveryPlaceUnderAnyDecoder(_ name: String) throws {
        let event = try Self.decoder(name).decode(Event.self, from: Data(Self.wire.utf8))
        let noon = Self.noon
        #expect(event.at == noon)
        #expect(event.byName?.additionalProperties == ["a": noon, "b": noon + 0.25])
        #expect(event.cancelledAt == .null)
        #expect(event.confirmedAt == noon + 0.125)
        #expect(abs(event.endsAt!.timeIntervalSince(noon) - 0.123456789) < 1e-6)
        #expect(event.grid == [[noon], []])
        #expect(event.history == [noon, noon])
        #expect(event.maybeTimes == [nil, noon])
        #expect(event.stamp == noon)
        #expect(event.stamps == [noon + 0.5])
        #expect(event.startsOrNever == .string(noon))
        #expect(event.whenever?.value1 == noon)
        #expect(event.whenever?.value2 == nil)
        // Absent: the default (2026-01-01T09:00:00.5+01:00).
        #expect(event.remindAt == Date(timeIntervalSince1970: 1_767_254_400.5))
    }

    @Test(arguments: decoders)
    func writesRFC3339UnderAnyEncoder(_ name: String) throws {
        let noon = Self.noon
        let event = Event(
            at: noon, endsAt: noon + 0.25, cancelledAt: .null, confirmedAt: nil, history: [noon],
            maybeTimes: [nil, noon],
            stamp: noon, stamps: [noon], grid: [[noon]], byName: .init(additionalProperties: ["a": noon]),
            startsOrNever: .string(noon), whenever: .init(value1: noon), remindAt: noon,
            day: CalendarDate(year: 2026, month: 11, day: 29))
        let text = String(decoding: try Self.encoder(name).encode(event), as: UTF8.self)
        let z = "2026-11-29T12:00:00Z"
        #expect(
            text == #"""
                {"at":"\#(z)","byName":{"a":"\#(z)"},"cancelledAt":null,"confirmedAt":null,"day":"2026-11-29",\#
                "endsAt":"2026-11-29T12:00:00.25Z","grid":[["\#(z)"]],"history":["\#(z)"],"maybeTimes":[null,"\#(z)"],\#
                "remindAt":"\#(z)","stamp":"\#(z)","stamps":["\#(z)"],"startsOrNever":"\#(z)","whenever":"\#(z)"}
                """#)
        for decoder in Self.decoders {
            #expect(try Self.decoder(decoder).decode(Event.self, from: Data(text.utf8)) == event)
        }
    }

    @Test(arguments: decoders)
    func additionalPropertiesAndUnionsOfDates(_ name: String) throws {
        let deadlines = try Self.decoder(name).decode(
            Deadlines.self, from: Data(#"{"owner":"ada","draft":"2026-11-29T12:00:00+00:00"}"#.utf8))
        #expect(deadlines.additionalProperties == ["draft": Self.noon])
        #expect(
            String(decoding: try Self.encoder(name).encode(deadlines), as: UTF8.self)
                == #"{"draft":"2026-11-29T12:00:00Z","owner":"ada"}"#)
        let stamp = try Self.decoder(name).decode([StampOrCount].self, from: Data(#"["2026-11-29T12:00:00Z",7]"#.utf8))
        #expect(stamp == [.stamp(Self.noon), .integer(7)])
        #expect(String(decoding: try Self.encoder(name).encode(stamp), as: UTF8.self) == #"["2026-11-29T12:00:00Z",7]"#)
        let never = try Self.decoder(name).decode(
            Event.self,
            from: Data(#"{"at":"2026-11-29T12:00:00Z","history":[],"confirmedAt":null,"startsOrNever":"never"}"#.utf8))
        #expect(never.startsOrNever == .case2(.never))
    }

    @Test func refusesTextThatIsNotADateTimeWithTheReason() throws {
        let text = #"{"at":"2026-13-01T00:00:00Z","history":[],"confirmedAt":null}"#
        do {
            _ = try JSONDecoder().decode(Event.self, from: Data(text.utf8))
            Issue.record("decoded a thirteenth month")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.underlyingError as? ISO8601.ParseError == .month(13))
            #expect(context.codingPath.map(\.stringValue) == ["at"])
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                Event.self, from: Data(#"{"at":"2026-11-29T12:00:00","history":[],"confirmedAt":null}"#.utf8))
        }
    }

    @Test(arguments: decoders)
    func aNumberIsNotADateTimeWhateverTheStrategy(_ name: String) throws {
        let text = #"{"at":1795953600,"history":[],"confirmedAt":null}"#
        #expect {
            try Self.decoder(name).decode(Event.self, from: Data(text.utf8))
        } throws: { error in
            guard case DecodingError.typeMismatch(let type, let context) = error else { return false }
            return type == String.self && context.codingPath.map(\.stringValue) == ["at"]
        }
    }
}

/// Answers the event it is asked for, at the time the path names, recording the input it read.
private struct DatesServer: DatesFixture.APIProtocol {
    let received = Recorder<DatesFixture.Operations.GetEvent.Input>()

    func getEvent(
        _ input: DatesFixture.Operations.GetEvent.Input
    ) async throws -> DatesFixture.Operations.GetEvent.Output {
        received.record(input)
        return .ok(.init(body: .json(Event(at: input.path.at, confirmedAt: nil, history: input.query.window ?? []))))
    }
}

/// Dates in the path, the query and a header are the same RFC 3339 text as in bodies, written by the
/// generated client and read back by the generated server.
@Suite struct DateTimeParameterTests {
    @Test func parametersAndBodiesAgree() async throws {
        let transport = InMemoryTransport()
        let server = DatesServer()
        try server.registerHandlers(on: transport)
        let client = DatesFixture.Client(serverURL: testServerURL, transport: transport)
        let noon = DateTimeCodingTests.noon
        let input = DatesFixture.Operations.GetEvent.Input(
            path: .init(at: noon + 0.5), query: .init(since: noon, window: [noon, noon + 60]),
            headers: .init(xAsOf: noon))
        let event = try await client.getEvent(input).ok.body.json
        let request = try #require(transport.lastRequest)
        #expect(
            request.path
                == "/events/2026-11-29T12%3A00%3A00.5Z?since=2026-11-29T12%3A00%3A00Z&window=2026-11-29T12%3A00%3A00Z,2026-11-29T12%3A01%3A00Z"
        )
        #expect(request.headerFields["X-As-Of"] == "2026-11-29T12:00:00Z")
        #expect(server.received.last == input)
        #expect(event.at == noon + 0.5)
        #expect(event.history == [noon, noon + 60])
    }
}
