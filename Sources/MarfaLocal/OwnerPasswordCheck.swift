import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// Owner password checks on the consent pages. Each pending request (a consent or a device code)
/// takes at most `passwordAttemptsPerRequest` wrong passwords: the last one burns it (the consent
/// is gone, the device code denied), and the instance as a whole takes at most 10 wrong ones in
/// 15 minutes (`PasswordAttempts`), then answers `429` with `Retry-After`.
extension LocalAPI {
    static let passwordAttemptsPerRequest = 5

    /// The pending request a password is typed for.
    enum PasswordTarget {
        /// A pending consent, by the hash of its handle.
        case consent(hash: String)
        /// A pending device request, by its user code.
        case device(userCode: String)
    }

    /// What a password check found.
    enum PasswordOutcome {
        case accepted
        /// Wrong; the request may be tried `triesLeft` more times.
        case wrong(triesLeft: Int)
        /// Wrong, and the request's last chance: it is closed.
        case burned
        /// Too many wrong passwords on the instance lately; wait this many seconds.
        case throttled(retryAfter: Int)
    }

    /// Checks `password` for `target`, counting a wrong one against the request and the instance.
    func checkOwnerPassword(_ password: String?, for target: PasswordTarget) async throws -> PasswordOutcome {
        let ticket: UUID
        switch passwordAttempts.admit(now: clock.now) {
        case .admitted(let admitted): ticket = admitted
        case .refused(let retryAfter): return .throttled(retryAfter: retryAfter)
        }
        let stored = try await read { try store.meta(OwnerPassword.metaName, in: $0) }
        if let password, await OwnerPassword.verify(password, against: stored) {
            passwordAttempts.giveBack(ticket)
            if OwnerPassword.needsUpgrade(stored) {
                let upgraded = await OwnerPassword.hash(password)
                try await write { db in
                    guard try store.meta(OwnerPassword.metaName, in: db) == stored else { return }
                    try store.setMeta(OwnerPassword.metaName, upgraded, in: db)
                }
            }
            return .accepted
        }
        let limit = Self.passwordAttemptsPerRequest
        let failed = try await write { db -> Int in
            switch target {
            case .consent(let hash):
                try db.run("UPDATE oauth_consents SET failed_attempts = failed_attempts + 1 WHERE hash = ?", hash)
                let failed = try db.first("SELECT failed_attempts FROM oauth_consents WHERE hash = ?", hash)?.int(
                    "failed_attempts")
                if let failed, failed < limit { return failed }
                try db.run("DELETE FROM oauth_consents WHERE hash = ?", hash)
                return limit
            case .device(let userCode):
                try db.run(
                    "UPDATE oauth_device_codes SET failed_attempts = failed_attempts + 1 WHERE user_code = ? AND status = 'pending'",
                    userCode)
                let failed = try db.first(
                    "SELECT failed_attempts FROM oauth_device_codes WHERE user_code = ? AND status = 'pending'",
                    userCode
                )?.int("failed_attempts")
                if let failed, failed < limit { return failed }
                try db.run(
                    "UPDATE oauth_device_codes SET status = 'denied' WHERE user_code = ? AND status = 'pending'",
                    userCode)
                return limit
            }
        }
        return failed >= limit ? .burned : .wrong(triesLeft: limit - failed)
    }

    /// What the consent pages say after a wrong password that leaves `triesLeft` tries.
    static func wrongPasswordMessage(triesLeft: Int) -> String {
        "The owner password is wrong. \(triesLeft == 1 ? "One more wrong password closes" : "\(triesLeft) more wrong passwords close") "
            + "this request."
    }

    /// The page answering a throttled attempt: `429` with `Retry-After`.
    static func throttledPage(
        header: SignInPages.Header, retryAfter: Int
    ) -> (statusCode: Int, payload: UndocumentedPayload) {
        let html = SignInPages.message(
            header: header, "Too many wrong passwords",
            "Too many wrong owner passwords were typed lately; wait \(retryAfter) seconds and try again.")
        return (
            429,
            UndocumentedPayload(
                headerFields: ["Content-Type": "text/html; charset=utf-8", "Retry-After": String(retryAfter)],
                body: HTTPBody(html))
        )
    }
}
