import Foundation
import FuzzSupport
import MarfaHTTP
import MarfaOpenAPIRuntime

/// What an app and the owner's browser do before a form is posted: register a client, start an
/// authorization (its consent code), and start a device sign-in (its device and user codes).
struct OAuthSetUp {
    let url: URL
    let transport: any ClientTransport

    /// The values the placeholders of a fuzzed form stand for.
    func liveValues() async throws -> [String: String] {
        let client =
            try await json(
                "POST", "/oauth2/register",
                body: """
                    {"client_name":"Fuzz","redirect_uris":["\(LocalOAuthFixture.redirect)"],"application_type":"native",
                     "token_endpoint_auth_method":"none",
                     "grant_types":["authorization_code","refresh_token","urn:ietf:params:oauth:grant-type:device_code"]}
                    """)["client_id"] as? String ?? ""
        let device = try await form("/auth/device/code", "client_id=\(client)&scope=core.note%3Aread%20offline_access")
        return [
            "client_id": client,
            "consent_code": try await consentCode(client: client),
            "device_code": device["device_code"] as? String ?? "",
            "user_code": device["user_code"] as? String ?? "",
            "password": LocalOAuthFixture.password,
            "redirect_uri": LocalOAuthFixture.redirect,
        ]
    }

    /// Starts an authorization and reads the consent code from the consent page it leads to.
    private func consentCode(client: String) async throws -> String {
        let query =
            "response_type=code&client_id=\(client)&redirect_uri=\(PercentEncoding.encode(LocalOAuthFixture.redirect))"
            + "&scope=core.note%3Aread&state=s1&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256"
        let location = try await send(HTTPRequest(method: .get, path: "/auth/oauth2/authorize?" + query), body: nil)
            .location
        guard let location, let page = URLComponents(string: location) else { return "" }
        let html = try await send(HTTPRequest(method: .get, path: page.path + "?" + (page.query ?? "")), body: nil).text
        guard let mark = html.range(of: "name=\"consent_code\" value=\"") else { return "" }
        return String(html[mark.upperBound...].prefix { $0 != "\"" })
    }

    private func json(_ method: String, _ path: String, body: String) async throws -> [String: Any] {
        let head = HTTPRequest(
            method: HTTPMethod(rawValue: method), path: path, headerFields: ["Content-Type": "application/json"])
        return try object(try await send(head, body: body).text)
    }

    private func form(_ path: String, _ body: String) async throws -> [String: Any] {
        let head = HTTPRequest(
            method: .post, path: path, headerFields: ["Content-Type": "application/x-www-form-urlencoded"])
        return try object(try await send(head, body: body).text)
    }

    private func object(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    private func send(_ head: HTTPRequest, body: String?) async throws -> (text: String, location: String?) {
        do {
            let (_, answer) = try await transport.send(
                head, body: body.map { HTTPBody($0) }, baseURL: url, operationID: "fuzz-setup")
            return (String(decoding: try await answer?.collect(upTo: 1 << 20) ?? [], as: UTF8.self), nil)
        } catch HTTPClientError.redirected(_, _, let location, _) {
            return ("", location)
        }
    }
}
