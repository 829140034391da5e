import Foundation
import MarfaOpenAPIRuntime
import Testing

@testable import MarfaHTTP

@Suite struct ConnectionFailureTests {
    @Test(arguments: TransportKind.allCases)
    func refusedPortIsNoConnection(kind: TransportKind) async throws {
        let port = try RawSocketServer.closedPort()
        let error = await caught {
            _ = try await kind.make().send(
                HTTPRequest(method: .post, path: "/x"), body: HTTPBody("data"),
                baseURL: URL(string: "http://127.0.0.1:\(port)")!, operationID: "x")
        }
        guard case .noConnection? = error as? HTTPClientError else {
            Issue.record("expected noConnection, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: TransportKind.allCases)
    func dropAfterTheRequestIsANetworkErrorWithTheRequestSent(kind: TransportKind) async throws {
        let server = try RawSocketServer { socket in _ = RawSocketServer.readHead(socket) }
        defer { server.stop() }
        let error = await caught {
            _ = try await kind.make().send(
                HTTPRequest(method: .post, path: "/charge"), body: nil, baseURL: server.url, operationID: "charge")
        }
        guard case .network(.connectionLost, let requestSent)? = error as? HTTPClientError else {
            Issue.record("expected network(connectionLost), got \(String(describing: error))")
            return
        }
        #expect(requestSent)
    }

    @Test(arguments: TransportKind.allCases)
    func truncatedBodyIsANetworkError(kind: TransportKind) async throws {
        let server = try RawSocketServer { socket in
            guard RawSocketServer.readHead(socket) else { return }
            RawSocketServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly this")
        }
        defer { server.stop() }
        let (response, body) = try await kind.make().send(
            HTTPRequest(method: .get, path: "/"), body: nil, baseURL: server.url, operationID: "get")
        #expect(response.status == 200)
        let error = await caught { _ = try await body?.collect(upTo: 1000) }
        guard case .network(_, true)? = error as? HTTPClientError else {
            Issue.record("expected a network error, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: TransportKind.allCases)
    func oversizedResponseHeadIsAProtocolError(kind: TransportKind) async throws {
        let server = try RawSocketServer { socket in
            guard RawSocketServer.readHead(socket) else { return }
            let filler = String(repeating: "x", count: 20 << 10)
            RawSocketServer.write(socket, "HTTP/1.1 200 OK\r\nX-Filler: \(filler)\r\nContent-Length: 0\r\n\r\n")
        }
        defer { server.stop() }
        let transport = kind.make(maxResponseHeadBytes: 8 << 10)
        let error = await caught {
            _ = try await transport.send(
                HTTPRequest(method: .get, path: "/"), body: nil, baseURL: server.url, operationID: "get")
        }
        guard case .network(.protocolError, true)? = error as? HTTPClientError else {
            Issue.record("expected a protocol error, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: TransportKind.allCases)
    func tlsHandshakeFailureIsNoConnection(kind: TransportKind) async throws {
        let server = try RawSocketServer { socket in
            var bytes = [UInt8](repeating: 0, count: 512)
            _ = recv(socket, &bytes, bytes.count, 0)
            RawSocketServer.write(socket, "HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n")
        }
        defer { server.stop() }
        let error = await caught {
            _ = try await kind.make().send(
                HTTPRequest(method: .get, path: "/"), body: nil,
                baseURL: URL(string: "https://127.0.0.1:\(server.port)")!, operationID: "tls")
        }
        guard case .noConnection? = error as? HTTPClientError else {
            Issue.record("expected noConnection, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: TransportKind.allCases)
    func headerValueWithALineBreakIsRefusedWithoutShowingIt(kind: TransportKind) async throws {
        let error = await caught {
            _ = try await kind.make().send(
                HTTPRequest(method: .get, path: "/", headerFields: ["Authorization": "Bearer abc\r\nX-Evil: 1"]),
                body: nil, baseURL: URL(string: "http://127.0.0.1:1")!, operationID: "x")
        }
        guard case .invalidRequest? = error as? HTTPClientError else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(!String(describing: error!).contains("abc"))
    }

    @Test(arguments: TransportKind.allCases)
    func nonHTTPBaseURLIsRefused(kind: TransportKind) async throws {
        let error = await caught {
            _ = try await kind.make().send(
                HTTPRequest(method: .get, path: "/"), body: nil, baseURL: URL(string: "file:///etc")!, operationID: "x")
        }
        guard case .invalidRequest? = error as? HTTPClientError else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
    }
}
