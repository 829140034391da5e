import MarfaDigest
import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// Device authorization (RFC 8628): a device asks for codes, the owner enters the user code at
/// `/auth/device` and approves on `/auth/device/consent`, and the device polls the token endpoint.
extension LocalAPI {
    func requestDeviceCode(_ input: Operations.RequestDeviceCode.Input) async throws -> Operations.RequestDeviceCode.Output {
        guard case .urlEncodedForm(let form) = input.body else {
            return .badRequest(OAuthRefusal(error: "invalid_request", description: "A form body is required.").body)
        }
        guard let client = try await read({ try OAuthClient.find(id: form.clientId, in: $0) }) else {
            return .unauthorized(OAuthRefusal(error: "invalid_client", description: "No client is registered as \(form.clientId).").body)
        }
        let scopes = OAuthScope.parse(form.scope)
        if let bad = scopes.first(where: { !OAuthScope.isValid($0) }) {
            return .badRequest(OAuthRefusal(error: "invalid_scope", description: "The scope \(bad) is not one this instance knows.").body)
        }
        guard scopes.contains(where: { !OAuthScope.oidc.contains($0) }) else {
            return .badRequest(OAuthRefusal(
                error: "invalid_scope", description: "Ask for at least one scope beyond openid, profile, email and offline_access.").body)
        }
        let deviceCode = Identifiers.secret()
        let lifetime = signIn.deviceCodeLifetime.inSeconds
        let interval = signIn.devicePollInterval
        let userCode = try await write { db -> String in
            let now = clock.now
            try db.run("DELETE FROM oauth_device_codes WHERE expires_at < ?", now.stored - 3600)
            var userCode = DeviceUserCode.make()
            while try db.first("SELECT 1 FROM oauth_device_codes WHERE user_code = ?", userCode) != nil { userCode = DeviceUserCode.make() }
            try db.run(
                """
                INSERT INTO oauth_device_codes (hash, user_code, client_id, scope, status, interval, expires_at)
                VALUES (?, ?, ?, ?, 'pending', ?, ?)
                """, SHA256.hex(deviceCode), userCode, client.id, scopes.joined(separator: " "), interval,
                now.addingTimeInterval(lifetime).stored)
            return userCode
        }
        let verification = BrowserRequest.current.origin + "/auth/device"
        let response = Components.Schemas.DeviceAuthorizationResponse(
            deviceCode: deviceCode, userCode: userCode, verificationUri: verification,
            verificationUriComplete: RedirectURI.adding([("user_code", userCode)], to: verification),
            expiresIn: Int(lifetime.rounded(.up)), interval: interval)
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(response)))
    }

    func showDeviceEntryPage(_ input: Operations.ShowDeviceEntryPage.Input) async throws -> Operations.ShowDeviceEntryPage.Output {
        .ok(SignInPages.ok(SignInPages.deviceEntry(userCode: input.query.userCode.map(DeviceUserCode.normalized))))
    }

    func submitDeviceCode(_ input: Operations.SubmitDeviceCode.Input) async throws -> Operations.SubmitDeviceCode.Output {
        guard case .urlEncodedForm(let form) = input.body else { throw LocalError.validation("A form body is required.") }
        let userCode = DeviceUserCode.normalized(form.userCode)
        guard try await pendingDeviceRequest(userCode) != nil else {
            return .ok(SignInPages.ok(SignInPages.deviceEntry(
                userCode: userCode, error: "No device is waiting with that code; check it, or start again on the device.")))
        }
        let consent = RedirectURI.adding([("user_code", userCode)], to: BrowserRequest.current.origin + "/auth/device/consent")
        return .found(SignInPages.redirect(to: consent))
    }

    func showDeviceConsentPage(_ input: Operations.ShowDeviceConsentPage.Input) async throws -> Operations.ShowDeviceConsentPage.Output {
        let userCode = DeviceUserCode.normalized(input.query.userCode)
        guard let (scopes, client) = try await pendingDeviceRequest(userCode) else {
            throw LocalError.validation("No device is waiting with the code \(userCode); start again on the device.")
        }
        return .ok(SignInPages.ok(SignInPages.deviceConsent(clientName: client.displayName, scopes: scopes, userCode: userCode)))
    }

    func submitDeviceConsent(_ input: Operations.SubmitDeviceConsent.Input) async throws -> Operations.SubmitDeviceConsent.Output {
        guard case .urlEncodedForm(let form) = input.body else { throw LocalError.validation("A form body is required.") }
        let userCode = DeviceUserCode.normalized(form.userCode)
        guard let (scopes, client) = try await pendingDeviceRequest(userCode) else {
            throw LocalError.validation("No device is waiting with the code \(userCode); start again on the device.")
        }
        guard form.decision == .approve else {
            try await write { db in try db.run("UPDATE oauth_device_codes SET status = 'denied' WHERE user_code = ?", userCode) }
            return .ok(SignInPages.ok(SignInPages.message("Declined", "The device was not signed in. You can close this page.")))
        }
        func again(_ error: String, status: Int) -> Operations.SubmitDeviceConsent.Output {
            let html = SignInPages.deviceConsent(clientName: client.displayName, scopes: scopes, userCode: userCode, error: error)
            let (statusCode, payload) = SignInPages.undocumented(html, status: status)
            return .undocumented(statusCode: statusCode, payload)
        }
        switch try await checkOwnerPassword(form.password, for: .device(userCode: userCode)) {
        case .accepted: break
        case .wrong: return again("The owner password is wrong.", status: 401)
        case .burned:
            let html = SignInPages.message(
                "Sign-in closed", "Too many wrong owner passwords: the device was not signed in. Start again on the device.")
            let (statusCode, payload) = SignInPages.undocumented(html, status: 403)
            return .undocumented(statusCode: statusCode, payload)
        case .throttled(let retryAfter):
            let (statusCode, payload) = Self.throttledPage(retryAfter: retryAfter)
            return .undocumented(statusCode: statusCode, payload)
        }
        let approved = OAuthScope.approved(asked: scopes, chosen: form.scope ?? [])
        guard approved.contains(where: { !OAuthScope.oidc.contains($0) }) else {
            return again("Choose at least one thing to allow, or deny.", status: 400)
        }
        try await write { db in
            try db.run(
                "UPDATE oauth_device_codes SET status = 'approved', approved_scope = ? WHERE user_code = ?",
                approved.joined(separator: " "), userCode)
        }
        return .ok(SignInPages.ok(SignInPages.message("Device signed in", "Return to your device; it continues by itself.")))
    }

    /// The scopes and client of the pending, unexpired device request with `userCode`.
    private func pendingDeviceRequest(_ userCode: String) async throws -> ([String], OAuthClient)? {
        let now = clock.now
        return try await read { db in
            guard let row = try db.first(
                "SELECT * FROM oauth_device_codes WHERE user_code = ? AND status = 'pending' AND expires_at > ?", userCode,
                now.stored),
                let client = try OAuthClient.find(id: row.string("client_id") ?? "", in: db)
            else { return nil }
            return (OAuthScope.parse(row.string("scope")), client)
        }
    }

    /// The device code grant: `authorization_pending` until the owner decides, `slow_down` (and five
    /// more seconds of interval) when polled faster than the interval, `expired_token` past the
    /// code's life, `access_denied` when declined, then the tokens once.
    func exchangeDeviceCode(_ form: Components.Schemas.TokenRequest) async throws -> TokenAnswer {
        guard let deviceCode = form.deviceCode, let clientID = form.clientId else {
            return .invalidRequest("device_code and client_id are required.")
        }
        let lifetime = signIn.accessTokenLifetime
        return try await write { db -> TokenAnswer in
            let now = clock.now
            let hash = SHA256.hex(deviceCode)
            guard let row = try db.first("SELECT * FROM oauth_device_codes WHERE hash = ?", hash) else {
                return .invalidGrant("The device code is unknown.")
            }
            guard row.string("client_id") == clientID else { return .invalidGrant("The device code was issued to another client.") }
            guard (row.double("expires_at") ?? 0) > now.stored else {
                return .refused(status: 400, OAuthRefusal(error: "expired_token", description: "The device code expired; start again."))
            }
            let interval = row.int("interval") ?? 5
            if let last = row.double("last_polled_at"), now.stored - last < Double(interval) {
                try db.run("UPDATE oauth_device_codes SET interval = ?, last_polled_at = ? WHERE hash = ?", interval + 5, now.stored, hash)
                return .refused(status: 400, OAuthRefusal(error: "slow_down", description: "Poll every \(interval + 5) seconds."))
            }
            try db.run("UPDATE oauth_device_codes SET last_polled_at = ? WHERE hash = ?", now.stored, hash)
            switch row.string("status") {
            case "pending":
                return .refused(status: 400, OAuthRefusal(error: "authorization_pending", description: "The owner has not decided yet."))
            case "denied":
                return .refused(status: 400, OAuthRefusal(error: "access_denied", description: "The owner declined."))
            case "approved":
                try db.run("UPDATE oauth_device_codes SET status = 'used' WHERE hash = ?", hash)
                let scopes = OAuthScope.parse(row.string("approved_scope"))
                return .tokens(try OAuthGrants.grant(clientID: clientID, scopes: scopes, accessLifetime: lifetime, in: db, now: now).issued)
            default:
                return .invalidGrant("The device code was already used.")
            }
        }
    }
}

/// The code a person types: eight letters from an alphabet without vowels or look-alikes, shown
/// as `BCDF-GHJK`.
enum DeviceUserCode {
    static let alphabet = Array("BCDFGHJKLMNPQRSTVWXZ")

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let letters = (0..<8).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return String(letters[0..<4]) + "-" + String(letters[4...])
    }

    /// `text` as stored: upper case, letters only, a dash after the fourth.
    static func normalized(_ text: String) -> String {
        let letters = text.uppercased().filter { $0.isLetter }
        guard letters.count == 8 else { return String(letters) }
        return String(letters.prefix(4)) + "-" + String(letters.suffix(4))
    }
}
