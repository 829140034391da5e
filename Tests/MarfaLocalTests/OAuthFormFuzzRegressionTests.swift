import Foundation
import MarfaOpenAPIRuntime
import Testing

/// Form posts `make fuzz` found (FuzzLocalOAuthForms) that brought a local instance down, sent
/// over loopback HTTP as an app would.
@Suite struct OAuthFormFuzzRegressionTests {
    /// A token request naming `code` twice (one string in the schema) overflowed the stack of the
    /// instance's request reading and killed the process. It is a 400, and the instance answers on.
    @Test func aTokenRequestWithAFieldTwiceIsRefused() async throws {
        try await LocalTestInstance.with { local in
            let player = OAuthPlayer(local.instance)
            let answer = try await player.token([("grant_type", "authorization_code"), ("code", "a"), ("code", "b")])
            #expect(answer.status == 400, "\(answer.text)")
            let again = try await player.send(
                .post, "/auth/device/code", form: [("client_id", "x"), ("client_id", "y")])
            #expect(again.status == 400, "\(again.text)")
            #expect(try await local.send(.get, "/", key: .some(nil)).status == 200)
        }
    }
}
