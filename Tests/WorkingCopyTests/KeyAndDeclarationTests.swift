import Foundation
import Marfa
import Testing

@Suite("Working copy: the key, declared types, progress")
struct KeyAndDeclarationTests {
    static let entry = Components.Schemas.TypeDefinitionInput(
        fields: .init(additionalProperties: [
            "title": .init(_type: .string, required: true), "stage": .init(_type: .string),
        ]),
        id: "app.copytest.entry", displayHints: .init(titleField: "title"))

    @Test("declared types answer the catalog offline before any hydration, and a hydration registers them")
    func declaredTypes() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            await #expect(throws: MarfaError.self) { _ = try await copy.catalog.itemTypes() }
            do {
                _ = try await copy.catalog.itemTypes()
            } catch let error as MarfaError {
                #expect(error.code() == "no_catalog")
            }
            try await copy.declareTypes([Self.entry])
            #expect(try await copy.declaredTypes().map(\.id) == ["app.copytest.entry"])
            let offline = try await copy.catalog.itemType("app.copytest.entry")
            #expect(offline.titleField == "title" && offline.fields.map(\.name) == ["stage", "title"])
            await #expect(throws: MarfaError.self) { try await copy.declareTypes([Self.entry, Self.entry]) }
            let report = try await copy.hydrate(types: ["core.note", "app.copytest.entry"], tier: .all)
            #expect(report.registeredTypes == ["app.copytest.entry"] && report.unregisteredTypes.isEmpty)
            #expect(try await test.send(.get, "/types/app.copytest.entry").status == 200)
            #expect(try await copy.catalog.itemType("app.copytest.entry").id == "app.copytest.entry")
            let again = try await copy.hydrate(types: ["core.note"], tier: .library)
            #expect(again.registeredTypes.isEmpty)
            await copy.close()
        }
    }

    @Test("a credential that may not register a declared type reports it unregistered and still hydrates")
    func unregistered() async throws {
        try await CopyTestInstance.with { test in
            let key = try await test.key(reading: ["core.*": "read"])
            let copy = try await test.open(key: key)
            try await copy.declareTypes([Self.entry])
            let report = try await copy.hydrate(types: ["core.note"], tier: .library)
            #expect(report.registeredTypes.isEmpty)
            #expect(report.unregisteredTypes.map(\.id) == ["app.copytest.entry"])
            #expect(report.unregisteredTypes.first?.code.isEmpty == false)
            await copy.close()
        }
    }

    @Test("a revoked key parks the queue (counted unsent, left alone by later drains) until useKey, then the writes go")
    func revokedKeyParksUntilUseKey() async throws {
        try await CopyTestInstance.with { test in
            let key = try await test.key(reading: ["core.note": "write"])
            let keyID = try #require(
                try await test.send(.get, "/keys").body["keys"]?.array?.first { $0["label"]?.string == "copy test" }?[
                    "id"]?.string)
            let copy = try await test.open(key: key)
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let write = try await copy.items.create(Draft(type: "core.note", properties: ["title": "Waits for a key"]))
            #expect(try await test.send(.delete, "/keys/\(keyID)").status == 200)

            let parked = try await copy.queue.drain()
            #expect(parked.stopped != nil)
            guard case .blocked(.credentialRefused, _)? = try await copy.queue.all().first?.verdict else {
                throw TestFailure("the create wasn't parked: \(try await copy.queue.all())")
            }
            #expect(try await copy.status().unsent == 1)
            #expect(try await copy.queue.drain().answered == 0, "a drain on the same refused key sends nothing")
            #expect(try await copy.status().unsent == 1)

            try await copy.useKey(test.ownerKey)
            let sent = try await copy.queue.drain()
            #expect(sent.verdicts.map(\.id) == [write.id])
            #expect(sent.verdicts.first?.verdict == .accepted)
            #expect(try await copy.status().unsent == 0)
            #expect(try await test.send(.get, "/items/\(write.itemId ?? "")").status == 200)
            await copy.close()
        }
    }

    @Test("useKey sends the new key from then on; calls made meanwhile throw keyChanging or wait their turn")
    func useKey() async throws {
        try await CopyTestInstance.with { test in
            try await test.createItem("core.note", properties: #"{"title": "One"}"#)
            let narrow = try await test.key(reading: ["core.task": "read"])
            let copy = try await test.open(key: narrow)
            do {
                _ = try await copy.hydrate(types: ["core.note"], tier: .library)
                Issue.record("a key that can't read notes hydrated them")
            } catch let error as MarfaError {
                #expect(error.code() == "forbidden")
            }
            try await copy.useKey(test.ownerKey)
            #expect(try await copy.hydrate(types: ["core.note"], tier: .library).items == 1)
            await #expect(throws: MarfaError.self) { try await copy.useKey("has a blank") }
            #expect(try await copy.catchUp().reachedHead)
            await copy.close()
            await #expect(throws: MarfaError.closed) { try await copy.useKey(test.ownerKey) }
        }
    }

    @Test("updates() tells a hydration's pages and items as they are stored, then idle")
    func hydrationProgress() async throws {
        try await CopyTestInstance.with { test in
            for index in 0..<450 { try await test.createItem("core.note", properties: #"{"title": "n\#(index)"}"#) }
            let copy = try await test.open()
            let updates = copy.updates()
            let report = try await copy.hydrate(types: ["core.note"], tier: .library)
            var seen: [CopyUpdate.Progress] = []
            for await update in updates {
                if case .hydrating(let progress) = update { seen.append(progress) }
                if update == .idle, !seen.isEmpty { break }
            }
            #expect(seen.map(\.items).last == report.items)
            #expect(seen.map(\.pages) == seen.map(\.pages).sorted())
            #expect(seen.contains { $0.items == 200 })
            await copy.close()
        }
    }
}
