import Foundation
import MarfaAPI
import MarfaLocal
import MarfaOpenAPIRuntime
import MarfaTypes
import Testing

@Suite struct ConfigAndAuditTests {
    @Test func patchChangesOnlyWhatItNames() async throws {
        try await LocalTestInstance.with { local in
            let client = local.client()
            let initial = try await client.getSpaceConfig().ok.body.json
            #expect(initial.instanceId == local.instance.instanceID)
            #expect(initial.trashRetentionDays == nil)
            let set = try await client.updateSpaceConfig(
                body: .json(
                    .init(
                        instanceId: local.instance.instanceID, auditRetentionDays: .value(10),
                        trashRetentionDays: .value(30)))
            ).ok.body.json
            #expect(set.trashRetentionDays == 30)
            #expect(set.auditRetentionDays == 10)
            let reset = try await client.updateSpaceConfig(body: .json(.init(trashRetentionDays: .null))).ok.body.json
            #expect(reset.trashRetentionDays == nil)
            #expect(reset.auditRetentionDays == 10)
            let elsewhere = try await client.updateSpaceConfig(
                body: .json(
                    .init(
                        instanceId: "01900000-0000-7000-8000-000000000000", auditRetentionDays: .value(1))))
            guard case .conflict(let refusal) = elsewhere else {
                Issue.record("expected 409, got \(elsewhere)")
                return
            }
            #expect(try refusal.body.json.error.code == "instance_changed")
            let instancePath = try await local.send(.get, "/config")
            #expect(instancePath.json["audit_retention_days"]?.int == 10)
            #expect(instancePath.json["instance_id"]?.string == local.instance.instanceID)
        }
    }

    /// A create reads the settings every time: each change applies to the next create, and a
    /// setting that comes back is enforced again (the settings are kept decoded by their text).
    @Test func aSourceAllowlistAppliesFromTheNextCreateEachTimeItChanges() async throws {
        try await LocalTestInstance.with { local in
            let note = #"{"type":"core.note","properties":{"title":"Allowed?"}}"#
            let allowOthers =
                #"{"enforcement":{"source_allowlist":{"types":["core.note"],"sources":["someone.else"]}}}"#
            let clear = #"{"enforcement":{"source_allowlist":null}}"#
            var statuses: [Int] = []
            for settings in [nil, allowOthers, clear, allowOthers, clear] {
                if let settings {
                    let answer = try await local.send(.patch, "/spaces/me/config", json: settings)
                    #expect(answer.status == 200, "\(answer.text)")
                }
                statuses.append(try await local.send(.post, "/items", json: note).status)
            }
            #expect(statuses == [201, 403, 201, 403, 201])
        }
    }

    @Test func auditLogRecordsKeyTypeAndSettingChanges() async throws {
        try await LocalTestInstance.with { local in
            let client = local.client()
            _ = try await client.createKey(body: .json(.init(label: "A", source: "a"))).created
            _ = try await client.registerType(body: .json(.init(fields: .init(), id: "user.thing"))).created
            _ = try await client.setTypeIcon(path: .init(id: "user.thing"), body: .json(.init(icon: "lucide:star"))).ok
            _ = try await client.updateSpaceConfig(body: .json(.init(trashRetentionDays: .value(5)))).ok
            let page = try await client.listAuditLog().ok.body.json
            let actions = page.data.map(\.action)
            #expect(actions.prefix(4) == ["config.update", "type.icon", "type.register", "key.create"])
            #expect(page.data.first?.details["changed"] == .array([.string("trash_retention_days")]))
            let firstPage = try await client.listAuditLog(query: .init(limit: 2)).ok.body.json
            #expect(firstPage.hasMore)
            let secondPage = try await client.listAuditLog(query: .init(limit: 2, cursor: firstPage.cursor)).ok.body
                .json
            #expect(secondPage.data.map(\.action) == ["type.register", "key.create"])
            let types = try await client.listAuditLog(query: .init(resourceType: "type")).ok.body.json
            #expect(types.data.count == 2)
        }
    }

    @Test func settingsNeedConfigManage() async throws {
        try await LocalTestInstance.with { local in
            let made = try await local.client().createKey(body: .json(.init(label: "B", source: "b", permissions: [])))
                .created.body.json
            let answer = try await local.send(.get, "/spaces/me/config", key: made.key)
            #expect(answer.status == 403)
            #expect(answer.json["error"]?["details"]?["required_scope"]?.string == "config.manage")
        }
    }
}
