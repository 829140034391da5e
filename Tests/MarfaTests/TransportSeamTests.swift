import Foundation
import Marfa
import MarfaAPI
import MarfaHTTP
import Testing

/// Every `Server` and `Client` call goes through the server's `transport`, so faults injected
/// there reach the caller as the `MarfaError` a real network would give.
@Suite(.timeLimit(.minutes(1))) struct TransportSeamTests {
    static let config = "{\"instance_id\": \"inst-1\", \"trash_retention_days\": 30}"

    @Test func aScriptedAnswerNeverTouchesTheNetwork() async throws {
        let transport = FaultInjectingTransport(fault: .answer({ _ in answer(json: Self.config) }))
        let server = try Self.offlineServer(through: transport)
        let config = try await server.config()
        #expect(config.instanceID == "inst-1")
        #expect(transport.seen == ["GET /spaces/me/config"])
    }

    @Test func aRefusedConnectionIsOfflineAndSendsNothing() async throws {
        try await withInstance({ _ in answer(json: Self.config) }) { instance in
            let transport = FaultInjectingTransport(fault: .refuseConnection)
            let server = try server(for: instance, through: transport)
            let error = await marfaError { _ = try await server.config() }
            #expect(error?.code() == "no_connection")
            #expect(error?.isOffline == true)
            #expect(instance.requests.isEmpty)
        }
    }

    @Test func aDroppedAnswerIsANetworkErrorAfterTheRequestArrived() async throws {
        try await withInstance({ _ in answer(json: Self.config) }) { instance in
            let transport = FaultInjectingTransport(fault: .dropAnswer)
            let server = try server(for: instance, through: transport)
            let error = await marfaError {
                _ = try await server.updateConfig(InstanceConfigPatch(trashRetentionDays: .set(10)))
            }
            guard case .network(let message)? = error else {
                Issue.record("expected network, got \(String(describing: error))")
                return
            }
            #expect(message.contains("may have taken effect"))
            #expect(instance.requests.map(\.method) == ["PATCH"])
        }
    }

    @Test func theAPIClientUsesTheServersTransport() async throws {
        let transport = FaultInjectingTransport(fault: .answer({ _ in answer(json: "{\"entries\": 7}") }))
        let server = try Self.offlineServer(through: transport)
        let error = await marfaError { _ = try await Client(server).listAuditLog().ok.body.json }
        guard case .decoding(let message)? = error else {
            Issue.record("an unreadable answer should be decoding, got \(String(describing: error))")
            return
        }
        #expect(message.contains("couldn't be read"))
        // The contract's default page size is sent when the caller gives none.
        #expect(transport.seen == ["GET /audit?limit=50"])
    }

    @Test func aHeldRequestIsCanceledWithItsTask() async throws {
        try await withInstance({ _ in answer(json: Self.config) }) { instance in
            let transport = FaultInjectingTransport(fault: .hold)
            let server = try server(for: instance, through: transport)
            let call = Task { try await server.config() }
            while transport.held == 0 { await Task.yield() }
            call.cancel()
            transport.release()
            let error = await marfaError { _ = try await call.value }
            #expect(error == .canceled)
            #expect(instance.requests.isEmpty)
        }
    }

    @Test func aHeldRequestGoesOnWhenReleased() async throws {
        try await withInstance({ _ in answer(json: Self.config) }) { instance in
            let transport = FaultInjectingTransport(fault: .hold)
            let server = try server(for: instance, through: transport)
            let call = Task { try await server.config() }
            while transport.held == 0 { await Task.yield() }
            #expect(instance.requests.isEmpty)
            transport.release()
            #expect(try await call.value.instanceID == "inst-1")
            #expect(instance.requests.count == 1)
        }
    }

    @Test func serversDifferingOnlyInTransportAreEqual() throws {
        let plain = try Server(url: URL(string: "http://127.0.0.1:9")!, key: testKey)
        var other = plain
        other.transport = FaultInjectingTransport()
        #expect(plain == other)
    }

    /// A server at an address nothing listens on, sending through `transport`.
    static func offlineServer(through transport: FaultInjectingTransport) throws -> Server {
        var server = try Server(url: URL(string: "http://127.0.0.1:9")!, key: testKey)
        server.transport = transport
        return server
    }
}

/// A `Server` for a scripted instance, with `testKey`, sending through `transport`.
func server(for instance: ScriptedInstance, through transport: any ClientTransport) throws -> Server {
    var server = try server(for: instance)
    server.transport = transport
    return server
}
