import Foundation
import MarfaAPI
import Testing

@testable import Marfa

/// A `Client` made from a signed-in `Server` renews and ends as the `Server`'s own calls do: they
/// share the credential middleware.
@Suite struct ClientSignInTests {
    @Test func aClientRenewsARefusedAccessTokenOnceAndSendsAgain() async throws {
        let fixture = try await SignInFixture { $0.accessTokenLifetime = .seconds(1) }
        let counting = RefreshCountingTransport()
        let auth = try fixture.authorization(transport: counting)
        let first = try await auth.signIn(with: OwnerBrowser())
        let client = Client(try Server(url: fixture.instance.url, credential: first))
        _ = try await client.getSpaceConfig().ok.body.json
        #expect(counting.refreshes == 0)

        fixture.clock.advance(by: .milliseconds(1500))
        let config = try await client.getSpaceConfig().ok.body.json
        #expect(config.instanceId?.isEmpty == false)
        #expect(counting.refreshes == 1, "one refresh on the wire, then the call sent again")
        let renewed = try #require(try auth.credential())
        #expect(renewed.accessToken != first.accessToken)
        // The renewed token goes on being used: no second refresh.
        _ = try await client.getSpaceConfig().ok.body.json
        #expect(counting.refreshes == 1)
        await fixture.stop()
    }

    @Test func aClientThrowsSignedOutOnceTheServerEndsTheSignIn() async throws {
        let fixture = try await SignInFixture { $0.accessTokenLifetime = .seconds(1) }
        let auth = try fixture.authorization()
        let credential = try await auth.signIn(with: OwnerBrowser())
        let client = Client(try auth.server(at: fixture.instance.url))
        _ = try await client.getSpaceConfig().ok.body.json

        // The grant ends at the server (as when the owner revokes it), and the access token expires.
        let kept = try #require(
            try KeptSignIn.read(from: fixture.keys, service: SignInFixture.service, account: auth.account))
        let revocation = try #require(kept.endpoints.revocation)
        #expect(
            await OAuthWire().revoke(
                at: revocation, token: credential.refreshToken!, hint: "refresh_token", clientID: credential.clientID))
        fixture.clock.advance(by: .milliseconds(1500))

        await #expect {
            _ = try await client.getSpaceConfig()
        } throws: { error in
            guard case MarfaError.signedOut = error else { return false }
            return (error as? MarfaError)?.isKeyRefusal == true && !"\(error)".contains("marfa_")
        }
        #expect(try auth.credential() == nil, "an ended sign-in is not kept")
        await fixture.stop()
    }
}
