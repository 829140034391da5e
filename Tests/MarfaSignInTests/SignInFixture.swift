import Foundation
import MarfaClock
import MarfaHTTP
import MarfaLocal
import Synchronization
import Testing

@testable import Marfa

/// A local instance with an owner password, a key store in a temporary folder, and the log lines
/// the instance wrote, for the end-to-end sign-in tests. The instance and every `Authorization`
/// made here share `clock`, which moves only when a test advances it: token lifetimes and device
/// polling pass without waiting.
final class SignInFixture: Sendable {
    static let password = "correct horse battery staple"
    static let service = "com.example.readinglist"
    static let redirect = URL(string: "com.example.readinglist:/signed-in")!
    static let scopes = ["config.manage", "core.note:read"]

    let folder: TemporaryFolder
    let instance: LocalInstance
    let keys: Keychain
    let log = LogLines()
    let clock = ManualClock()

    init(options configure: (inout LocalInstance.SignInOptions) -> Void = { _ in }) async throws {
        folder = try TemporaryFolder()
        var options = LocalInstance.Options(requestsPerMinute: nil)
        var signIn = LocalInstance.SignInOptions(devicePollInterval: 1)
        configure(&signIn)
        options.signIn = signIn
        let log = log
        options.log = { line in log.lines.withLock { $0.append(line) } }
        options.clock = clock
        instance = try await LocalInstance.start(
            dataDirectory: folder.url.appendingPathComponent("instance"), ownerPassword: Self.password, options: options
        )
        keys = Keychain(folder: folder.url.appendingPathComponent("keys"))
    }

    func stop() async { await instance.stop() }

    func authorization(
        redirect: URL? = SignInFixture.redirect, scopes: [String] = SignInFixture.scopes,
        lockWait: Duration = .seconds(10),
        transport: (any ClientTransport)? = nil
    ) throws -> Authorization {
        try Authorization(
            server: instance.url, client: .init(name: "Reading List", redirect: redirect, scopes: scopes),
            service: Self.service, store: keys, transport: transport, lockWait: lockWait, clock: clock)
    }

    /// Every byte of the instance's files and of the temporary folder outside the key store holds
    /// none of `tokens`.
    func expectNoTokenOutsideKeyStore(_ tokens: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let enumerator = FileManager.default.enumerator(at: folder.url, includingPropertiesForKeys: [.isRegularFileKey])
        var scanned = 0
        while let url = enumerator?.nextObject() as? URL {
            guard !url.path.hasPrefix(keys.folder.path),
                (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                let data = FileManager.default.contents(atPath: url.path)
            else { continue }
            scanned += 1
            for token in tokens where data.range(of: Data(token.utf8)) != nil {
                Issue.record("A token is stored in \(url.lastPathComponent)", sourceLocation: sourceLocation)
            }
        }
        #expect(scanned > 0, sourceLocation: sourceLocation)
        for line in log.lines.withLock({ $0 }) {
            for token in tokens where line.contains(token) {
                Issue.record("A token appears in a log line", sourceLocation: sourceLocation)
            }
        }
    }

    /// Approves a device code at the instance's consent door, as the owner would on another device.
    func decideDevice(userCode: String, approve: Bool, scopes: [String]? = nil) async throws {
        var form = [("user_code", userCode), ("decision", approve ? "approve" : "deny"), ("password", Self.password)]
        for scope in scopes ?? Self.scopes { form.append(("scope", scope)) }
        let (status, _, _) = try await OwnerBrowser.send(
            .post, instance.url.appendingPathComponent("auth/device/consent"), form: form)
        #expect(status == 200)
    }
}

/// The test's browser: fetches the authorize page and posts the owner's decision on the consent
/// page, and answers the address the instance sent the browser back to.
struct OwnerBrowser: SignInBrowser {
    var approve = true
    /// The scopes the owner leaves ticked; all asked for when nil.
    var scopes: [String]? = nil
    /// Changes the `state` of the answer, as an approval this sign-in didn't ask for would have.
    var swapState = false

