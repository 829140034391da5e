import Foundation
import MarfaAPI
import MarfaLocal
import MarfaOpenAPIRuntime
import MarfaTypes
import Testing

/// `Client(server)` and its type and edge type conveniences against a local instance.
@Suite struct ClientConvenienceTests {
    @Test func theSeedSampleRegistersAType() async throws {
        try await APITestInstance.with { test in
            let server = try test.server()
            // The seed's sample, as written.
            let api = Client(server)
            let title = Components.Schemas.FieldDefinition(_type: .string, required: true)
            let entry = Components.Schemas.TypeDefinitionInput(
                fields: .init(additionalProperties: ["title": title]),
                id: "app.readinglist.entry")

            _ = try await api.check(itemType: entry)
            _ = try await api.register(itemType: entry)

            let stored = try await api.getType(path: .init(id: "app.readinglist.entry")).ok.body.json
            #expect(stored.fields.additionalProperties["title"]?.required == true)
        }
    }

    @Test func checkWritesNothingAndRefusesLikeRegister() async throws {
        try await APITestInstance.with { test in
            let api = try test.api()
            let checked = try await api.check(itemType: APITestInstance.definition("app.crm.deal"))
            #expect(checked.id == "app.crm.deal")
            await #expect(throws: MarfaError.self) { try await api.getType(path: .init(id: "app.crm.deal")) }
            try await api.register(itemType: APITestInstance.definition("app.crm.deal"))
            let error = try await #require(throws: MarfaError.self) {
                try await api.check(itemType: APITestInstance.definition("app.crm.deal"))
            }
            guard case .server(409, "type_already_exists", _) = error else {
                Issue.record("expected type_already_exists, got \(error)")
                return
            }
        }
    }

    @Test func replaceAndDeleteAType() async throws {
        try await APITestInstance.with { test in
            let api = try test.api()
            try await api.register(itemType: APITestInstance.definition("app.crm.deal"))
            var changed = APITestInstance.definition("app.crm.deal")
            changed.label = "Deal"
            let replaced = try await api.replace(itemType: "app.crm.deal", with: changed)
            #expect(replaced.label == "Deal")
            try await api.delete(itemType: "app.crm.deal")
            let error = try await #require(throws: MarfaError.self) { try await api.delete(itemType: "app.crm.deal") }
            guard case .notFound("type_not_found", _) = error else {
                Issue.record("expected type_not_found, got \(error)")
                return
            }
        }
    }

    @Test func deletingATypeInUseListsTheSettingsThatNameIt() async throws {
        try await APITestInstance.with { test in
            let api = try test.api()
            try await test.registerTypes("app.crm.deal")
            try await test.createItem("app.crm.deal", properties: #"{"title": "Acme"}"#)
            _ = try await api.createFolder(
                body: .json(.init(id: "deals", title: "Deals", search: .init(types: ["app.crm.deal"])))
            ).created
            _ = try await api.createView(
                body: .json(.init(id: "open-deals", name: "Open deals", search: .init(types: ["app.crm.deal"])))
            ).created
            let webhook = try await api.createWebhook(
                body: .json(
                    .init(
                        url: "https://hooks.example/deals", events: [.itemCreated], typeFilter: .value("app.crm.deal")))
            ).created.body.json

            let error = try await #require(throws: MarfaError.self) { try await api.delete(itemType: "app.crm.deal") }
            guard case .server(409, "type_in_use", let message) = error else {
                Issue.record("expected type_in_use, got \(error)")
                return
            }
            #expect(
                message.hasSuffix(
                    #"1 item, folder "Deals" (deals), view "Open deals" (open-deals), webhook "https://hooks.example/deals" (\#(webhook.id))"#
                ))

            // Settings alone keep a type in use too; force deletes it anyway.
            try await api.register(itemType: APITestInstance.definition("app.crm.lead"))
            _ = try await api.createView(
                body: .json(.init(id: "leads", name: "Leads", search: .init(types: ["app.crm.lead"])))
            ).created
            let settingsOnly = try await #require(throws: MarfaError.self) {
                try await api.delete(itemType: "app.crm.lead")
            }
            #expect(settingsOnly.message.hasSuffix(#"view "Leads" (leads)"#))
            try await api.delete(itemType: "app.crm.lead", force: true)
            try await api.delete(itemType: "app.crm.deal", force: true)
        }
    }

    @Test func edgeTypesRegisterListAndDelete() async throws {
        try await APITestInstance.with { test in
            let api = try test.api()
            try await test.registerTypes("app.crm.deal", "app.crm.contact")
            let registered = try await api.register(
                edgeType: .init(
                    id: "signed-by", label: "Signed by", cardinality: .manyToMany,
                    sourceTypeConstraints: ["app.crm.deal"],
                    targetTypeConstraints: ["app.crm.contact"]))
            #expect(registered.cascadeOnDelete == .orphan)
            let ids = try await api.edgeTypes().map(\.id)
            #expect(ids.contains("signed-by") && ids.contains("parent-of"))

            let reserved = try await #require(throws: MarfaError.self) {
                try await api.register(edgeType: .init(id: "parent-of", cardinality: .oneToMany))
            }
            #expect(reserved.code() == "server")

            try await api.delete(edgeType: "signed-by")
            #expect(try await !api.edgeTypes().map(\.id).contains("signed-by"))
            let gone = try await #require(throws: MarfaError.self) {
                try await api.delete(edgeType: "signed-by", force: true)
            }
            guard case .notFound = gone else {
                Issue.record("expected notFound, got \(gone)")
                return
            }
        }
    }

    @Test func everyRefusalOfAGeneratedMethodThrowsMarfaError() async throws {
        try await APITestInstance.with { test in
            let api = try test.api()
            let missing = try await #require(throws: MarfaError.self) {
                try await api.getFolder(path: .init(id: "nowhere"))
            }
            guard case .notFound("not_found", _) = missing else {
                Issue.record("expected notFound, got \(missing)")
                return
            }
            let stranger = try test.api(key: "marfa_k1_not-a-key")
            let refused = try await #require(throws: MarfaError.self) { try await stranger.listAuditLog() }
            #expect(refused.isKeyRefusal)
            guard case .unauthorized = refused else {
                Issue.record("expected unauthorized, got \(refused)")
                return
            }
            // A success reads from the answer's `ok` case.
            let log = try await api.listAuditLog().ok.body.json
            #expect(log.data.isEmpty == false || log.data.isEmpty)
        }
    }

    @Test func aCallWaitsThirtySecondsUnlessTold() {
        #expect(Client.defaultTimeout == .seconds(30))
    }

    @Test func anUnreachableServerIsNoConnection() async throws {
        let api = Client(try Server(url: URL(string: "http://127.0.0.1:1")!, key: "marfa_k1_x"))
        let error = try await #require(throws: MarfaError.self) { try await api.listViews() }
        guard case .noConnection = error else {
            Issue.record("expected noConnection, got \(error)")
            return
        }
    }
}
