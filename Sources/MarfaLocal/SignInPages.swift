import Foundation
import MarfaOpenAPIRuntime
import MarfaTypes

/// The plain HTML pages of sign-in: consent for an app, device code entry and device consent.
/// Forms post form-urlencoded to the instance's own origin; nothing needs script.
enum SignInPages {
    /// A whole page around `body`.
    static func page(title: String, _ body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer"><title>\(HTMLText.escape(title))</title>
        <style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
        fieldset{border:1px solid #ccc;border-radius:6px}label{display:block;margin:.3rem 0}
        .error{color:#b00020}button{margin-right:.5rem;padding:.4rem 1rem}code{font-size:1.1em}</style>
        </head><body>
        \(body)
        </body></html>
        """
    }

    /// One checkbox per scope the owner can approve or not; OIDC scopes are granted when asked.
    static func scopeChoices(_ scopes: [String]) -> String {
        let choosable = scopes.filter { !OAuthScope.oidc.contains($0) }
        var html = "<fieldset><legend>Allow access to</legend>\n"
        for scope in choosable {
            html += "<label><input type=\"checkbox\" name=\"scope\" value=\"\(HTMLText.escape(scope))\" checked> <code>\(HTMLText.escape(scope))</code></label>\n"
        }
        if scopes.contains(OAuthScope.offlineAccess) { html += "<p>The app stays signed in until you revoke it.</p>\n" }
        return html + "</fieldset>\n"
    }

    static func passwordField() -> String {
        """
        <label>Owner password <input type="password" name="password" autocomplete="current-password" required autofocus></label>
        <p><button type="submit" name="decision" value="approve">Approve</button>
        <button type="submit" name="decision" value="deny" formnovalidate>Deny</button></p>
        """
    }

    static func errorLine(_ error: String?) -> String {
        error.map { "<p class=\"error\" role=\"alert\">\(HTMLText.escape($0))</p>\n" } ?? ""
    }

    /// The consent page for an app's authorization request.
    static func consent(clientName: String, scopes: [String], consentCode: String, error: String? = nil) -> String {
        page(title: "Allow \(clientName)?", """
            <h1>Allow <em>\(HTMLText.escape(clientName))</em> to use this Marfa instance?</h1>
            \(errorLine(error))<form method="post" action="/auth/authorize/decision">
            <input type="hidden" name="consent_code" value="\(HTMLText.escape(consentCode))">
            \(scopeChoices(scopes))\(passwordField())
            </form>
            """)
    }

    /// The page where a person types the code a device shows.
    static func deviceEntry(userCode: String? = nil, error: String? = nil) -> String {
        page(title: "Sign in a device", """
            <h1>Sign in a device</h1>
            \(errorLine(error))<form method="post" action="/auth/device">
            <label>The code your device shows <input type="text" name="user_code" value="\(HTMLText.escape(userCode ?? ""))" autocomplete="off" autocapitalize="characters" required autofocus></label>
            <p><button type="submit">Continue</button></p>
            </form>
            """)
    }

    /// The consent page for a device's request.
    static func deviceConsent(clientName: String, scopes: [String], userCode: String, error: String? = nil) -> String {
        page(title: "Allow \(clientName)?", """
            <h1>Allow <em>\(HTMLText.escape(clientName))</em> on the device showing <code>\(HTMLText.escape(userCode))</code>?</h1>
            \(errorLine(error))<form method="post" action="/auth/device/consent">
            <input type="hidden" name="user_code" value="\(HTMLText.escape(userCode))">
            \(scopeChoices(scopes))\(passwordField())
            </form>
            """)
    }

    /// A page with a heading and a sentence.
    static func message(_ title: String, _ text: String) -> String {
        page(title: title, "<h1>\(HTMLText.escape(title))</h1>\n<p>\(HTMLText.escape(text))</p>")
    }

    /// A `200` page answer.
    static func ok(_ html: String) -> Operations.ShowConsentPage.Output.Ok {
        .init(headers: .init(xMarfaContract: LocalContract.version), body: .html(HTTPBody(html)))
    }

    /// A page answered with another status (a wrong password is `401`), as the contract leaves
    /// such statuses undocumented.
    static func undocumented(_ html: String, status: Int) -> (statusCode: Int, payload: UndocumentedPayload) {
        (status, UndocumentedPayload(headerFields: ["Content-Type": "text/html; charset=utf-8"], body: HTTPBody(html)))
    }

    /// A `302` to `location`.
    static func redirect(to location: String) -> Operations.Authorize.Output.Found {
        .init(headers: .init(xMarfaContract: LocalContract.version, location: location))
    }
}
