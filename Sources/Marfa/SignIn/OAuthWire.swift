import Foundation
import MarfaHTTP

/// The OAuth requests a sign-in makes, sent to the addresses discovery gave (not the contract's
/// paths), with form bodies in and JSON out. Failures are `SignInError`s whose messages name no
/// token or code: `.unavailable` when the server can't be reached, `.refused` for an OAuth error
/// answer, `.unreadable` for anything else.
struct OAuthWire: Sendable {
    /// What every OAuth request is sent through.
    var transport: any ClientTransport = Server.defaultTransport
    /// How long each request waits in all outside a call's budget (`CallLimits`), renewals included.
    var timeout: Duration = .seconds(20)

    /// The longest OAuth answer read.
    static let answerLimit = 1 << 20

    func discover(origin: String) async throws(SignInError) -> OAuthEndpoints {
        guard let url = URL(string: origin + "/.well-known/oauth-authorization-server/auth") else { throw .notAServer }
        let metadata: Components.Schemas.AuthorizationServerMetadata = try await send(
            .get, url, form: nil, expecting: [200])
        return try OAuthEndpoints(metadata, origin: origin)
    }

    /// Registers a native public client; answers its `client_id`.
    func register(
        at endpoint: URL, name: String, redirects: [String], scope: String
    ) async throws(SignInError) -> String {
        let request = Components.Schemas.ClientRegistrationRequest(
            redirectUris: redirects,
            grantTypes: ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
            responseTypes: ["code"], clientName: name, scope: scope, tokenEndpointAuthMethod: "none",
            applicationType: .native)
        let body: Data
        do { body = try JSONEncoder().encode(request) } catch {
            throw .unreadable(message: "The registration couldn't be written.")
        }
        let registration: Components.Schemas.ClientRegistration = try await send(
            .post, endpoint, body: body, contentType: "application/json", expecting: [200, 201])
        return registration.clientId
    }

    func token(at endpoint: URL, form: [(String, String)]) async throws(SignInError) -> Components.Schemas.TokenResponse
    {
        try await send(.post, endpoint, form: form, expecting: [200])
    }

    func deviceCode(
        at endpoint: URL, clientID: String, scope: String
    ) async throws(SignInError)
        -> Components.Schemas.DeviceAuthorizationResponse
    {
        try await send(.post, endpoint, form: [("client_id", clientID), ("scope", scope)], expecting: [200])
    }

    /// Revokes `token` (RFC 7009); true when the server confirmed with a 200.
    func revoke(at endpoint: URL, token: String, hint: String, clientID: String?) async -> Bool {
        var form = [("token", token), ("token_type_hint", hint)]
        if let clientID { form.append(("client_id", clientID)) }
        do {
            let (status, _) = try await exchange(.post, endpoint, body: Self.formBody(form), contentType: Self.formType)
            return status == 200
        } catch {
            return false
        }
    }

    // MARK: Sending

    static let formType = "application/x-www-form-urlencoded"

    static func formBody(_ form: [(String, String)]) -> Data {
        Data(form.map { "\(formEncode($0.0))=\(formEncode($0.1))" }.joined(separator: "&").utf8)
    }

    static func formEncode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text)
    }

    private func send<Answer: Decodable>(
        _ method: HTTPMethod, _ url: URL, form: [(String, String)]?, expecting: Set<Int>
    ) async throws(SignInError) -> Answer {
        try await send(method, url, body: form.map(Self.formBody), contentType: Self.formType, expecting: expecting)
    }

    private func send<Answer: Decodable>(
        _ method: HTTPMethod, _ url: URL, body: Data?, contentType: String, expecting: Set<Int>
    ) async throws(SignInError) -> Answer {
        let (status, data) = try await exchange(method, url, body: body, contentType: contentType)
        guard expecting.contains(status) else {
            if (400..<500).contains(status),
                let refusal = try? JSONDecoder().decode(Components.Schemas.OAuthError.self, from: data)
            {
                throw .refused(code: refusal.error, message: Self.refusalText(refusal))
            }
            throw .unreadable(message: "The server answered HTTP \(status) where an OAuth answer was expected.")
        }
        do {
            return try JSONDecoder().decode(Answer.self, from: data)
        } catch {
            throw .unreadable(message: "The server's OAuth answer couldn't be read.")
        }
    }

    static func refusalText(_ refusal: Components.Schemas.OAuthError) -> String {
        let description = refusal.errorDescription.map { ": \($0)" } ?? "."
        return "The server refused the sign-in (\(refusal.error))\(description)"
    }

    /// One request; answers the status and the whole body.
    func exchange(
        _ method: HTTPMethod, _ url: URL, body: Data?, contentType: String
    ) async throws(SignInError) -> (Int, Data) {
        guard let origin = Server.origin(of: url), let base = URL(string: origin) else { throw .notAServer }
        var path = url.path.isEmpty ? "/" : url.path
        if let query = url.query { path += "?" + query }
        var request = HTTPRequest(method: method, path: path)
        request.headerFields["Accept"] = "application/json"
        if body != nil { request.headerFields["Content-Type"] = contentType }
        let limits: TransportLimits
        if let call = CallLimits.current {
            // Inside a call: what is left of its budget, and nothing when that has run out.
            guard let left = call.transportLimits() else {
                throw .unavailable(message: "The call ran out of time before its OAuth request could be sent.")
            }
            limits = left
        } else {
            limits = TransportLimits(deadline: timeout, idleTimeout: nil)
        }
        do {
            return try await TransportLimits.$current.withValue(limits) {
                let (response, answer) = try await transport.send(
                    request, body: body.map { HTTPBody($0) }, baseURL: base, operationID: "oauth")
                let bytes = try await answer?.collect(upTo: Self.answerLimit) ?? []
                return (response.status.code, Data(bytes))
            }
        } catch is CancellationError {
            throw .canceled
        } catch let error as HTTPClientError {
            switch error {
            case .noConnection: throw .unavailable(message: "The server couldn't be reached.")
            case .network: throw .unavailable(message: "The connection to the server failed before its answer arrived.")
            case .redirected:
                throw .unreadable(
                    message: "The server answered an OAuth request with a redirect, which isn't followed.")
            case .invalidRequest: throw .notAServer
            }
        } catch {
            throw .unreadable(message: "The server's OAuth answer couldn't be read.")
        }
    }
}
