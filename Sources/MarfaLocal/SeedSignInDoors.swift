import MarfaOpenAPIRuntime
import Synchronization

/// The doors of the older hand-made sign-in (the seeds' `authentication-oauth-pattern.md`), served
/// by the handlers of the doors they stand for, so every check and answer is the same:
/// - `GET /auth/authorize` with the authorize parameters (`response_type`, and no `consent_code`)
///   is the authorization endpoint `GET /auth/oauth2/authorize`, with `offline_access` added to the
///   scopes: the document's app expects a refresh token without asking for one (the consent page
///   tells the owner the app stays signed in). With a `consent_code` (or without `response_type`)
///   it stays the consent page;
/// - `POST /auth/token` is the token endpoint `POST /auth/oauth2/token`.
final class SeedSignInDoors: Sendable {
    /// The handlers registered so far, by `METHOD path`.
    private let handlers = Mutex<[String: ServerHandler]>([:])

    /// The path the token endpoint is also served at.
    static let tokenAlias = "/auth/token"

    /// Notes `handler` for `method` `path`, and answers the handler to register there: the consent
    /// page's is wrapped so that an authorize request reaches the authorization endpoint.
    func handler(_ handler: @escaping ServerHandler, method: HTTPMethod, path: String) -> ServerHandler {
        handlers.withLock { $0["\(method.rawValue) \(path)"] = handler }
        guard method == .get, path == "/auth/authorize" else { return handler }
        return { [self] request, body, metadata in
            if Self.isAuthorizeRequest(request.query), let authorize = registered(.get, "/auth/oauth2/authorize") {
                var request = request
                request.path = Self.askingOfflineAccess(request.path)
                return try await authorize(request, body, metadata)
            }
            return try await handler(request, body, metadata)
        }
    }

    /// The path `path`'s handler is also registered at, if any.
    func alias(method: HTTPMethod, path: String) -> String? {
        method == .post && path == "/auth/oauth2/token" ? Self.tokenAlias : nil
    }

    private func registered(_ method: HTTPMethod, _ path: String) -> ServerHandler? {
        handlers.withLock { $0["\(method.rawValue) \(path)"] }
    }

    /// `path` with `offline_access` added to its `scope` parameter when that doesn't name it.
    static func askingOfflineAccess(_ path: String) -> String {
        guard let mark = path.firstIndex(of: "?") else { return path }
        let pairs = path[path.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).map {
            pair -> String in
            guard pair.hasPrefix("scope="), let scope = PercentEncoding.decode(pair.dropFirst(6), plusIsSpace: true),
                !scope.split(separator: " ").contains("offline_access")
            else { return String(pair) }
            return pair + "%20offline_access"
        }
        return path[..<mark] + "?" + pairs.joined(separator: "&")
    }

    /// Whether a query to `/auth/authorize` starts an authorization (it names `response_type`) rather
    /// than showing a pending request's consent page (it names `consent_code`).
    static func isAuthorizeRequest(_ query: Substring?) -> Bool {
        guard let query else { return false }
        let names = query.split(separator: "&").map {
            $0.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
        }
        return names.contains("response_type") && !names.contains("consent_code")
    }
}
