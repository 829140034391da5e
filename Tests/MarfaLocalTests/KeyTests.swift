import Foundation
import MarfaAPI
import MarfaLocal
import MarfaOpenAPIRuntime
import MarfaTypes
import Testing

@Suite struct KeyTests {
    @Test func theFirstKeyNeedsNoCredentialAndIsTheOwners() async throws {
        try await LocalTestInstance.with(options: .init(mintsOwnerKey: false, log: { _ in })) { local in
            #expect(local.instance.bootstrapKey == nil)
            let created = try await local.anonymousClient.createKey(body: .json(.init(label: "Mine", source: "me")))
                .created.body.json
            let plaintext = try #require(created.key)
            #expect(plaintext.hasPrefix("marfa_k1_"))
            #expect(created.role == .instanceAdmin)
            #expect(created.permissions?.count == 7)
            let again = try await local.anonymousClient.createKey(body: .json(.init(label: "Other", source: "other")))
            guard case .unauthorized(let refusal) = again else {
                Issue.record("expected 401, got \(again)")
                return
            }
            #expect(try refusal.body.json.error.code == "unauthorized")
            let current = try await local.client(key: plaintext).getCurrentKey().ok.body.json
            #expect(current.id == created.id)
            #expect(current.key == nil)
        }
    }

    @Test func mintsNarrowerKeysButNotWiderOnes() async throws {
        try await LocalTestInstance.with { local in
            let owner = local.client()
            let member = try await owner.createKey(
                body: .json(
                    .init(
                        label: "Reader", source: "reader", permissions: [.keysMint],
                        typePermissions: .init(additionalProperties: ["core.*": .read])))
            ).created.body.json
            let memberKey = try #require(member.key)
            #expect(member.role == .member)
            let wider = try await local.client(key: memberKey).createKey(
                body: .json(
                    .init(
                        label: "Writer", source: "writer",
                        typePermissions: .init(additionalProperties: ["core.note": .write]))))
            guard case .forbidden(let refusal) = wider else {
                Issue.record("expected 403, got \(wider)")
                return
            }
            #expect(try refusal.body.json.error.code == "forbidden")
            #expect(try refusal.body.json.error.details?["required_scope"] == .string("core.note:write"))
            let narrower = try await local.client(key: memberKey).createKey(
                body: .json(
                    .init(
                        label: "Notes", source: "notes",
                        typePermissions: .init(additionalProperties: ["core.note": .read]))))
            #expect(try narrower.created.body.json.typePermissions.additionalProperties == ["core.note": .read])
            let sameSource = try await owner.createKey(body: .json(.init(label: "Again", source: "reader")))
            guard case .conflict = sameSource else {
                Issue.record("expected 409, got \(sameSource)")
                return
            }
        }
    }

    @Test func listsUpdatesAndRevokes() async throws {
        try await LocalTestInstance.with { local in
            let owner = local.client()
            let made = try await owner.createKey(body: .json(.init(label: "Temp", source: "temp"))).created.body.json
            let plaintext = try #require(made.key)
            let keys = try await owner.listKeys().ok.body.json.keys
            #expect(keys.count == 2)
            #expect(keys.allSatisfy { $0.key == nil })
            let renamed = try await owner.updateKey(path: .init(id: made.id), body: .json(.init(label: "Renamed"))).ok
                .body.json
            #expect(renamed.label == "Renamed")
            #expect(try await local.client(key: plaintext).getCurrentKey().ok.body.json.label == "Renamed")
            _ = try await owner.revokeKey(path: .init(id: made.id)).ok
            let refused = try await local.send(.get, "/keys/current", key: plaintext)
            #expect(refused.status == 401)
            #expect(refused.errorCode == "unauthorized")
            let unknown = try await owner.updateKey(path: .init(id: made.id), body: .json(.init(label: "x")))
            guard case .notFound(let notFound) = unknown else {
                Issue.record("expected 404, got \(unknown)")
                return
            }
            #expect(try notFound.body.json.error.code == "api_key_not_found")
        }
    }

    @Test func aKeyWithoutPermissionsIsForbiddenFromKeyDoors() async throws {
        try await LocalTestInstance.with { local in
            let made = try await local.client().createKey(
                body: .json(.init(label: "Plain", source: "plain", permissions: []))
            )
            .created.body.json
            let answer = try await local.send(.get, "/keys", key: made.key)
            #expect(answer.status == 403)
            #expect(answer.json["error"]?["details"]?["required_scope"]?.string == "keys.mint")
            let garbage = try await local.send(.get, "/keys", key: "marfa_k1_nope")
            #expect(garbage.status == 401)
            let notBearer = try await local.send(
                .get, "/keys", key: .some(nil), headers: ["Authorization": "Basic abc"])
            #expect(notBearer.status == 401)
        }
    }
}
