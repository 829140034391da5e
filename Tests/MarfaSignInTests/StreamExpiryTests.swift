import Foundation
import Marfa
import MarfaOpenAPIRuntime
import Testing

/// The local instance ends an open event stream the moment the access token that opened it
/// expires on its clock, in the real server's shape (`events/credential-token-expired`): an
/// `event: stream_incomplete` frame without an `id:` line, `reason` `credential_ended`, `cursor`
/// the last event sent (null when none was); a reconnect with the dead token is `401`.
@Suite(.timeLimit(.minutes(1))) struct StreamExpiryTests {
    @Test("a stream opened with a token that expires ends with credential_ended at the expiry")
    func streamEndsAtTheTokensExpiry() async throws {
        let fixture = try await SignInFixture { $0.accessTokenLifetime = .seconds(1) }
        let auth = try fixture.authorization(scopes: ["core.note:read"])
        let credential = try await auth.signIn(with: OwnerBrowser())
        var fields = HTTPFields()
        fields["Authorization"] = "Bearer \(credential.accessToken)"
        fields["Accept"] = "text/event-stream"
        let request = HTTPRequest(method: .get, path: "/events", headerFields: fields)
        let transport = Server.defaultTransport
        let (response, body) = try await transport.send(
            request, body: nil, baseURL: fixture.instance.url, operationID: "streamEvents")
        #expect(response.status == 200)
        var events = try #require(body).asServerSentEvents().makeAsyncIterator()
        var live = false
        while !live, let event = try await events.next() { live = event.event == "stream_live" }
        #expect(live)

        fixture.clock.advance(by: .milliseconds(1500))
        let ending = try #require(try await events.next())
        #expect(ending.event == "stream_incomplete")
        #expect(ending.id == nil)
        let data = try JSONDecoder().decode(OpenAPIValue.self, from: Data((ending.data ?? "").utf8))
        #expect(data == ["event_type": "stream_incomplete", "reason": "credential_ended", "cursor": .null])
        #expect(try await events.next() == nil, "the stream closes after its terminal frame")

        let (again, _) = try await transport.send(
            request, body: nil, baseURL: fixture.instance.url, operationID: "streamEvents")
        #expect(again.status == 401)
        await fixture.stop()
    }
}
