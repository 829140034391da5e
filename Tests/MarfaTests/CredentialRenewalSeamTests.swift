import Foundation
import Synchronization
import Testing

@testable import Marfa

/// A credential source whose token the server refuses until it is renewed once.
final class RenewingSource: CredentialSource {
    private let state = Mutex((token: "marfa_at_old", renewals: 0))
    let renewalEnds: Bool

    init(renewalEnds: Bool = false) { self.renewalEnds = renewalEnds }

    var renewals: Int { state.withLock { $0.renewals } }

    func authorization() async throws -> String { state.withLock { "Bearer \($0.token)" } }

    func renew(refused: String) async throws -> Bool {
        if renewalEnds { throw MarfaError.signedOut(origin: "http://127.0.0.1", message: "The sign-in ended.") }
        return state.withLock { state in
            state.renewals += 1
            guard refused == "Bearer \(state.token)" else { return true }
            state.token = "marfa_at_new"
            return true
        }
    }
}

/// The seam sign-in renewal plugs into: a refused token is renewed once and the call goes again.
@Suite(.timeLimit(.minutes(1))) struct CredentialRenewalSeamTests {
    static func server(_ instance: ScriptedInstance, _ source: RenewingSource) throws -> Server {
        let credential = Credential(server: instance.url, accessToken: "marfa_at_old", refreshToken: "marfa_rt_1")
        return try Server(url: instance.url, authentication: .credential(credential), credentials: source)
    }

    @Test func aRefusedTokenIsRenewedOnceAndTheCallSentAgain() async throws {
        try await withInstance({ request in
            request.headers["Authorization"] == "Bearer marfa_at_new"
                ? answer(json: "{\"trash_retention_days\": 9}")
                : refusal(401, code: "unauthorized", message: "Token expired.")
        }) { instance in
            let source = RenewingSource()
            var patch = InstanceConfigPatch()
            patch.trashRetentionDays = .set(9)
            let settings = try await Self.server(instance, source).updateConfig(patch)
            #expect(settings.trashRetentionDays == 9)
            #expect(source.renewals == 1)
            let requests = instance.requests
            #expect(requests.map { $0.headers["Authorization"] } == ["Bearer marfa_at_old", "Bearer marfa_at_new"])
            #expect(requests[0].body == requests[1].body)
            #expect(requests[0].headers["Idempotency-Key"] == requests[1].headers["Idempotency-Key"])
        }
    }

    @Test func aTokenRefusedAgainAfterRenewalIsUnauthorized() async throws {
        try await withInstance({ _ in refusal(401, code: "unauthorized", message: "Grant revoked.") }) { instance in
            let source = RenewingSource()
            let error = await marfaError { _ = try await Self.server(instance, source).config() }
            #expect(error == .unauthorized(code: "unauthorized", message: "Grant revoked."))
            #expect(instance.requests.count == 2)
            #expect(source.renewals == 1)
        }
    }

    @Test func anEndedSignInIsSignedOut() async throws {
        try await withInstance({ _ in refusal(401, code: "unauthorized", message: "Token expired.") }) { instance in
            let error = await marfaError {
                _ = try await Self.server(instance, RenewingSource(renewalEnds: true)).config()
            }
            #expect(error?.code() == "signed_out")
            #expect(error?.isKeyRefusal == true)
            #expect(instance.requests.count == 1)
        }
    }

    @Test func theDescriptionNeedsNoToken() async throws {
        try await withInstance({ _ in
            answer(
                json:
                    "{\"name\": \"Home\", \"instance_id\": \"i\", \"version\": \"1\", \"contract\": 0, \"features\": []}"
            )
        }) { instance in
            let source = RenewingSource()
            _ = try await Self.server(instance, source).instanceDescription()
            #expect(instance.requests.first?.headers["Authorization"] == nil)
        }
    }
}
