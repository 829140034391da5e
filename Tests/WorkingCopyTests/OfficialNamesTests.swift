import Foundation
import Marfa
import Testing

@Suite("Names the official copy has: unclaimed sources, conflicted copies, a conditional purge, typed grants")
struct OfficialNamesTests {
    @Test("a create under a source the key does not claim is blocked, and the drain report names the source once")
    func unclaimedSources() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            _ = try await copy.items.create(Draft(type: "core.note", values: ["title": "Mine"]))
            let first = try await copy.items.create(
                Draft(type: "core.note", values: ["title": "Theirs"], source: "elsewhere"))
            _ = try await copy.items.create(
                Draft(type: "core.note", values: ["title": "Theirs too"], source: "elsewhere"))
            let report = try await copy.queue.drain()
            #expect(report.unclaimedSources == ["elsewhere"])
            guard case .blocked(.credentialRefused, _)? = report.verdicts.first(where: { $0.id == first.id })?.verdict
            else {
                throw TestFailure("the unclaimed create was \(report.verdicts)")
            }
            #expect(try await copy.queue.drain().unclaimedSources == [])
            await copy.close()
        }
    }

    @Test("a conflicted copy leads back to its original, and the original lists its held copies, the bin's left out")
    func conflictedCopies() async throws {
        try await CopyTestInstance.with { test in
            let id = try await test.createItem("core.note", properties: #"{"title": "Shared", "body": "Original."}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library, edgeTypes: ["derived-from"])
            #expect(try await copy.items.conflictedCopies(of: id).isEmpty)
            var siblings: [String] = []
            for text in ["First stale text.", "Second stale text."] {
                let held = try #require(try await copy.items.get(id))
                let edit = try await copy.items.update(
                    id, Edit(.merge(["body": .init(text)]), baseVersion: held.version))
                try await test.updateItem(id, properties: #"{"body": "Another device's text \#(siblings.count)."}"#)
                let report = try await copy.queue.drain()
                guard case .conflicted(let sibling, _)? = report.verdicts.first(where: { $0.id == edit.id })?.verdict
                else {
                    throw TestFailure("the edit was \(report.verdicts)")
                }
                siblings.append(sibling)
                _ = try await copy.catchUp()
            }
            #expect(try await copy.items.conflictedCopies(of: id).map(\.id) == siblings)
            #expect(try await copy.items.original(ofConflictedCopy: siblings[1]) == id)
            #expect(try await copy.items.original(ofConflictedCopy: id) == nil)
            _ = try await copy.items.delete(siblings[0])
            #expect(try await copy.items.conflictedCopies(of: id).map(\.id) == [siblings[1]])
            await copy.close()
        }
    }

    @Test("a purge conditional on another version than the copy holds is refused and sends nothing")
    func conditionalPurge() async throws {
        try await CopyTestInstance.with { test in
            let id = try await test.createItem("core.note", properties: #"{"title": "Old"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            _ = try await copy.items.delete(id)
            #expect(try await copy.queue.drain().answered == 1)
            let error = try await #require(throws: MarfaError.self) { try await copy.items.purge(id, version: 99) }
            guard case .versionConflict = error else { throw TestFailure("got \(error)") }
            #expect(try await copy.items.bin().items.map(\.id) == [id])
            let held = try #require(try await copy.items.list(ListFilters(allStates: true)).first { $0.id == id })
            try await copy.items.purge(id, version: held.version)
            #expect(try await copy.items.bin().items.isEmpty)
            await copy.close()
        }
    }

    @Test("a missing grant's kind and level are enums, stored under the words they always had")
    func typedGrant() throws {
        let grant = MissingGrant(kind: .edgeType, name: "references", level: .read)
        let text = String(decoding: try JSONEncoder().encode(grant), as: UTF8.self)
        #expect(text.contains(#""kind":"edgeType""#) && text.contains(#""level":"read""#))
        #expect(try JSONDecoder().decode(MissingGrant.self, from: Data(text.utf8)) == grant)
        #expect(GrantKind.allCases == [.type, .edgeType, .extension] && GrantLevel.allCases == [.read, .write])
    }
}
