import Foundation
import MarfaHTTPServer
import MarfaOpenAPIRuntime
import Testing

@testable import MarfaHTTP

@Suite struct RedirectTests {
    @Test(arguments: TransportKind.allCases)
    func redirectIsThrownAndTheCredentialNeverReachesTheOtherHost(kind: TransportKind) async throws {
        let requests = Counter()
        let withAuthorization = Counter()
        try await withServer(configure: { other in
            other.registerFallback { request, _, _ in
                requests.add()
                if request.headerFields.contains("Authorization") { withAuthorization.add() }
                return text(200, "landed")
            }
        }) { other in
            let location = "\(other.url.absoluteString)/landing?token=xyz"
            try await withServer(configure: { first in
                first.registerFallback { _, _, _ in
                    (HTTPResponse(status: 302, headerFields: ["Location": location]), HTTPBody("moved"))
                }
            }) { first in
                let error = await caught {
                    _ = try await kind.make().fetch(
                        .get, "/start?api_key=k3y", from: first, headers: ["Authorization": "Bearer s3cret"])
                }
                guard case .redirected(let origin, let status, let seen, let message)? = error as? HTTPClientError
                else {
                    Issue.record("expected a redirect error, got \(String(describing: error))")
                    return
                }
                #expect(origin == first.url.absoluteString)
                #expect(status == 302)
                #expect(seen == location)
                #expect(message.contains(other.url.absoluteString))
                let shown = String(describing: error!)
                for secret in ["s3cret", "k3y", "token", "Authorization"] { #expect(!shown.contains(secret)) }
            }
        }
        #expect(requests.count == 0)
        #expect(withAuthorization.count == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func redirectWithoutALocationIsThrownToo(kind: TransportKind) async throws {
        try await withServer(configure: { server in
            server.registerFallback { _, _, _ in (HTTPResponse(status: 307), HTTPBody("moved, but where?")) }
        }) { server in
            let error = await caught {
                _ = try await kind.make().fetch(.post, "/x", from: server, body: HTTPBody("data"))
            }
            guard case .redirected(let origin, 307, nil, _)? = error as? HTTPClientError else {
                Issue.record("expected a redirect error, got \(String(describing: error))")
                return
            }
            #expect(origin == server.url.absoluteString)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func notModifiedIsAnAnswerNotARedirect(kind: TransportKind) async throws {
        try await withServer(configure: { server in
            server.registerFallback { _, _, _ in (HTTPResponse(status: 304, headerFields: ["ETag": "\"v1\""]), nil) }
        }) { server in
            let (response, body) = try await kind.make().send(
                HTTPRequest(method: .get, path: "/doc", headerFields: ["If-None-Match": "\"v1\""]), body: nil,
                baseURL: server.url, operationID: "get")
            #expect(response.status == 304)
            #expect(response.headerFields["ETag"] == "\"v1\"")
            #expect(body == nil)
        }
    }
}
