import Foundation
import Marfa
import MarfaSQLite
import Testing

@Suite("Edge types carry the official copy's reverse name, writing end and shipped flag, read tolerantly")
struct EdgeTypeFieldsTests {
    @Test("a server's fields are read and stored, wrong kinds and absence take the defaults, kept offline")
    func readStoredAndReopened() async throws {
        let setup = try await AnyServerTests.Setup.open(.variant)
        defer { Task { await setup.close() } }
        _ = try await setup.copy.hydrate(types: ["core.note"], tier: .all, edgeTypes: ["derived-from"])
        try await Self.expectFields(in: setup.copy.catalog)
        await setup.copy.close()
        let offline = try await WorkingCopy.open(store: setup.folder.appendingPathComponent("copy.sqlite"))
        try await Self.expectFields(in: offline.catalog)
        await offline.close()
    }

    private static func expectFields(in catalog: Catalog) async throws {
        let cites = try await catalog.edgeType("app.cites")
        #expect(cites.reverseName == "cited by" && cites.writtenAt == .target && !cites.shipped)
        let odd = try await catalog.edgeType("app.odd")
        #expect(odd.reverseName == nil && odd.writtenAt == .source && !odd.shipped)
        let derived = try await catalog.edgeType("derived-from")
        #expect(derived.reverseName == nil && derived.writtenAt == .source && derived.shipped)
    }

    @Test("a catalog row stored before these fields existed reads with the defaults, shipped by the type's name")
    func olderRowsRead() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            await copy.close()
            let pool = try await SQLitePool.open(path: test.store().path)
            let rewritten = try await pool.write { db -> Int in
                let rows = try db.query("SELECT id, definition FROM edge_types")
                for row in rows {
                    var definition = try JSONObject(json: row.string("definition") ?? "{}")
                    for key in ["reverse_name", "written_at", "shipped"] { definition[key] = nil }
                    _ = try db.run(
                        "UPDATE edge_types SET definition = ? WHERE id = ?", definition.json(), row.string("id") ?? "")
                }
                return rows.count
            }
            await pool.close()
            #expect(rewritten > 0)
            let reopened = try await test.open()
            let parentOf = try await reopened.catalog.edgeType("parent-of")
            #expect(parentOf.shipped && parentOf.writtenAt == .source && parentOf.reverseName == nil)
            #expect(parentOf.cardinality == "one-to-many")
            await reopened.close()
        }
    }
}
