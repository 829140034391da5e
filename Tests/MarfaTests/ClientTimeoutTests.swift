import Foundation
import Marfa
import MarfaAPI
import MarfaHTTP
import Testing

/// `Client(server, timeout:)` waits `timeout` for an answer to start and again between the parts
/// of a body, against a scripted instance that stalls; a body that keeps coming is read whole
/// however long it takes in all.
@Suite struct ClientTimeoutTests {
    static let fields: HTTPFields = ["Content-Type": "application/json", "X-Marfa-Contract": "0"]

    @Test func theDefaultIsThirtySeconds() {
        #expect(Client.defaultTimeout == .seconds(30))
    }

    @Test func anAnswerThatDoesNotStartRunsOutTheTimeout() async throws {
        let (release, releasing) = AsyncStream.makeStream(of: Void.self)
        try await withInstance({ _ in
            for await _ in release { break }
            return answer(json: "{\"instance_id\": \"i1\"}")
        }) { instance in
            let client = Client(try server(for: instance), timeout: .milliseconds(300))
            let start = ContinuousClock.now
            let error = await marfaError { _ = try await client.getInstance() }
            #expect(error?.code() == "network", "\(String(describing: error))")
            #expect(error?.isOffline == true)
            #expect(ContinuousClock.now - start < .seconds(3))
            releasing.finish()
        }
    }

    @Test func aStallBetweenThePartsOfABodyRunsOutTheTimeout() async throws {
        try await withInstance({ _ in
            let (stream, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
            continuation.yield(ArraySlice("{\"instance_id\": ".utf8))
            return (HTTPResponse(status: 200, headerFields: Self.fields), HTTPBody(stream, length: .unknown))
        }) { instance in
            let client = Client(try server(for: instance), timeout: .milliseconds(300))
            let start = ContinuousClock.now
            let error = await marfaError { _ = try await client.getInstance().ok.body.json }
            #expect(error?.code() == "network", "\(String(describing: error))")
            #expect(ContinuousClock.now - start < .seconds(3))
        }
    }

    @Test func aBodyWhosePartsKeepComingIsReadWholePastTheTimeout() async throws {
        let parts = [
            "{\"instance", "_id\": \"i1\", ", "\"name\": \"Home\", ", "\"version\": \"1\", \"contract\": 0, ",
            "\"features\": []}",
        ]
        try await withInstance({ _ in
            let (stream, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
            Task {
                for part in parts {
                    continuation.yield(ArraySlice(part.utf8))
                    try? await Task.sleep(for: .milliseconds(80))
                }
                continuation.finish()
            }
            return (HTTPResponse(status: 200, headerFields: Self.fields), HTTPBody(stream, length: .unknown))
        }) { instance in
            // Five parts 80 ms apart take longer than the 250 ms timeout in all, never that long apart.
            let client = Client(try server(for: instance), timeout: .milliseconds(250))
            let start = ContinuousClock.now
            let description = try await client.getInstance().ok.body.json
            #expect(ContinuousClock.now - start > .milliseconds(250))
            #expect(description.instanceId == "i1")
        }
    }
}
