import Foundation
import Marfa
import MarfaTesting
import Testing

/// The public names an app ports from the official copy, reached through a plain `import Marfa`:
/// a name that moves, or a new case in a switched enum, breaks this file's build on purpose.
@Suite("Public surface: values, records and the official names")
struct PublicSurfaceTests {
    private struct Record: Codable, Equatable { var title: String }

    private static func word(_ kind: GrantKind) -> String {
        switch kind {
        case .type: "type"
        case .edgeType: "edgeType"
        case .extension: "extension"
        }
    }

    private static func word(_ level: GrantLevel) -> String {
        switch level {
        case .read: "read"
        case .write: "write"
        }
    }

    @Test("every new value type is built from its public initializers and reads back what it was given")
    func valueTypes() throws {
        let grant = MissingGrant(kind: .extension, name: "app.reader", level: .write)
        #expect(Self.word(grant.kind) == grant.kind.rawValue && Self.word(grant.level) == grant.level.rawValue)
        let report = DrainReport(unclaimedSources: ["elsewhere"])
        #expect(report.unclaimedSources == ["elsewhere"])
        let representable: [any JSONRepresentable] = [
            "text", 1, 2.5, true, Date(timeIntervalSince1970: 0), [1, 2], ["k": "v"], Int?.none,
        ]
        #expect(
            representable.map(\.jsonValue) == ["text", 1, 2.5, true, "1970-01-01T00:00:00Z", [1, 2], ["k": "v"], nil])
        let value = JSONValue(members: ["title": "T"])
        #expect(value.object?["title"]?.string == "T" && value["title"]?.integer == nil && JSONValue(3).number == 3)
        let item = Item(
            id: "i", type: "core.note", properties: try #require(JSONValue(encoding: Record(title: "T")).object))
        #expect(
            try item.decode(Record.self) == Record(title: "T") && (try value.decode(Record.self)) == Record(title: "T"))
        #expect(try Draft(type: "core.note", encoding: Record(title: "T")).properties == ["title": "T"])
        #expect(try Edit(encoding: Record(title: "T"), baseVersion: 1).properties == .replace(["title": "T"]))
        #expect(Draft(type: "core.note", values: ["title": "T"]).properties == ["title": "T"])
        #expect(Keychain.isolated().folderURL != Keychain.isolated().folderURL)
    }

    private static func word(_ end: EdgeEnd) -> String {
        switch end {
        case .source: "source"
        case .target: "target"
        }
    }

    @Test("JSONObject and the edge type fields under their official names")
    func orderedValuesAndEdgeTypes() throws {
        var object: JSONObject = ["b": 1]
        object["a"] = JSONValue(true)
        let pairs: [(key: String, value: JSONValue)] = Array(object)
        let keys: [String] = object.keys
        let values: [JSONValue] = object.values
        let removed: JSONValue? = object.removeValue(forKey: "b")
        #expect(pairs.map(\.key) == ["b", "a"] && keys == ["b", "a"] && values == [1, true] && removed == 1)
        let read: JSONObject = try JSONObject(json: #"{"z":1,"y":[2]}"#)
        let text: String = read.json()
        let value: JSONValue = try JSONValue(json: text)
        let limit: Int = JSONValue.nestingLimit
        #expect(value.object?.keys == ["z", "y"] && limit == 512 && Set([read]).contains(["y": [2], "z": 1]))
        let edgeType = EdgeType(id: "app.cites", reverseName: "cited by", writtenAt: .target, shipped: true)
        let reverse: String? = edgeType.reverseName
        let shipped: Bool = edgeType.shipped
        #expect(Self.word(edgeType.writtenAt) == edgeType.writtenAt.rawValue && reverse == "cited by" && shipped)
        #expect(EdgeEnd.allCases == [.source, .target])
    }

    @Test("the new calls are reachable under their official names")
    func calls() async throws {
        let fake = WorkingCopy.fake(items: [Item(id: "o", type: "core.note")])
        let items = fake.copy.items
        let original: (String) async throws -> String? = items.original(ofConflictedCopy:)
        let copies: (String) async throws -> [Item] = items.conflictedCopies(of:)
        let purge: (String, Int64?) async throws -> Void = items.purge(_:version:)
        let originalOfO = try await original("o")
        let copiesOfO = try await copies("o")
        #expect(originalOfO == nil && copiesOfO.isEmpty)
        await #expect(throws: (any Error).self) { try await purge("absent", 1) }
    }
}
