import Foundation

/// The owner's consent form, for an app's authorization request (`/auth/authorize`) or a device's
/// (`/auth/device/consent`): it names the app and the instance, says each scope in words with a box
/// to untick, what approving fewer means, and, for an app, where the approval returns (the
/// redirect's host or scheme) so the owner can spot an impostor; then the owner password, Approve
/// and Deny. Approve comes first, so Enter in the password field approves.
struct ConsentPage {
    /// What the owner is asked to approve.
    enum Request {
        /// An app's authorization request, by its pending consent's handle and redirect URI.
        case app(consentCode: String, redirectURI: String)
        /// A device's request, by the code it shows.
        case device(userCode: String)
    }

    var header: SignInPages.Header
    /// The name the client registered with (or its ID).
    var clientName: String
    /// Every scope asked for, OIDC scopes included.
    var scopes: [String]
    var wording: ScopeWording
    var request: Request
    /// The scopes left ticked when the form comes back after a failed attempt; nil ticks every one.
    var chosen: [String]? = nil

    /// The page, with `error` above the form when the last attempt failed.
    func html(error: String? = nil) -> String {
        let app = HTMLText.escape(clientName)
        let heading: String
        let intro: String
        let hidden: String
        let action: String
        switch request {
        case .app(let consentCode, let redirectURI):
            heading = "Allow <em>\(app)</em> to use your Marfa?"
            intro = """
                <p><strong>\(app)</strong> asks to use your Marfa instance <strong>\(HTMLText.escape(header.instanceName))</strong>. \
                <span class="muted">“\(app)” is the name the app gave itself.</span></p>
                <p class="return">When you answer, your browser goes back to \(Self.destination(of: redirectURI)). If you didn't just \
                start signing in to \(app) there, choose <strong>Deny</strong>.</p>
                """
            hidden = "<input type=\"hidden\" name=\"consent_code\" value=\"\(HTMLText.escape(consentCode))\">"
            action = "/auth/authorize/decision"
        case .device(let userCode):
            let code = HTMLText.escape(userCode)
            heading = "Allow <em>\(app)</em> on your device?"
            intro = """
                <p><strong>\(app)</strong> asks to use your Marfa instance <strong>\(HTMLText.escape(header.instanceName))</strong> \
                on the device showing <span class="code">\(code)</span>.</p>
                <p class="return">Only approve if the device in front of you shows this code. If someone sent you the code, or \
                you didn't start this, choose <strong>Deny</strong>.</p>
                """
            hidden = "<input type=\"hidden\" name=\"user_code\" value=\"\(code)\">"
            action = "/auth/device/consent"
        }
        return SignInPages.page(
            title: "Allow \(clientName)?", header: header,
            """
            <h1>\(heading)</h1>
            \(intro)
            \(SignInPages.errorLine(error))<form method="post" action="\(action)">
            \(hidden)
            \(scopeChoices())\(passwordAndDecision())
            </form>
            """)
    }

    /// One labelled checkbox per scope the owner may leave out, ticked; what unticking means; the
    /// OIDC scopes, granted when asked, said below.
    func scopeChoices() -> String {
        let choosable = scopes.filter { !OAuthScope.oidc.contains($0) }
        var html = "<fieldset><legend>\(HTMLText.escape(clientName)) may:</legend>\n"
        for (index, scope) in choosable.enumerated() {
            html += """
                <label class="scope" for="scope-\(index)"><input type="checkbox" id="scope-\(index)" name="scope" \
                value="\(HTMLText.escape(scope))"\(isTicked(scope) ? " checked" : "")><span>\(HTMLText.escape(wording.sentence(for: scope)))\
                <code>\(HTMLText.escape(scope))</code></span></label>

                """
        }
        html += "</fieldset>\n"
        html += """
            <p class="hint">Untick anything you don't want to allow: the app gets only what stays ticked. It may then offer \
            fewer features, or ask again later.</p>

            """
        let always = scopes.filter { OAuthScope.oidc.contains($0) }.map { wording.sentence(for: $0) }
        if !always.isEmpty {
            let sentence = ScopeWording.list(always.map { $0.prefix(1).lowercased() + $0.dropFirst() })
            html += "<p class=\"hint\">It will also \(HTMLText.escape(sentence)).</p>\n"
        }
        return html
    }

    /// Whether `scope`'s box shows ticked.
    func isTicked(_ scope: String) -> Bool { chosen?.contains(scope) ?? true }

    /// The owner password, labelled and explained, and the two decisions.
    func passwordAndDecision() -> String {
        """
        <label class="field" for="password">Owner password</label>
        <input type="password" id="password" name="password" autocomplete="current-password" required autofocus aria-describedby="password-hint">
        <p class="hint" id="password-hint">The password set for this instance (marfa-local prints it on its first start). \
        Approving needs it; denying doesn't.</p>
        <div class="actions"><button type="submit" name="decision" value="approve" class="primary">Approve</button>
        <button type="submit" name="decision" value="deny" formnovalidate>Deny</button></div>
        """
    }

    /// Where an approval for `redirectURI` returns, as HTML: the port of an app on this computer
    /// (loopback), the private-use scheme of an app, or a website's host.
    static func destination(of redirectURI: String) -> String {
        guard let parsed = try? RedirectURI(redirectURI) else {
            return "<strong>\(HTMLText.escape(redirectURI))</strong>"
        }
        let scheme = parsed.scheme
        if parsed.isLoopback {
            let port = parsed.port.map { ":\($0)" } ?? ""
            return "an app on this computer, waiting at <strong>\(HTMLText.escape((parsed.host ?? "") + port))</strong>"
        }
        if scheme == "https", let host = parsed.host {
            return "the website <strong>\(HTMLText.escape(host))</strong>"
        }
        return "the app that opens <strong>\(HTMLText.escape(scheme)):</strong> links"
    }
}
