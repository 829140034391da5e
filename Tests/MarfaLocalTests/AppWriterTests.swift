import Foundation
import MarfaHTTP
import MarfaOpenAPIRuntime
import Testing

@testable import MarfaLocal

@Suite struct AppWriterTests {
    /// A write made with an app's access token is stamped `app` in the item's history; the owner's
    /// key writes as `key`.
    @Test func snapshotsNameTheAppThatWrote() async throws {
        try await LocalTestInstance.with { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            let token = try await player.tokens(clientID: client, scope: "core.note:read core.note:write").access

            let created = try await player.send(
                .post, "/items", json: #"{"type":"core.note","properties":{"title":"a"}}"#, bearer: token)
            #expect(created.status == 201, "\(created.text)")
            let id = try #require(created.json["item"]?["id"]?.string)
            let updated = try await player.send(
                .patch, "/items/\(id)", json: #"{"version":1,"properties":{"title":"b"}}"#, bearer: token)
            #expect(updated.status == 200, "\(updated.text)")

            let versions = try await player.send(.get, "/items/\(id)/versions", bearer: token)
            let writer = versions.json["snapshots"]?.array?.first?["writer"]
            #expect(writer?["kind"]?.string == "app")
        }
    }
}
