import Foundation
import MarfaYAML
import Testing

/// libyaml's bare event parse, the floor `make bench-generator` measures generation against.
@Suite struct ParseFloorTests {
    @Test func countsEveryEventOfADocument() throws {
        // stream and document start, mapping start, a, [, 1, 2, ], b, x, mapping end, document and stream end
        let events = try ParseFloor.eventCount(Array("a: [1, 2]\nb: x\n".utf8), file: "floor.yaml").get()
        #expect(events == 13)
    }

    @Test func readsJSONAsYAML() throws {
        let events = try ParseFloor.eventCount(Array(#"{"a": {"b": [true]}}"#.utf8), file: "floor.json").get()
        #expect(events == 13)
    }

    @Test func malformedTextIsAPositionedError() {
        guard case .failure(let error) = ParseFloor.eventCount(Array("a: [1\nb: 2\n".utf8), file: "bad.yaml") else {
            Issue.record("a flow sequence left open must not parse")
            return
        }
        #expect(error.location.file == "bad.yaml")
        #expect(error.location.line >= 1)
    }

    @Test func readsTheFileItIsGiven() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/floor.yaml"
        try write("a: 1\n", to: path)
        #expect(try ParseFloor.eventCount(path: path).get() == 8)
        guard case .failure(let missing) = ParseFloor.eventCount(path: folder + "/absent.yaml") else {
            Issue.record("a missing file must not parse")
            return
        }
        #expect(missing.kind == .unreadable)
    }
}
