import Foundation
import MarfaAPI
import Testing

/// The code of the MarfaAPI articles (MarfaAPI.docc/TheAPIClient.md, MovingTypes.md).
@Suite struct APIClientSnippets {
    static func makeClient(server: Server) -> (Client, Client) {
        // snippet.begin: api-make-client
        let api = Client(server)  // a call waits 30 seconds for its answer to start
        let patient = Client(server, timeout: .seconds(300))  // for calls that answer when their work is done
        // snippet.end
        return (api, patient)
    }

    @discardableResult
    static func registerEntry(with api: Client) async throws -> Components.Schemas.ItemType {
        // snippet.begin: api-register-type
        let title = Components.Schemas.FieldDefinition(_type: .string, required: true)
        let entry = Components.Schemas.TypeDefinitionInput(
            fields: .init(additionalProperties: ["title": title]),
            id: "app.readinglist.entry")

        _ = try await api.check(itemType: entry)  // writes nothing
        let stored = try await api.register(itemType: entry)
        // snippet.end
        return stored
    }

    static func auditLog(with api: Client) async throws -> [Components.Schemas.AuditEntry] {
        // snippet.begin: api-generated-operation
        let log = try await api.listAuditLog().ok.body.json  // Components.Schemas.AuditPage
        // snippet.end
        return log.data
    }

    static func deleteType(with api: Client) async throws {
        // snippet.begin: api-type-in-use
        do {
            try await api.delete(itemType: "app.readinglist.entry")
        } catch let error as MarfaError where error.code == "type_in_use" {
            print(error.message)  // ends with the items, folders, views and webhooks that name the type
        }
        // snippet.end
    }

    static func move(with api: Client) async throws -> Components.Schemas.TypeMoveJob {
        // snippet.begin: api-type-move
        let preview = try await api.previewMove(ofType: "app.deal", to: "app.contract")
        print("\(preview.items) items would move")
        let started = try await api.startMove(
            ofType: "app.deal", to: "app.contract", properties: ["stage": "signed"])
        let job = try await api.follow(moveJob: started.id)
        if job.status == .completed, job.result?.settingsRewritten == true {
            try await api.delete(itemType: "app.deal")
        }
        // snippet.end
        return job
    }

    static func watchMove(with api: Client, id: String) async throws {
        // snippet.begin: api-move-progress
        for try await job in api.moveProgress(ofJob: id, every: .seconds(2)) {
            print("\(job.status): \(job.result?.remaining ?? 0) items left")
        }
        // snippet.end
    }

    @Test func theTypeIsCheckedThenRegistered() async throws {
        try await SnippetInstance.with { url, key in
            let (api, _) = Self.makeClient(server: try Server(url: url, key: key))
            let stored = try await Self.registerEntry(with: api)
            #expect(stored.id == "app.readinglist.entry")
            let log = try await Self.auditLog(with: api)
            #expect(!log.isEmpty)
        }
    }

    @Test func anEmptyTypeMovesAndTheOldTypeGoes() async throws {
        try await SnippetInstance.with { url, key in
            let api = Client(try Server(url: url, key: key))
            for id in ["app.deal", "app.contract"] {
                let stage = Components.Schemas.FieldDefinition(_type: .string)
                try await api.register(itemType: .init(fields: .init(additionalProperties: ["stage": stage]), id: id))
            }
            let job = try await Self.move(with: api)
            #expect(job.status == .completed)
            let remaining = try await api.listTypes().ok.body.json.map(\.id)
            #expect(!remaining.contains("app.deal") && remaining.contains("app.contract"))
        }
    }
}
