import Foundation
import MarfaDigest
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// Device authorization (RFC 8628): a device asks for codes, the owner enters the user code at
/// `/auth/device` and approves on `/auth/device/consent`, and the device polls the token endpoint.
extension LocalAPI {
    func requestDeviceCode(
        _ input: Operations.RequestDeviceCode.Input
    ) async throws -> Operations.RequestDeviceCode.Output {
        guard case .urlEncodedForm(let form) = input.body else {
            return .badRequest(OAuthRefusal(error: "invalid_request", description: "A form body is required.").body)
        }
        guard let client = try await read({ try OAuthClient.find(id: form.clientId, in: $0) }) else {
            return .unauthorized(
                OAuthRefusal(error: "invalid_client", description: "No client is registered as \(form.clientId).").body)
        }
        let scopes = OAuthScope.parse(form.scope)
        if let bad = scopes.first(where: { !OAuthScope.isValid($0) }) {
            return .badRequest(
                OAuthRefusal(error: "invalid_scope", description: "The scope \(bad) is not one this instance knows.")
                    .body)
        }
        guard scopes.contains(where: { !OAuthScope.oidc.contains($0) }) else {
            return .badRequest(
                OAuthRefusal(
                    error: "invalid_scope",
                    description: "Ask for at least one scope beyond openid, profile, email and offline_access."
                ).body)
        }
        let deviceCode = Identifiers.secret()
        let lifetime = signIn.deviceCodeLifetime.inSeconds
        let interval = signIn.devicePollInterval
        let userCode = try await write { db -> String in
            let now = clock.now
            try db.run("DELETE FROM oauth_device_codes WHERE expires_at < ?", now.stored - 3600)
            var userCode = DeviceUserCode.make()
            while try db.first("SELECT 1 FROM oauth_device_codes WHERE user_code = ?", userCode) != nil {
                userCode = DeviceUserCode.make()
            }
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

    func showDeviceEntryPage(
        _ input: Operations.ShowDeviceEntryPage.Input
    ) async throws -> Operations.ShowDeviceEntryPage.Output {
        .ok(
            SignInPages.ok(
                SignInPages.deviceEntry(
                    header: pageHeader, userCode: input.query.userCode.map(DeviceUserCode.normalized))))
    }

    func submitDeviceCode(_ input: Operations.SubmitDeviceCode.Input) async throws -> Operations.SubmitDeviceCode.Output
    {
        guard case .urlEncodedForm(let form) = input.body else {
            throw LocalError.validation("A form body is required.")
        }
        let userCode = DeviceUserCode.normalized(form.userCode)
        let lookup = try await deviceRequest(userCode)
        guard case .pending = lookup else {
            return .ok(
                SignInPages.ok(
                    SignInPages.deviceEntry(header: pageHeader, userCode: userCode, error: lookup.problem(userCode))))
        }
        let consent = RedirectURI.adding(
            [("user_code", userCode)], to: BrowserRequest.current.origin + "/auth/device/consent")
        return .found(SignInPages.redirect(to: consent))
    }

    func showDeviceConsentPage(
        _ input: Operations.ShowDeviceConsentPage.Input
    ) async throws -> Operations.ShowDeviceConsentPage.Output {
        let userCode = DeviceUserCode.normalized(input.query.userCode)
        let lookup = try await deviceRequest(userCode)
        guard case .pending(let scopes, let client) = lookup else {
            let (statusCode, payload) = deviceRefusalPage(lookup, userCode: userCode)
            return .undocumented(statusCode: statusCode, payload)
        }
        let page = try await deviceConsentPage(scopes: scopes, client: client, userCode: userCode)
        return .ok(SignInPages.ok(page.html()))
    }

    func submitDeviceConsent(
        _ input: Operations.SubmitDeviceConsent.Input
    ) async throws -> Operations.SubmitDeviceConsent.Output {
        guard case .urlEncodedForm(let form) = input.body else {
            throw LocalError.validation("A form body is required.")
        }
        let userCode = DeviceUserCode.normalized(form.userCode)
        let lookup = try await deviceRequest(userCode)
        guard case .pending(let scopes, let client) = lookup else {
            let (statusCode, payload) = deviceRefusalPage(lookup, userCode: userCode)
            return .undocumented(statusCode: statusCode, payload)
        }
        guard form.decision == .approve else {
            try await write { db in
                try db.run("UPDATE oauth_device_codes SET status = 'denied' WHERE user_code = ?", userCode)
            }
            return .ok(
                SignInPages.ok(
                    SignInPages.message(
                        header: pageHeader, "Declined",
                        "The device was not signed in and nothing was allowed. You can close this page.",
                        tone: .declined)))
        }
        var page = try await deviceConsentPage(scopes: scopes, client: client, userCode: userCode)
        page.chosen = OAuthScope.parse(form.scope ?? [])
        func again(_ error: String, status: Int) -> Operations.SubmitDeviceConsent.Output {
            let (statusCode, payload) = SignInPages.undocumented(page.html(error: error), status: status)
            return .undocumented(statusCode: statusCode, payload)
        }
        switch try await checkOwnerPassword(form.password, for: .device(userCode: userCode)) {
        case .accepted: break
        case .wrong(let triesLeft): return again(Self.wrongPasswordMessage(triesLeft: triesLeft), status: 401)
        case .burned:
            let html = SignInPages.message(
                header: pageHeader, "Sign-in closed",
                "Too many wrong owner passwords: the device was not signed in and nothing was allowed. Start again on the device."
            )
            let (statusCode, payload) = SignInPages.undocumented(html, status: 403)
            return .undocumented(statusCode: statusCode, payload)
        case .throttled(let retryAfter):
            let (statusCode, payload) = Self.throttledPage(header: pageHeader, retryAfter: retryAfter)
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
        return .ok(
            SignInPages.ok(
                SignInPages.message(
                    header: pageHeader, "Device signed in",
                    "Return to your device; it continues by itself. You can close this page.",
                    tone: .done)))
    }

    /// What a user code names: a pending request with its scopes and client, or why there is none.
    enum DeviceRequestLookup {
        case pending([String], OAuthClient)
        case expired
        /// Approved (and perhaps already collected by the device).
        case used
        /// Declined, or closed by wrong passwords.
        case denied
        case unknown

        /// Why `userCode` can't be approved, in a sentence for the pages; nil when it can.
        func problem(_ userCode: String) -> String? {
            let code = userCode.isEmpty ? "that code" : "the code \(userCode)"
            return switch self {
            case .pending: nil
            case .expired:
                "No device is waiting with \(code) any more: it expired. Start again on the device for a new code."
            case .used:
                "No device is waiting with \(code): it was already used to sign a device in. Start again on the device if you need to."
            case .denied:
                "No device is waiting with \(code): it was declined or closed. Start again on the device for a new code."
            case .unknown: "No device is waiting with \(code). Check it against the code your device shows."
            }
        }
    }

    /// The page answering a consent door for a code that can't be approved: `400`, nothing granted.
    func deviceRefusalPage(
        _ lookup: DeviceRequestLookup, userCode: String
    ) -> (statusCode: Int, payload: UndocumentedPayload) {
        let html = SignInPages.message(header: pageHeader, "This code can't be used", lookup.problem(userCode) ?? "")
        return SignInPages.undocumented(html, status: 400)
    }

    /// The consent form for a device's request.
    private func deviceConsentPage(scopes: [String], client: OAuthClient, userCode: String) async throws -> ConsentPage
    {
        ConsentPage(
            header: pageHeader, clientName: client.displayName, scopes: scopes, wording: try await scopeWording(),
            request: .device(userCode: userCode))
    }

    /// The device request with `userCode`: pending and unexpired, or what became of it.
    private func deviceRequest(_ userCode: String) async throws -> DeviceRequestLookup {
        let now = clock.now
        return try await read { db in
            guard let row = try db.first("SELECT * FROM oauth_device_codes WHERE user_code = ?", userCode),
                let client = try OAuthClient.find(id: row.string("client_id") ?? "", in: db)
            else { return .unknown }
            switch row.string("status") {
            case "pending":
                guard (row.double("expires_at") ?? 0) > now.stored else { return .expired }
                return .pending(OAuthScope.parse(row.string("scope")), client)
            case "approved", "used": return .used
            case "denied": return .denied
            default: return .unknown
            }
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
            guard row.string("client_id") == clientID else {
                return .invalidGrant("The device code was issued to another client.")
            }
            guard (row.double("expires_at") ?? 0) > now.stored else {
                return .refused(
                    status: 400,
                    OAuthRefusal(error: "expired_token", description: "The device code expired; start again."))
            }
            let interval = row.int("interval") ?? 5
            if let last = row.double("last_polled_at"), now.stored - last < Double(interval) {
                try db.run(
                    "UPDATE oauth_device_codes SET interval = ?, last_polled_at = ? WHERE hash = ?", interval + 5,
                    now.stored, hash)
                return .refused(
                    status: 400, OAuthRefusal(error: "slow_down", description: "Poll every \(interval + 5) seconds."))
            }
            try db.run("UPDATE oauth_device_codes SET last_polled_at = ? WHERE hash = ?", now.stored, hash)
            switch row.string("status") {
            case "pending":
                return .refused(
                    status: 400,
                    OAuthRefusal(error: "authorization_pending", description: "The owner has not decided yet."))
            case "denied":
                return .refused(status: 400, OAuthRefusal(error: "access_denied", description: "The owner declined."))
            case "approved":
                try db.run("UPDATE oauth_device_codes SET status = 'used' WHERE hash = ?", hash)
                let scopes = OAuthScope.parse(row.string("approved_scope"))
                return .tokens(
                    try OAuthGrants.grant(
                        clientID: clientID, scopes: scopes, accessLifetime: lifetime, in: db, now: now
                    ).issued)
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