    func approve(redirect: URL?, authorize: @Sendable (URL) -> URL) async throws(SignInError) -> URL {
        guard let redirect else { throw .noRedirect }
        do {
            let page = authorize(redirect)
            let (status, location, _) = try await Self.send(.get, page, form: nil)
            guard status == 302, let consentPage = location.flatMap(URL.init(string:)),
                let items = URLComponents(url: consentPage, resolvingAgainstBaseURL: false)?.queryItems,
                let consentCode = items.first(where: { $0.name == "consent_code" })?.value,
                let asked = items.first(where: { $0.name == "scope" })?.value
            else {
                throw SignInError.unavailable(message: "The authorize door didn't lead to a consent page (\(status)).")
            }
            let (pageStatus, _, html) = try await Self.send(.get, consentPage, form: nil)
            guard pageStatus == 200, html.contains("consent_code") else {
                throw SignInError.unavailable(message: "The consent page didn't show.")
            }
            var form = [
                ("consent_code", consentCode), ("decision", approve ? "approve" : "deny"),
                ("password", SignInFixture.password),
            ]
            for scope in scopes ?? asked.split(separator: " ").map(String.init) { form.append(("scope", scope)) }
            let decisionURL = URL(string: "/auth/authorize/decision", relativeTo: consentPage)!.absoluteURL
            let (decided, back, _) = try await Self.send(.post, decisionURL, form: form)
            guard decided == 302, let back, var callback = URLComponents(string: back) else {
                throw SignInError.unavailable(message: "The decision wasn't answered with a redirect (\(decided)).")
            }
            if swapState {
                callback.queryItems = callback.queryItems?.map {
                    $0.name == "state" ? URLQueryItem(name: "state", value: "forged") : $0
                }
            }
            return callback.url!
        } catch let error as SignInError {
            throw error
        } catch {
            throw .unavailable(message: "The test browser failed: \(error)")
        }
    }

    /// One request; answers the status, the `Location` (from a redirect) and the body text.
    static func send(_ method: HTTPMethod, _ url: URL, form: [(String, String)]?) async throws -> (Int, String?, String)
    {
        let origin = URL(string: Server.origin(of: url)!)!
        var path = url.path
        if let query = url.query { path += "?" + query }
        var request = HTTPRequest(method: method, path: path)
        if form != nil { request.headerFields["Content-Type"] = "application/x-www-form-urlencoded" }
        let body = form.map { HTTPBody(OAuthWire.formBody($0)) }
        do {
            let (response, answer) = try await DefaultTransport.make().send(
                request, body: body, baseURL: origin, operationID: "browser")
            let bytes = try await answer?.collect(upTo: 1 << 20) ?? []
            return (response.status.code, response.headerFields["Location"], String(decoding: bytes, as: UTF8.self))
        } catch HTTPClientError.redirected(_, let status, let location, _) {
            return (status, location, "")
        }
    }
}

/// The lines a local instance logged.
final class LogLines: Sendable {
    let lines = Mutex<[String]>([])
}

/// A `CurlTransport` that counts the refresh requests (`grant_type=refresh_token`) sent through it.
struct RefreshCountingTransport: ClientTransport {
    let inner = DefaultTransport.make()
    let counter = Counter()

    final class Counter: Sendable {
        let value = Mutex(0)
    }

    var refreshes: Int { counter.value.withLock { $0 } }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        if let bytes = body?.bytesInMemory, String(decoding: bytes, as: UTF8.self).contains("grant_type=refresh_token")
        {
            counter.value.withLock { $0 += 1 }
        }
        return try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
    }
}

/// A `CurlTransport` that keeps the tokens of every token-door answer that passed through it, so a
/// test can ask the instance about tokens the SDK never handed out.
final class TokenCapturingTransport: ClientTransport, Sendable {
    struct Tokens: Sendable, Hashable {
        var access: String
        var refresh: String?
    }

    let inner = DefaultTransport.make()
    private let captured = Mutex<[Tokens]>([])

    /// The tokens of each token answer, in order.
    var tokens: [Tokens] { captured.withLock { $0 } }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, answer) = try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
        guard request.path.hasSuffix("/token"), let answer else { return (response, answer) }
        let bytes = try await answer.collect(upTo: 1 << 20)
        if let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let access = object["access_token"] as? String
        {
            let refresh = object["refresh_token"] as? String
            captured.withLock { $0.append(Tokens(access: access, refresh: refresh)) }
        }
        return (response, HTTPBody(bytes))
    }
}
