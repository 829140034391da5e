import Foundation
import Marfa
import MarfaTesting
import Testing

/// Types, items and helpers the fake copy's tests share.
enum Fixture {
    static let noteType = ItemType(
        id: "app.note", label: "Note",
        fields: [
            TypeField(name: "body", type: "string", declaredBy: "app.note"),
            TypeField(name: "title", type: "string", required: true, declaredBy: "app.note"),
        ],
        titleField: "title", bodyField: "body")
    static let journalType = ItemType(id: "app.note.journal", label: "Journal entry", parent: "app.note")
    static let taskType = ItemType(
        id: "app.task", fields: [TypeField(name: "done", type: "boolean", declaredBy: "app.task")], titleField: "name")
    static let references = EdgeType(id: "references")
    static let parentOf = EdgeType(id: "parent-of", cardinality: "one-to-many")

    /// The same note type, as an app declares it.
    static let declaredNote = Components.Schemas.TypeDefinitionInput(
        fields: .init(additionalProperties: [
            "title": .init(_type: .string, required: true), "body": .init(_type: .string),
        ]),
        id: "app.note", displayHints: .init(titleField: "title", bodyField: "body"))

    static func date(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + seconds) }

    /// A note made `seconds` after a fixed moment (its own time and its making alike).
    static func note(
        _ id: String, _ title: String, body: String = "", at seconds: TimeInterval = 0, type: String = "app.note",
        state: ItemState = .active, tier: Tier? = .library, tags: [String] = []
    ) -> Item {
        Item(
            id: id, type: type, properties: ["title": .string(title), "body": .string(body)], state: state, tier: tier,
            occurredAt: date(seconds), createdAt: date(seconds), updatedAt: date(seconds), tags: tags)
    }

    static func edge(
        _ id: String, _ source: String, _ target: String, type: String = "references", at seconds: TimeInterval = 0
    ) -> Edge {
        Edge(
            id: id, sourceId: source, targetId: target, edgeType: type, createdAt: date(seconds),
            updatedAt: date(seconds))
    }

    /// A fake holding three notes, a journal entry, a task, and edges between them.
    static func library() -> FakeCopy {
        WorkingCopy.fake(
            items: [
                note("n1", "Groceries", body: "milk and bread", at: 10, tags: ["home"]),
                note("n2", "Reading list", body: "a novel", at: 20, tags: ["home", "books"]),
                note("n3", "Old plan", at: 30, state: .archived),
                note(
                    "j1", "Tuesday", body: "a long walk", at: 40, type: "app.note.journal", tier: .feed, tags: ["books"]
                ),
                Item(
                    id: "t1", type: "app.task", properties: ["name": "Call the bank", "done": false],
                    occurredAt: date(50), createdAt: date(50)),
                note("n4", "Binned", at: 60, state: .trashed),
            ],
            edges: [
                edge("e2", "n1", "n2", at: 5), edge("e1", "n1", "j1", at: 5),
                edge("p1", "n2", "n3", type: "parent-of", at: 7),
                edge("p2", "n3", "t1", type: "parent-of", at: 8),
            ],
            itemTypes: [noteType, journalType, taskType], edgeTypes: [references, parentOf])
    }
}

/// Expects `body` to throw the fake's refusal naming `call`.
func expectUnsupported(
    _ call: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async {
    do {
        try await body()
        Issue.record("\(call) answered instead of throwing unsupported", sourceLocation: sourceLocation)
    } catch let error as FakeCopyError {
        #expect(error == .unsupported(call: call), sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(call) threw \(error), not FakeCopyError.unsupported", sourceLocation: sourceLocation)
    }
}

/// The next `count` changes of `changes`.
func next(_ count: Int, of changes: inout AsyncStream<Change>.Iterator) async -> [Change] {
    var seen: [Change] = []
    while seen.count < count, let change = await changes.next() { seen.append(change) }
    return seen
}

extension Change {
    /// The change in a few words, for comparing sequences.
    var summary: String {
        switch origin {
        case .local(let kind): "local \(kind.rawValue) \(itemId ?? "") \(edgeId ?? "")"
        case .answered(let verdict): "answered \(verdict.kind.rawValue) \(verdict.verdict.map { "\($0)" } ?? "none")"
        case .refreshed(let refresh): "refreshed \(refresh.rawValue)"
        case .serverReachable: "reachable"
        case .serverUnreachable: "unreachable"
        case .server(let event, _): "server \(event)"
        case .saved: "saved"
        case .stopped: "stopped"
        }
    }
}
