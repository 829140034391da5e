import Foundation

/// What a follow does when the server ends its stream with `stream_incomplete` and the reason
/// `credential_ended`, as a Marfa server does when the access token that opened the stream
/// expires or is revoked: it renews the sign-in once (single-flight with every other call of the
/// process, through the server's credential source) and reconnects at once from its cursor.
///
/// A server that ends every stream that way, renewed or not, is asked at most `limit` times in a
/// row: a stream that stayed open `settled` or longer on the copy's clock starts the count again,
/// so an hour-long token that ends its stream every hour never adds up.
struct CredentialEndedRule: Sendable {
    /// The most streams in a row that may end with `credential_ended` soon after they opened.
    static let limit = 3
    /// How long a stream must stay open for its end not to count toward `limit`.
    static let settled: TimeInterval = 30

    private(set) var endsInARow = 0

    /// Whether `error` is the end this rule handles.
    static func handles(_ error: MarfaError) -> Bool {
        if case .streamIncomplete(let reason, _) = error { return reason == MarfaError.credentialEnded }
        return false
    }

    /// Counts a stream opened at `opened` that ended with `credential_ended` at `now`, and renews
    /// the credential `sent` when the count allows it.
    ///
    /// - Returns: true when the follow should reconnect at once.
    /// - Throws: `ended` when the server ended `limit` streams in a row that way or the credential
    ///   can't be renewed (a key); `signedOut` when the sign-in has ended; the renewal's own
    ///   failure (a network error, which the follow waits out) otherwise.
    mutating func renew(
        _ ended: MarfaError, credentials: any CredentialSource, sent: String?, opened: Date, now: Date
    ) async throws(MarfaError) -> Bool {
        endsInARow = now.timeIntervalSince(opened) >= Self.settled ? 1 : endsInARow + 1
        guard endsInARow <= Self.limit, let sent else { throw ended }
        let renewed: Bool
        do {
            renewed = try await credentials.renew(refused: sent)
        } catch {
            throw MarfaError(error)
        }
        guard renewed else { throw ended }
        return true
    }

    /// Forgets the count, after a stream that ended for another reason.
    mutating func reset() { endsInARow = 0 }
}
