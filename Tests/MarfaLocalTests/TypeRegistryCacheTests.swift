import Foundation
import MarfaClock
import MarfaSQLite
import Testing

@testable import MarfaLocal

/// Writes read the registered types once per change of them: the registry follows every change,
/// one rolled back included, and two stores never share one by mistake.
@Suite struct TypeRegistryCacheTests {
    struct Stop: Error {}

    static func open() async throws -> (LocalStore, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "marfa-registry-\(UUID().uuidString)")
        return (try await LocalStore.open(directory: folder, clock: SystemClock()), folder)
    }

    static func insert(_ id: String, parent: String? = nil, hints: String = "", in db: SQLiteConnection) throws {
        let parentMember = parent.map { #","parent":"\#($0)""# } ?? ""
        try db.run(
            "INSERT INTO item_types (id, definition, builtin, created_at, updated_at) VALUES (?, ?, 0, 0, 0)", id,
            #"{"id":"\#(id)","fields":{"headline":{"type":"string"}}\#(parentMember)\#(hints)}"#)
    }

    @Test func followsEveryChangeAndForgetsOneRolledBack() async throws {
        let (store, folder) = try await Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await store.read { try TypeRegistry.load($0).contains("app.ghost") } == false)
        await #expect(throws: Stop.self) {
            try await store.write { db in
                try Self.insert("app.ghost", in: db)
                #expect(try TypeRegistry.load(db).contains("app.ghost"), "seen inside its own transaction")
                throw Stop()
            }
        }
        #expect(try await store.read { try TypeRegistry.load($0).contains("app.ghost") } == false)
        try await store.write { db in
            try Self.insert("app.memo", hints: #","display_hints":{"title_field":"headline"}"#, in: db)
        }
        #expect(try await store.read { try ItemSearchIndex.fields(of: "app.memo", in: $0).title } == "headline")
        try await store.write { db in
            try db.run(
                "UPDATE item_types SET definition = json_remove(definition, '$.display_hints') WHERE id = 'app.memo'")
        }
        #expect(try await store.read { try ItemSearchIndex.fields(of: "app.memo", in: $0) } == .fallback)
        try await store.write { db in try db.run("DELETE FROM item_types WHERE id = 'app.memo'") }
        #expect(try await store.read { try TypeRegistry.load($0).contains("app.memo") } == false)
        await store.close()
    }

    @Test func resolvedTypesFollowAChangeMadeInMemory() async throws {
        let (store, folder) = try await Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await store.write { db in
            try Self.insert("app.base", in: db)
            try Self.insert("app.child", parent: "app.base", in: db)
            try Self.insert("app.lost", parent: "app.nowhere", in: db)
        }
        var registry = try await store.read { try TypeRegistry.load($0) }
        #expect(try registry.resolved("app.child").fields.additionalProperties.keys.sorted() == ["headline"])
        #expect(throws: LocalError.self) { try registry.resolved("app.lost") }
        var base = try #require(registry.entries["app.base"])
        base.definition.fields.additionalProperties["subtitle"] = .init(_type: .string)
        registry.entries["app.base"] = base
        #expect(
            try registry.resolved("app.child").fields.additionalProperties.keys.sorted() == ["headline", "subtitle"])
        await store.close()
    }

    @Test func twoStoresKeepTheirOwnTypes() async throws {
        let (first, firstFolder) = try await Self.open()
        let (second, secondFolder) = try await Self.open()
        defer {
            try? FileManager.default.removeItem(at: firstFolder)
            try? FileManager.default.removeItem(at: secondFolder)
        }
        try await first.write { db in try Self.insert("app.only.first", in: db) }
        #expect(try await first.read { try TypeRegistry.load($0).contains("app.only.first") })
        #expect(try await second.read { try TypeRegistry.load($0).contains("app.only.first") } == false)
        await first.close()
        await second.close()
    }

    @Test func displayHintsComeFromTheNearestTypeAlongTheParents() async throws {
        let (store, folder) = try await Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await store.write { db in
            try Self.insert("app.base", hints: #","display_hints":{"body_field":"headline"}"#, in: db)
            try Self.insert("app.child", parent: "app.base", in: db)
            try Self.insert("app.lost", parent: "app.nowhere", in: db)
        }
        let (child, lost) = try await store.read { db in
            (try ItemSearchIndex.fields(of: "app.child", in: db), try ItemSearchIndex.fields(of: "app.lost", in: db))
        }
        #expect(child == .init(title: "title", body: "headline"))
        #expect(lost == .fallback)
        await store.close()
    }
}
