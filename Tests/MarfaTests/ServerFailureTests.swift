import Foundation
import Marfa
import MarfaHTTP
import Testing

/// What a call throws when the server, the network or something in between misbehaves.
@Suite(.timeLimit(.minutes(1))) struct ServerFailureTests {
    static let emptyPage = "{\"snapshots\": [], \"next\": null}"

    @Test func aRedirectIsThrownAndTheKeyNeverReachesTheOtherHost() async throws {
        try await withInstance({ _ in answer(json: Self.emptyPage) }) { other in
            let location = "\(other.url.absoluteString)/landing?token=t0ken"
            try await withInstance({ _ in
                (
                    HTTPResponse(status: 307, headerFields: ["Location": location, "X-Marfa-Contract": "0"]),
                    HTTPBody("moved")
                )
            }) { first in
                let error = await marfaError { _ = try await server(for: first).snapshots(ofItem: "item-1") }
                guard case .redirected(let origin, let status, let seen, let message)? = error else {
                    Issue.record("expected redirected, got \(String(describing: error))")
                    return
                }
                #expect(origin == first.url.absoluteString)
                #expect(status == 307)
                #expect(seen == location)
                #expect(message.contains(other.url.absoluteString))
                #expect(!message.contains("t0ken"))
                #expect(!message.contains("s3cret"))
                #expect(error?.isTransient == false)
                #expect(first.requests.count == 1)
            }
            #expect(other.requests.isEmpty)
        }
    }

    @Test func aSlowFirstByteRunsOutTheTimeout() async throws {
        try await withInstance({ _ in
            try await Task.sleep(for: .seconds(5))
            return answer(json: Self.emptyPage)
        }) { instance in
            let start = ContinuousClock.now
            let error = await marfaError {
                _ = try await server(for: instance).snapshots(ofItem: "item-1", timeout: .milliseconds(400))
            }
            let took = ContinuousClock.now - start
            #expect(error?.code() == "network")
            #expect(error?.isOffline == true)
            #expect(error?.message.contains("0.4 seconds") == true, "\(String(describing: error))")
            #expect(took < .seconds(4))
        }
    }

    @Test func aStallMidStreamRunsOutTheTimeout() async throws {
        try await withInstance({ _ in
            let (stream, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
            continuation.yield(ArraySlice("{\"snapshots\": [".utf8))
            let fields: HTTPFields = ["Content-Type": "application/json", "X-Marfa-Contract": "0"]
            return (HTTPResponse(status: 200, headerFields: fields), HTTPBody(stream, length: .unknown))
        }) { instance in
            let error = await marfaError {
                _ = try await server(for: instance).snapshots(ofItem: "item-1", timeout: .milliseconds(500))
            }
            #expect(error?.code() == "network", "\(String(describing: error))")
            #expect(error?.isOffline == true)
        }
    }

    @Test func theWholeCallHonoursItsTimeoutEvenWhileBytesKeepComing() async throws {
        try await withInstance({ _ in
            let (stream, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
            let task = Task {
                continuation.yield(ArraySlice("{\"snapshots\": [".utf8))
                while !Task.isCancelled {
                    continuation.yield(ArraySlice(" ".utf8))
                    try? await Task.sleep(for: .milliseconds(50))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
            let fields: HTTPFields = ["Content-Type": "application/json", "X-Marfa-Contract": "0"]
            return (HTTPResponse(status: 200, headerFields: fields), HTTPBody(stream, length: .unknown))
        }) { instance in
            let start = ContinuousClock.now
            let error = await marfaError {
                _ = try await server(for: instance).snapshots(ofItem: "item-1", timeout: .milliseconds(600))
            }
            #expect(error?.code() == "network")
            #expect(ContinuousClock.now - start < .seconds(5))
        }
    }

    @Test func aDropAfterTheRequestWasSentIsNetwork() async throws {
        let dropping = try DroppingServer()
        defer { dropping.stop() }
        let server = try Server(url: dropping.url, key: testKey)
        var patch = InstanceConfigPatch()
        patch.trashRetentionDays = .set(1)
        let error = await marfaError { _ = try await server.updateConfig(patch) }
        #expect(error?.code() == "network", "\(String(describing: error))")
        #expect(error?.isOffline == true)
        #expect(dropping.requestsReceived >= 1, "\(String(describing: error))")
    }

    @Test func offlineThrowsNoConnectionAndSendsNothing() async throws {
        let port = try DroppingServer.closedPort()
        let server = try Server(url: URL(string: "http://127.0.0.1:\(port)")!, key: testKey)
        let error = await marfaError { _ = try await server.config() }
        #expect(error?.code() == "no_connection", "\(String(describing: error))")
        #expect(error?.isOffline == true)
        #expect(error?.isTransient == true)
        #expect(error.map { !$0.message.contains("s3cret") } == true)
    }

    @Test func anInstanceThatStoppedIsNoConnectionAndReceivesNothing() async throws {
        let instance = try ScriptedInstance { _ in answer(json: "{}") }
        let server = try server(for: instance)
        await instance.stop()
        let error = await marfaError { _ = try await server.config() }
        #expect(error?.isOffline == true, "\(String(describing: error))")
        #expect(instance.requests.isEmpty)
    }

    @Test(arguments: [401, 404, 502, 503])
    func aRefusalWithoutTheContractCameFromAProxy(_ status: Int) async throws {
        try await withInstance({ _ in
            (
                HTTPResponse(status: status, headerFields: ["Content-Type": "text/html"]),
                HTTPBody("<h1>Bad gateway</h1>")
            )
        }) { instance in
            let error = await marfaError { _ = try await server(for: instance).config() }
            #expect(error == .unnamed(status: UInt16(status), message: error?.message ?? ""))
            #expect(error?.isTransient == true)
            #expect(error?.isKeyRefusal == false)
        }
    }

    @Test func aSuccessWithoutTheContractIsAContractMismatch() async throws {
        try await withInstance({ _ in answer(json: "{}", contract: nil) }) { instance in
            var patch = InstanceConfigPatch()
            patch.trashRetentionDays = .set(1)
            let error = await marfaError { _ = try await server(for: instance).updateConfig(patch) }
            guard case .contractMismatch(let served, let expected, let status, let writeSent, _)? = error else {
                Issue.record("expected contractMismatch, got \(String(describing: error))")
                return
            }
            #expect(served == nil)
            #expect(expected == Server.contract)
            #expect(status == 200)
            #expect(writeSent)
        }
    }

    @Test(arguments: ["1", "0, 1", "zero"])
    func anotherContractIsAContractMismatch(_ served: String) async throws {
        try await withInstance({ _ in answer(json: "{}", contract: served) }) { instance in
            let error = await marfaError { _ = try await server(for: instance).config() }
            guard case .contractMismatch(let seen, _, _, let writeSent, let message)? = error else {
                Issue.record("expected contractMismatch, got \(String(describing: error))")
                return
            }
            #expect(seen == served)
            #expect(!writeSent)
            #expect(message.contains(served))
        }
    }

    @Test func aRefusalUnderAnotherContractIsAContractMismatch() async throws {
        try await withInstance({ _ in
            answer(404, json: "{\"error\": {\"code\": \"item_not_found\", \"message\": \"No.\"}}", contract: "2")
        }) { instance in
            let error = await marfaError { _ = try await server(for: instance).snapshots(ofItem: "item-1") }
            #expect(error?.code() == "contract_mismatch")
        }
    }

    @Test func anAnswerLongerThanTheLimitIsNotRead() async throws {
        let padding = String(repeating: " ", count: Server.answerLimit + 1)
        try await withInstance({ _ in answer(json: "{\"snapshots\": [], \"next\": null}" + padding) }) { instance in
            let error = await marfaError { _ = try await server(for: instance).snapshots(ofItem: "item-1") }
            #expect(error?.code() == "decoding", "\(String(describing: error))")
            #expect(error?.message.contains("8 MiB") == true)
        }
    }

    @Test func anOversizeRefusalKeepsItsStatusCase() async throws {
        let huge = String(repeating: "x", count: 200 << 10)
        try await withInstance({ _ in
            answer(404, json: "{\"error\": {\"code\": \"item_not_found\", \"message\": \"\(huge)\"}}")
        }) { instance in
            let error = await marfaError { _ = try await server(for: instance).snapshots(ofItem: "item-1") }
            #expect(error == .notFound(code: "not_found", message: error?.message ?? ""))
            #expect(error.map { $0.message.count < 200 } == true)
        }
    }

    @Test func anUnreadableAnswerIsDecoding() async throws {
        try await withInstance({ _ in answer(json: "{\"snapshots\": 3}") }) { instance in
            let error = await marfaError { _ = try await server(for: instance).snapshots(ofItem: "item-1") }
            #expect(error?.code() == "decoding")
            #expect(error?.isTransient == false)
        }
    }

    @Test func cancelingTheTaskThrowsCanceled() async throws {
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        try await withInstance({ _ in
            start.yield()
            // Never answers in time; the server cancels this at shutdown, right after the test.
            try await Task.sleep(for: .seconds(10))
            return answer(json: "{}")
        }) { instance in
            let server = try server(for: instance)
            let call = Task { () async -> MarfaError? in await marfaError { _ = try await server.config() } }
            for await _ in started { break }
            let start = ContinuousClock.now
            call.cancel()
            let error = await call.value
            #expect(error == .canceled)
            #expect(ContinuousClock.now - start < .seconds(5))
        }
    }

    @Test func aTaskCanceledBeforeTheCallSendsNothing() async throws {
        try await withInstance({ _ in answer(json: "{}") }) { instance in
            let server = try server(for: instance)
            let call = Task { () async -> MarfaError? in
                withUnsafeCurrentTask { $0?.cancel() }
                return await marfaError { _ = try await server.config() }
            }
            #expect(await call.value == .canceled)
            #expect(instance.requests.isEmpty)
        }
    }

    @Test func aRefusedKeyIsUnauthorized() async throws {
        try await withInstance({ _ in refusal(401, code: "unauthorized", message: "The key was revoked.") }) {
            instance in
            let error = await marfaError { _ = try await server(for: instance).config() }
            #expect(error == .unauthorized(code: "unauthorized", message: "The key was revoked."))
            #expect(error?.isKeyRefusal == true)
            #expect(error?.isTransient == false)
            #expect(instance.requests.count == 1)
        }
    }

    @Test func aRefusedAccessTokenIsUnauthorizedUntilRenewalExists() async throws {
        try await withInstance({ _ in refusal(401, code: "unauthorized", message: "Token expired.") }) { instance in
            let credential = Credential(server: instance.url, accessToken: "marfa_at_old", refreshToken: "marfa_rt_x")
            let error = await marfaError { _ = try await Server(url: instance.url, credential: credential).config() }
            #expect(error?.code() == "unauthorized")
        }
    }

    @Test func refusalsBecomeTheirCases() async throws {
        let retryAt = Date().addingTimeInterval(120)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let cases: [(String, (HTTPResponse, HTTPBody?), (MarfaError) -> Bool)] = [
            (
                "403", refusal(403, code: "forbidden", message: "Needs config.manage."),
                {
                    $0 == .forbidden(code: "forbidden", message: "Needs config.manage.")
                }
            ),
            (
                "422", refusal(422, code: "idempotency_key_reused", message: "Reused."),
                {
                    $0 == .validation(code: "idempotency_key_reused", message: "Reused.", details: nil)
                }
            ),
            (
                "409 version", refusal(409, code: "version_conflict", message: "Stale."),
                {
                    $0 == .versionConflict(code: "version_conflict", message: "Stale.")
                }
            ),
            (
                "409 other", refusal(409, code: "type_in_use", message: "In use by view V."),
                {
                    $0 == .server(status: 409, code: "type_in_use", message: "In use by view V.") && !$0.isTransient
                }
            ),
            (
                "429 seconds", refusal(429, code: "rate_limited", message: "Slow down.", fields: ["Retry-After": "7"]),
                {
                    $0 == .rateLimited(code: "rate_limited", message: "Slow down.", retryAfterSeconds: 7)
                }
            ),
            (
                "429 date",
                refusal(
                    429, code: "rate_limited", message: "Slow down.",
                    fields: ["Retry-After": formatter.string(from: retryAt)]),
                {
                    guard case .rateLimited(_, _, let seconds?) = $0 else { return false }
                    return (100...121).contains(seconds)
                }
            ),
            (
                "429 without", refusal(429, code: "rate_limited", message: "Slow down."),
                {
                    $0 == .rateLimited(code: "rate_limited", message: "Slow down.", retryAfterSeconds: nil)
                }
            ),
            (
                "500", refusal(500, code: "internal_error", message: "Broke."),
                {
                    $0 == .server(status: 500, code: "internal_error", message: "Broke.") && $0.isTransient
                }
            ),
            (
                "503 not an envelope",
                (HTTPResponse(status: 503, headerFields: ["X-Marfa-Contract": "0"]), HTTPBody("busy")),
                {
                    guard case .server(503, "http_503", let message) = $0 else { return false }
                    return !message.isEmpty && $0.isTransient
                }
            ),
        ]
        for (name, response, check) in cases {
            try await withInstance({ _ in response }) { instance in
                let error = await marfaError { _ = try await server(for: instance).config() }
                #expect(error.map(check) == true, "\(name): \(String(describing: error))")
            }
        }
    }

    @Test func aZeroTimeoutIsInvalidAndSendsNothing() async throws {
        try await withInstance({ _ in answer(json: "{}") }) { instance in
            let error = await marfaError { _ = try await server(for: instance).config(timeout: .zero) }
            #expect(error?.code() == "invalid")
            #expect(instance.requests.isEmpty)
        }
    }
}
