import Foundation
import MarfaOpenAPIRuntime
import Testing

/// Changing a key checks what minting one checks; a webhook URL carries no user info, and the
/// audit log keeps only its scheme and host.
@Suite struct KeyAndWebhookValidationTests {
    @Test func updateKeyRefusesUnknownPermissionsAndLevels() async throws {
        try await LocalTestInstance.with { local in
            let minted = try await local.send(.post, "/keys", json: #"{"label":"App","source":"app.one"}"#)
            let id = try #require(minted.json["id"]?.string)
            let permission = try await local.send(.patch, "/keys/\(id)", json: #"{"permissions":["items.fly"]}"#)
            #expect(permission.status == 400, "\(permission.text)")
            #expect(permission.errorCode == "validation_error")
            let level = try await local.send(
                .patch, "/keys/\(id)", json: #"{"type_permissions":{"core.note":"admin"}}"#)
            #expect(level.status == 400, "\(level.text)")
            let fine = try await local.send(.patch, "/keys/\(id)", json: #"{"type_permissions":{"core.note":"read"}}"#)
            #expect(fine.status == 200, "\(fine.text)")
        }
    }

    @Test func webhookURLsWithUserInfoAreRefusedAndTheAuditKeepsTheOrigin() async throws {
        try await LocalTestInstance.with { local in
            let withUser = try await local.send(
                .post, "/webhooks", json: #"{"url":"https://me:pw@hooks.example/in","events":["item.created"]}"#)
            #expect(withUser.status == 400, "\(withUser.text)")
            let created = try await local.send(
                .post, "/webhooks",
                json: #"{"url":"https://hooks.example:8443/in?token=s3cret","events":["item.created"]}"#)
            #expect(created.status == 201, "\(created.text)")
            let id = try #require(created.json["webhook"]?["id"]?.string ?? created.json["id"]?.string)
            let withUserLater = try await local.send(
                .patch, "/webhooks/\(id)", json: #"{"url":"https://me@hooks.example/in"}"#)
            #expect(withUserLater.status == 400)
            let audit = try await local.send(.get, "/audit")
            #expect(audit.status == 200, "\(audit.text)")
            #expect(!audit.text.contains("s3cret"))
            let entry = audit.json["data"]?.array?.first { $0["action"]?.string == "webhook.create" }
            #expect(entry?["details"]?["url"]?.string == "https://hooks.example:8443")
        }
    }
}
