import Foundation
import MarfaDigest
import MarfaHTTP
import MarfaOpenAPIRuntime
import Testing

@testable import MarfaLocal

/// Plays an app and the owner's browser against a local instance over real HTTP: registers a
/// client, follows the authorize redirect to the consent page, reads its form and posts it.
struct OAuthPlayer: Sendable {
    let url: URL
    let ownerPassword: String
    let transport = DefaultTransport.make()

    init(_ instance: LocalInstance, ownerPassword: String? = nil) {
        url = instance.url
        self.ownerPassword = ownerPassword ?? instance.generatedOwnerPassword ?? ""
    }

    var origin: String {
        url.absoluteString.hasSuffix("/") ? String(url.absoluteString.dropLast()) : url.absoluteString
    }

    /// One request without a credential unless `bearer` is given, read whole; redirects are not followed.
    func send(
        _ method: HTTPMethod, _ path: String, form: [(String, String)]? = nil, json: String? = nil,
        bearer: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> RawAnswer {
        var fields = HTTPFields()
        if let bearer { fields["Authorization"] = "Bearer \(bearer)" }
        var body: HTTPBody?
        if let form {
            fields["Content-Type"] = "application/x-www-form-urlencoded"
            body = HTTPBody(form.map { "\($0.0)=\(Self.encode($0.1))" }.joined(separator: "&"))
        } else if let json {
            fields["Content-Type"] = "application/json"
            body = HTTPBody(json)
        }
        for (name, value) in headers { fields[name] = value }
        do {
            let (response, responseBody) = try await transport.send(
                HTTPRequest(method: method, path: path, headerFields: fields), body: body, baseURL: url,
                operationID: "oauth-test")
            let bytes = try await responseBody?.collect(upTo: 16 << 20) ?? []
            return RawAnswer(status: response.status.code, headers: response.headerFields, bytes: bytes)
        } catch HTTPClientError.redirected(_, let status, let location, _) {
            // The transport never follows a redirect; the answer is what a browser would follow.
            var headers = HTTPFields()
            if let location { headers["Location"] = location }
            return RawAnswer(status: status, headers: headers, bytes: [])
        }
    }

    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(
                charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? value
    }

    /// Registers a native client with `redirect` and answers its `client_id`.
    func register(
        redirect: String = "http://127.0.0.1:53682/callback", name: String = "Test App"
    ) async throws -> String {
        let answer = try await send(
            .post, "/oauth2/register",
            json: """
                {"client_name":"\(name)","redirect_uris":["\(redirect)"],"application_type":"native",
                 "token_endpoint_auth_method":"none","grant_types":["authorization_code","refresh_token","\(OAuthGrantType.deviceCode)"]}
                """)
        #expect(answer.status == 201, "\(answer.text)")
        return try #require(answer.json["client_id"]?.string)
    }

    /// A fresh PKCE verifier and its S256 challenge.
    static func pkce() -> (verifier: String, challenge: String) {
        let verifier = (0..<64).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789-._~".randomElement()! }.map(
            String.init
        ).joined()
        let challenge = Data(SHA256.digest(Array(verifier.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
                of: "=", with: "")
        return (verifier, challenge)
    }

    /// `GET /auth/oauth2/authorize`, answered without following the redirect.
    func authorize(
        clientID: String, redirect: String, scope: String, state: String, challenge: String
    ) async throws -> RawAnswer {
        let query = [
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirect), ("scope", scope),
            ("state", state),
            ("code_challenge", challenge), ("code_challenge_method", "S256"),
        ].map { "\($0.0)=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send(.get, "/auth/oauth2/authorize?" + query)
    }

    /// The path and query of an absolute `Location` on this instance.
    func localPath(_ location: String?) throws -> String {
        let location = try #require(location)
        #expect(location.hasPrefix(origin), "\(location)")
        return String(location.dropFirst(origin.count))
    }

    /// Opens the consent page an authorize answer redirects to and answers its `consent_code`.
    func openConsentPage(_ authorizeAnswer: RawAnswer) async throws -> (page: RawAnswer, consentCode: String) {
        #expect(authorizeAnswer.status == 302, "\(authorizeAnswer.text)")
        let page = try await send(.get, try localPath(authorizeAnswer.headers["Location"]))
        #expect(page.status == 200)
        #expect(page.headers["Content-Type"]?.hasPrefix("text/html") == true)
        let code = try #require(Self.hiddenValue("consent_code", in: page.text))
        return (page, code)
    }

    /// The value of the hidden input `name` in an HTML page.
    static func hiddenValue(_ name: String, in html: String) -> String? {
        guard let range = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
        let rest = html[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// Posts the consent form as a same-origin browser would.
    func decide(
        consentCode: String, approve: Bool, scopes: [String], password: String? = nil, origin: String? = nil
    ) async throws -> RawAnswer {
        var form: [(String, String)] = [("consent_code", consentCode)]
        form += scopes.map { ("scope", $0) }
        form.append(("password", password ?? ownerPassword))
        form.append(("decision", approve ? "approve" : "deny"))
        return try await send(.post, "/auth/authorize/decision", form: form, headers: ["Origin": origin ?? self.origin])
    }

    /// The query items of a redirect's `Location`.
    static func query(of answer: RawAnswer) -> [String: String] {
        let items = URLComponents(string: answer.headers["Location"] ?? "")?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    /// A whole browser sign-in: authorize, consent with `approve` of the scopes, and the code.
    func signIn(
        clientID: String, redirect: String = "http://127.0.0.1:53682/callback", scope: String, approve: [String]? = nil,
        state: String = "state-1"
    ) async throws -> (code: String, verifier: String) {
        let (verifier, challenge) = Self.pkce()
        let (_, consentCode) = try await openConsentPage(
            try await authorize(
                clientID: clientID, redirect: redirect, scope: scope, state: state, challenge: challenge))
        let decision = try await decide(
            consentCode: consentCode, approve: true, scopes: approve ?? scope.split(separator: " ").map(String.init))
        #expect(decision.status == 302, "\(decision.text)")
        let query = Self.query(of: decision)
        #expect(query["state"] == state)
        return (try #require(query["code"]), verifier)
    }

    /// `POST /auth/oauth2/token`.
    func token(_ form: [(String, String)]) async throws -> RawAnswer {
        try await send(.post, "/auth/oauth2/token", form: form)
    }

    /// Exchanges a code for tokens.
    func exchange(
        code: String, verifier: String, clientID: String, redirect: String = "http://127.0.0.1:53682/callback"
    ) async throws -> RawAnswer {
        try await token([
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect), ("client_id", clientID),
            ("code_verifier", verifier),
        ])
    }

    /// A browser sign-in through to tokens: `(access, refresh, scope)`.
    func tokens(
        clientID: String, scope: String, approve: [String]? = nil
    ) async throws -> (access: String, refresh: String?, scope: String) {
        let (code, verifier) = try await signIn(clientID: clientID, scope: scope, approve: approve)
        let answer = try await exchange(code: code, verifier: verifier, clientID: clientID)
        #expect(answer.status == 200, "\(answer.text)")
        return (
            try #require(answer.json["access_token"]?.string), answer.json["refresh_token"]?.string,
            answer.json["scope"]?.string ?? ""
        )
    }
}

/// A local instance in a folder the test keeps across restarts.
struct RestartableInstance {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-oauth-\(UUID().uuidString)")
    var options = LocalInstance.Options(log: { _ in })

    func start(ownerPassword: String? = nil) async throws -> LocalInstance {
        try await LocalInstance.start(dataDirectory: folder, ownerPassword: ownerPassword, options: options)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
