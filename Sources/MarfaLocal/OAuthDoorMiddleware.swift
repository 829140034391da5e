import Foundation
import MarfaOpenAPIRuntime
import MarfaTypes

/// What the sign-in doors learn from the request: the instance's origin as the caller addressed
/// it (`http://` and the `Host` header), for discovery and redirects.
struct BrowserRequest: Sendable {
    var origin: String

    @TaskLocal static var current = BrowserRequest(origin: "http://127.0.0.1")
}

/// Guards the sign-in doors: a `Host` header naming another host than this instance (see
/// `HostCheck`, against DNS rebinding) is `403 forbidden` on every door open without a key; a
/// browser form post from another origin (an `Origin` header that is
/// not the instance's own, or `Sec-Fetch-Site: cross-site`) is `403 forbidden`, and a request the
/// OAuth doors cannot read is answered `400 invalid_request` in the OAuth error shape rather than
/// the usual envelope. Token answers and pages carry `Cache-Control: no-store`; pages may not be
/// framed.
struct OAuthDoorMiddleware: ServerMiddleware {
    /// Which `Host` values name the instance.
    let hostCheck: HostCheck

    /// The browser doors that take form posts.
    static let formPosts: Set<String> = [
        "submitConsentDecision", "submitDeviceCode", "submitDeviceConsent", "signInWithPassword",
    ]
    /// The browser doors: pages and their form posts.
    static let pages: Set<String> = [
        "authorize", "showConsentPage", "submitConsentDecision", "showDeviceEntryPage", "submitDeviceCode",
        "showDeviceConsentPage", "submitDeviceConsent",
    ]
    /// The doors whose refusals are RFC 6749 / 7591 error objects.
    static let oauthShaped: Set<String> = ["registerOAuthClient", "requestToken", "revokeToken", "requestDeviceCode"]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let host = request.headerFields["Host"] ?? "127.0.0.1:\(hostCheck.boundPort())"
        if operationID != "getInstance", KeyAuthenticationMiddleware.isOpen(operationID), !hostCheck.accepts(host) {
            throw LocalError.forbidden("The Host \(host) does not name this instance; open it by its own address.")
        }
        let origin = "http://" + host
        if Self.formPosts.contains(operationID) {
            let sentOrigin = request.headerFields["Origin"]
            if let sentOrigin, sentOrigin.lowercased() != origin.lowercased() {
                throw LocalError.forbidden("Form posts from another origin (\(sentOrigin)) are refused.")
            }
            if sentOrigin == nil, request.headerFields["Sec-Fetch-Site"]?.lowercased() == "cross-site" {
                throw LocalError.forbidden("Form posts from another site are refused.")
            }
        }
        do {
            var answer = try await BrowserRequest.$current.withValue(BrowserRequest(origin: origin)) {
                try await next(request, body, metadata)
            }
            if Self.oauthShaped.contains(operationID) || Self.pages.contains(operationID) {
                // Tokens and codes are never cached; the pages are never framed by another site.
                answer.0.headerFields["Cache-Control"] = "no-store"
            }
            if Self.pages.contains(operationID) {
                answer.0.headerFields["X-Frame-Options"] = "DENY"
                answer.0.headerFields["Content-Security-Policy"] =
                    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"
            }
            return answer
        } catch let error as ServerError where Self.oauthShaped.contains(operationID) {
            let status = error.status == 413 ? 413 : 400
            return OAuthRefusal(error: "invalid_request", description: error.causeDescription + ".").httpResponse(
                status: status)
        }
    }
}

/// An OAuth refusal `{error, error_description}`.
struct OAuthRefusal: Sendable {
    var error: String
    var description: String

    var body: Components.Responses.OAuthError {
        .init(
            headers: .init(xMarfaContract: LocalContract.version),
            body: .json(.init(error: error, errorDescription: description)))
    }

    func httpResponse(status: Int) -> (HTTPResponse, HTTPBody?) {
        let value = Components.Schemas.OAuthError(error: error, errorDescription: description)
        let bytes = (try? JSONCoding.makeEncoder().encode(value)) ?? Data()
        return (
            HTTPResponse(
                status: status, headerFields: ["Content-Type": "application/json", "Cache-Control": "no-store"]),
            HTTPBody(bytes)
        )
    }
}
