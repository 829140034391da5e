import Foundation
import Synchronization

@testable import Marfa

/// A sign-in's credential source for a copy against `ScriptedMarfa`, which has no OAuth doors:
/// it sends `marfa_at_1`, and each renewal of the token it sends now moves it to the next number
/// (a renewal of an older token takes the current one, as a renewal made elsewhere does).
final class RenewingCredentials: CredentialSource {
    private let state = Mutex((token: 1, renewals: 0))

    /// How many renewals were asked for.
    var renewals: Int { state.withLock { $0.renewals } }

    func authorization() async throws -> String { state.withLock { "Bearer marfa_at_\($0.token)" } }

    func renew(refused: String) async throws -> Bool {
        state.withLock { state in
            state.renewals += 1
            if refused == "Bearer marfa_at_\(state.token)" { state.token += 1 }
            return true
        }
    }

    /// A server at `url` whose calls take their `Authorization` from this source.
    func server(at url: URL) throws -> Server {
        let credential = Credential(server: url, accessToken: "marfa_at_1", refreshToken: "marfa_rt_1")
        return try Server(url: url, authentication: .credential(credential), credentials: self)
    }
}
