import Foundation
import MarfaLocal
import MarfaOpenAPIRuntime
import Testing

/// A hostile client against a live instance over real sockets, one test per class of attack:
/// each asserts the status, the error envelope, whether the connection is closed (RFC 9112 §6.3:
/// after a framing it cannot trust, the server closes), and that the rows written before are as
/// they were.
@Suite struct HostileClientTests {
    /// The items and the icon of `core.note`, to compare before and after an attack.
    static func rows(_ local: LocalTestInstance) async throws -> String {
        let items = try await local.send(.get, "/items?limit=100")
        let icon = try await local.send(.get, "/types/core.note")
        #expect(items.status == 200 && icon.status == 200)
        return items.text + "\n" + (icon.json["icon"].map { "\($0)" } ?? "none")
    }

    /// An instance with one note written, and the rows as they stand.
    static func withOneNote(
        options: LocalInstance.Options = .init(log: { _ in }), _ body: (LocalTestInstance, String) async throws -> Void
    ) async throws {
        try await LocalTestInstance.with(options: options) { local in
            let note = try await local.send(.post, "/items", json: #"{"type":"core.note","data":{"title":"Kept"}}"#)
            #expect(note.status == 201, "\(note.text)")
            try await body(local, try await rows(local))
        }
    }

    func head(_ local: LocalTestInstance, _ requestLine: String, _ fields: [String] = []) -> String {
        ([requestLine, "Host: 127.0.0.1:\(local.url.port!)"] + fields).joined(separator: "\r\n") + "\r\n\r\n"
    }

    @Test func redirectURIsAreComparedExactlyAsABrowserReadsThem() async throws {
        try await Self.withOneNote { local, before in
            let player = OAuthPlayer(local.instance)
            for bad in [
                "http://127.0.0.1:53682/cb\r\nSet-Cookie: a=b", "http://evil.example\\@127.0.0.1:53682/cb",
                "http://127.0.0.1:53682/cb#frag",
                "http://user@127.0.0.1:53682/cb", "http://127.0.0.1:53682%5C@evil.example/cb",
                "http://127.0.0.1:53682/a/%2e%2e/cb",
                "http:/127.0.0.1:53682/cb", "http://127.0.0.1:53682/c b", "http://EVIL.example/cb",
                "com.example.app:/cb#x",
                "com.example.app://user@callback", "com.example.app:cb", "javascript:alert(1)",
            ] {
                let body = try JSONSerialization.data(withJSONObject: [
                    "client_name": "Hostile", "redirect_uris": [bad], "application_type": "native",
                    "token_endpoint_auth_method": "none",
                ])
                let answer = try await player.send(
                    .post, "/oauth2/register", json: String(decoding: body, as: UTF8.self))
                #expect(answer.status == 400, "\(bad): \(answer.text)")
                #expect(answer.json["error"]?.string == "invalid_redirect_uri", "\(bad)")
            }
            let clientID = try await player.register(redirect: "http://127.0.0.1:53682/cb")
            let (_, challenge) = OAuthPlayer.pkce()
            for asked in [
                "http://evil.example\\@127.0.0.1:53682/cb", "http://evil.example%5C@127.0.0.1:53682/cb",
                "http://127.0.0.1:53682/cb#frag",
                "http://user@127.0.0.1:53682/cb", "http://127.0.0.1:53682/cb%5C", "http://127.0.0.1:53682/x/../cb",
                "http://127.0.0.1:53682/cb/",
                "http://localhost:53682/cb", "https://127.0.0.1:53682/cb", "http://127.0.0.1:53682/cb\t",
                "HTTP://127.0.0.1:53682/cb",
            ] {
                let answer = try await player.authorize(
                    clientID: clientID, redirect: asked, scope: "core.note:read", state: "s", challenge: challenge)
                #expect(answer.status == 400, "\(asked): \(answer.text)")
                #expect(answer.headers["Location"] == nil, "\(asked): never sent anywhere")
                #expect(answer.json["error"]?.string == "invalid_request", "\(asked)")
            }
            let otherPort = try await player.authorize(
                clientID: clientID, redirect: "http://127.0.0.1:40001/cb", scope: "core.note:read", state: "s",
                challenge: challenge)
            #expect(otherPort.status == 302, "loopback may vary the port: \(otherPort.text)")
            #expect(otherPort.headers["Location"]?.hasPrefix(player.origin + "/auth/authorize?") == true)
            #expect(try await Self.rows(local) == before)
        }
    }

    @Test func smuggledRequestsAreRefusedAndTheConnectionClosed() async throws {
        try await Self.withOneNote { local, before in
            let port = local.url.port!
            let auth = "Authorization: Bearer \(local.key)"
            let hidden = #"{"type":"core.note","data":{"title":"Smuggled"}}"#
            let hiddenRequest =
                head(
                    local, "POST /items HTTP/1.1",
                    [auth, "Content-Type: application/json", "Content-Length: \(hidden.utf8.count)"]) + hidden
            let attacks = [
                "both lengths": head(
                    local, "POST /items HTTP/1.1",
                    [auth, "Content-Type: application/json", "Content-Length: 5", "Transfer-Encoding: chunked"])
                    + "0\r\n\r\n" + hiddenRequest,
                "two lengths": head(
                    local, "POST /items HTTP/1.1",
                    [auth, "Content-Type: application/json", "Content-Length: 2", "Content-Length: 60"])
                    + "{}" + hiddenRequest,
                "no Host": "GET /items HTTP/1.1\r\n\(auth)\r\n\r\n" + hiddenRequest,
                "two Hosts": head(local, "GET /items HTTP/1.1", [auth, "Host: 127.0.0.1:\(port)"]) + hiddenRequest,
                "a space before the colon": "GET /items HTTP/1.1\r\nHost : 127.0.0.1:\(port)\r\n\(auth)\r\n\r\n"
                    + hiddenRequest,
            ]
            for (name, bytes) in attacks {
                let exchange = await RawConnection.exchange(port: port, bytes, untilClosed: true)
                let answer = try #require(exchange.answers.first, "\(name)")
                #expect(answer.status == 400, "\(name): \(answer.text)")
                #expect(answer.envelopeCode == "bad_request", "\(name)")
                #expect(answer.headers["x-error-code"] == "bad_request", "\(name)")
                #expect(exchange.closed, "\(name): the connection is closed, so the hidden request never runs")
            }
            #expect(try await Self.rows(local) == before)
        }
    }

    @Test func bodiesThatAreNotStrictJSONAreRefusedOnEveryDoor() async throws {
        try await Self.withOneNote { local, before in
            let bodies: [(String, [UInt8])] = [
                ("a trailing comma in an object", Array(#"{"type":"core.note","data":{"title":"x"},}"#.utf8)),
                (
                    "a trailing comma in an array",
                    Array(#"{"type":"core.note","data":{"title":"x"},"tags":["a",]}"#.utf8)
                ),
                ("a member named twice", Array(#"{"type":"core.note","type":"core.task","data":{"title":"x"}}"#.utf8)),
                (
                    "bytes that are not UTF-8 in an ignored member",
                    Array(#"{"type":"core.note","data":{"title":"x"},"junk":""#.utf8) + [0xFF, 0xFE]
                        + Array(#""}"#.utf8)
                ),
                (
                    "an overlong encoding",
                    Array(#"{"type":"core.note","data":{"title":""#.utf8) + [0xC0, 0xAF] + Array(#""}}"#.utf8)
                ),
                (
                    "a raw NUL in a string",
                    Array(#"{"type":"core.note","data":{"title":"a"#.utf8) + [0] + Array(#""}}"#.utf8)
                ),
            ]
            let port = local.url.port!
            for (name, body) in bodies {
                for door in ["POST /items", "PUT /config", "POST /edges", "POST /views"] {
                    let request = head(
                        local, "\(door) HTTP/1.1",
                        [
                            "Authorization: Bearer \(local.key)", "Content-Type: application/json",
                            "Content-Length: \(body.count)",
                        ])
                    let answer = try #require(
                        await RawConnection.exchange(port: port, Array(request.utf8) + body).answers.first)
                    #expect(answer.status == 400, "\(name) on \(door): \(answer.text)")
                    #expect(answer.envelopeCode == "validation_error", "\(name) on \(door)")
                    #expect(
                        answer.text.contains("not strict JSON"),
                        "\(name) on \(door): the strict reader refused it, before any door")
                }
            }
            let duplicate = try await local.send(
                .post, "/items", json: #"{"type":"core.note","type":"core.task","data":{}}"#)
            #expect(duplicate.json["error"]?["details"]?["reason"]?.string?.contains("'type' is named twice") == true)
            #expect(try await Self.rows(local) == before)
        }
    }

    @Test func aRequiredMemberLeftOutOfTheIconIsRefused() async throws {
        try await Self.withOneNote { local, before in
            let set = try await local.send(.put, "/types/core.note/icon", json: #"{"icon":"lucide:scale"}"#)
            #expect(set.status == 200, "\(set.text)")
            let withIcon = try await Self.rows(local)
            #expect(withIcon != before)
            let empty = try await local.send(.put, "/types/core.note/icon", json: "{}")
            #expect(empty.status == 400)
            #expect(empty.errorCode == "missing_required_field")
            #expect(empty.json["error"]?["details"]?["field"] == "icon")
            #expect(try await Self.rows(local) == withIcon, "the icon stays")
            #expect(
                try await local.send(.put, "/types/core.note/icon", json: #"{"icon":null}"#).status == 200,
                "null still clears it")
            #expect(try await Self.rows(local) == before)
        }
    }

    @Test func queryValuesOutsideADeclaredEnumAreRefused() async throws {
        try await Self.withOneNote { local, before in
            for (path, parameter) in [
                ("/items?direction=sideways", "direction"), ("/items?tier=bogus", "tier"),
                ("/search?q=kept&state=bogus", "state"),
                ("/search?q=kept&tier=Library", "tier"), ("/items/stats?by=colour", "by"),
            ] {
                let answer = try await local.send(.get, path)
                #expect(answer.status == 400, "\(path): \(answer.text)")
                #expect(answer.errorCode == "validation_error", "\(path)")
                #expect(answer.json["error"]?["details"]?["parameter"]?.string == parameter, "\(path)")
            }
            #expect(try await local.send(.get, "/items?direction=asc&tier=all").status == 200)
            #expect(try await local.send(.get, "/search?q=kept&state=active").status == 200)
            #expect(try await Self.rows(local) == before)
        }
    }

    @Test func oversizedRequestsAnswerTheEnvelope() async throws {
        var options = LocalInstance.Options(log: { _ in })
        options.maxBodyBytes = 64 << 10
        try await Self.withOneNote(options: options) { local, before in
            let port = local.url.port!
            let auth = "Authorization: Bearer \(local.key)"
            let body = #"{"type":"core.note","data":{"title":""# + String(repeating: "a", count: 200 << 10) + #""}}"#
            let cases: [(String, String, Int, String)] = [
                (
                    "a body past the limit",
                    head(
                        local, "POST /items HTTP/1.1",
                        [auth, "Content-Type: application/json", "Content-Length: \(body.utf8.count)"]) + body,
                    413, "request_too_large"
                ),
                (
                    "a 100 KB query",
                    head(local, "GET /items?cursor=" + String(repeating: "a", count: 100_000) + " HTTP/1.1", [auth]),
                    414, "uri_too_long"
                ),
                (
                    "a 100 KB header",
                    head(local, "GET /items HTTP/1.1", [auth, "X-Padding: " + String(repeating: "a", count: 100_000)]),
                    431, "headers_too_large"
                ),
                (
                    "1000 headers", head(local, "GET /items HTTP/1.1", [auth] + (0..<1000).map { "X-Field-\($0): v" }),
                    431, "headers_too_large"
                ),
            ]
            for (name, bytes, status, code) in cases {
                // A head past the limits closes the connection: the server did not read all of it.
                let exchange = await RawConnection.exchange(port: port, bytes, untilClosed: status != 413)
                let answer = try #require(exchange.answers.first, "\(name)")
                #expect(answer.status == status, "\(name): \(answer.text)")
                #expect(answer.envelopeCode == code, "\(name)")
                #expect(answer.headers["x-error-code"] == code, "\(name)")
                #expect(status == 413 || exchange.closed, "\(name)")
            }
            #expect(try await Self.rows(local) == before)
        }
    }

    @Test func methodsNoDoorTakesAnswerTheEnvelope() async throws {
        try await Self.withOneNote { local, before in
            let port = local.url.port!
            for method in ["OPTIONS", "TRACE", "FOO", "PROPFIND"] {
                // A second request behind the refused one: the connection stays usable.
                let bytes =
                    head(local, "\(method) /items HTTP/1.1", ["Authorization: Bearer \(local.key)"])
                    + head(local, "GET / HTTP/1.1")
                let exchange = await RawConnection.exchange(port: port, bytes, answers: 2)
                let refused = try #require(exchange.answers.first, "\(method)")
                #expect(refused.status == 405, "\(method): \(refused.text)")
                #expect(refused.envelopeCode == "method_not_allowed", "\(method)")
                #expect(refused.headers["allow"]?.contains("GET") == true, "\(method)")
                #expect(
                    exchange.answers.last?.status == 200, "\(method): the next request on the connection is answered")
            }
            let connect = await RawConnection.exchange(
                port: port, head(local, "CONNECT 127.0.0.1:\(port) HTTP/1.1"), untilClosed: true)
            #expect(connect.answers.first?.status == 405)
            #expect(connect.answers.first?.envelopeCode == "method_not_allowed")
            #expect(connect.closed, "a CONNECT is never a tunnel")
            #expect(try await Self.rows(local) == before)
        }
    }

    /// The framing libmicrohttpd itself refuses before the instance sees the request (a chunk size
    /// that is not hexadecimal, a `Content-Length` that is not a number or past 2^64): refused and
    /// closed, in libmicrohttpd's words (the README's local-instance section lists them).
    @Test func framingLibmicrohttpdRefusesIsRefusedAndClosed() async throws {
        try await Self.withOneNote { local, before in
            let auth = "Authorization: Bearer \(local.key)"
            let cases = [
                (
                    "a bad chunk size",
                    head(
                        local, "POST /items HTTP/1.1",
                        [auth, "Content-Type: application/json", "Transfer-Encoding: chunked"])
                        + "zz\r\n{}\r\n0\r\n\r\n", 400
                ),
                (
                    "a length that is not a number",
                    head(local, "POST /items HTTP/1.1", [auth, "Content-Length: 2x"]) + "{}", 400
                ),
                (
                    "a list of lengths",
                    head(local, "POST /items HTTP/1.1", [auth, "Content-Length: 2, 60"]) + "{}"
                        + String(repeating: " ", count: 58), 400
                ),
                (
                    "a length past 2^64",
                    head(local, "POST /items HTTP/1.1", [auth, "Content-Length: 99999999999999999999999"]) + "{}", 413
                ),
            ]
            for (name, bytes, status) in cases {
                let exchange = await RawConnection.exchange(port: local.url.port!, bytes, untilClosed: true)
                #expect(exchange.answers.first?.status == status, "\(name)")
                #expect(exchange.closed, "\(name)")
            }
            let after = try await Self.rows(local)
            #expect(after == before)
        }
    }
}
