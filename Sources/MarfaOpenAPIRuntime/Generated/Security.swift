import Foundation

/// How an operation authenticates, as a document's `securitySchemes` entry states it.
public enum SecurityScheme: Sendable, Hashable {
    /// HTTP authentication: `bearer`, `basic`, or another scheme name, sent in `Authorization`.
    case http(scheme: String)
    /// A key in a header, query parameter or cookie named `name`.
    case apiKey(name: String, location: Location)
    /// OAuth 2: a bearer access token in `Authorization`.
    case oauth2
    /// OpenID Connect: a bearer access token in `Authorization`.
    case openIDConnect
    /// Mutual TLS: handled by the transport, nothing to add to requests.
    case mutualTLS

    /// Where an `apiKey` scheme carries its key.
    public enum Location: String, Sendable, Hashable {
        /// In a request header named after the scheme's `name`.
        case header
        /// In a query parameter named after the scheme's `name`.
        case query
        /// In a cookie named after the scheme's `name`.
        case cookie
    }
}

/// What the application holds for one security scheme.
public enum SecurityCredential: Sendable, Hashable {
    /// A token for `http` `bearer`, `oauth2` and `openIDConnect` schemes.
    case bearer(String)
    /// A user name and password for `http` `basic`.
    case basic(user: String, password: String)
    /// The value of an `apiKey` scheme, or the credentials of another `http` scheme.
    case value(String)
}

/// Adds the credentials each operation's security requirement asks for.
///
/// For each request it takes the operation's alternatives in document order and applies the first
/// one whose every scheme has a credential; an operation that needs none (or whose only satisfiable
/// alternative is the empty one) gets nothing. Credentials are asked for per request, so a renewed
/// token is used as soon as it exists.
public struct AuthenticationMiddleware: ClientMiddleware {
    let schemes: [String: SecurityScheme]
    let requirements: [String: [[String]]]
    let credential: @Sendable (String) async throws -> SecurityCredential?

    /// - Parameters:
    ///   - schemes: the generated `Components.SecuritySchemes.all`.
    ///   - requirements: the generated `Operations.securityRequirements`, by operation ID.
    ///   - credential: the credential for a scheme name, or nil when the application has none.
    public init(
        schemes: [String: SecurityScheme], requirements: [String: [[String]]],
        credential: @escaping @Sendable (String) async throws -> SecurityCredential?
    ) {
        self.schemes = schemes
        self.requirements = requirements
        self.credential = credential
    }

    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        alternatives: for alternative in requirements[operationID] ?? [] {
            var found: [(SecurityScheme, SecurityCredential)] = []
            for name in alternative {
                guard let scheme = schemes[name], let value = try await credential(name) else { continue alternatives }
                found.append((scheme, value))
            }
            for (scheme, value) in found { Self.apply(value, for: scheme, to: &request) }
            break
        }
        return try await next(request, body, baseURL)
    }

    static func apply(_ credential: SecurityCredential, for scheme: SecurityScheme, to request: inout HTTPRequest) {
        let text: String
        switch credential {
        case .bearer(let token): text = token
        case .basic(let user, let password): text = Array("\(user):\(password)".utf8).base64
        case .value(let value): text = value
        }
        switch scheme {
        case .http(let name):
            let lower = name.lowercased()
            request.headerFields["Authorization"] =
                lower == "bearer" ? "Bearer \(text)" : lower == "basic" ? "Basic \(text)" : "\(name) \(text)"
        case .oauth2, .openIDConnect:
            request.headerFields["Authorization"] = "Bearer \(text)"
        case .apiKey(let name, .header):
            request.headerFields[name] = text
        case .apiKey(let name, .query):
            let pair = "\(PercentEncoding.encode(name))=\(PercentEncoding.encode(text))"
            request.path += request.path.contains("?") ? "&" + pair : "?" + pair
        case .apiKey(let name, .cookie):
            let crumb = "\(name)=\(text)"
            request.headerFields["Cookie"] = request.headerFields["Cookie"].map { $0 + "; " + crumb } ?? crumb
        case .mutualTLS:
            break
        }
    }
}

extension Array where Element == UInt8 {
    var base64: String { Data(self).base64EncodedString() }
}
