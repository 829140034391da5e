/// Answers the `Authorization` value a call sends, and renews it when the server refuses it.
///
/// A key never renews. A sign-in's source renews its access token with the refresh token; the call
/// waits for the renewal within its time budget, so the wait counts toward the call's `timeout`,
/// while the renewal itself runs on, apart from the call, until it has kept the new pair.
protocol CredentialSource: Sendable {
    /// The value of the `Authorization` header to send now.
    func authorization() async throws -> String

    /// Called once per call when the server refused `refused` (a value `authorization()` gave) with
    /// `unauthorized`. True when a new value is ready and the call should go again; false leaves
    /// the refusal as it is. Throws `signedOut` when the sign-in has ended.
    func renew(refused: String) async throws -> Bool

    /// Moves (in this process) whenever the value `authorization()` gives changes, by a renewal or
    /// another sign-in: a copy sends the writes a refused credential parked again once it moves.
    var renewals: Int { get }
}

extension CredentialSource {
    var renewals: Int { 0 }
}

/// A key or access token sent as it is, never renewed.
struct FixedBearer: CredentialSource {
    let token: String

    func authorization() async throws -> String { "Bearer \(token)" }

    func renew(refused: String) async throws -> Bool { false }
}
