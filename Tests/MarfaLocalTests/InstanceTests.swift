import Foundation
import MarfaAPI
import MarfaLocal
import MarfaOpenAPIRuntime
import MarfaTypes
import Testing

@Suite struct InstanceTests {
    @Test func describesItselfWithoutAKey() async throws {
        try await LocalTestInstance.with { local in
            let description = try await local.anonymousClient.getInstance().ok
            #expect(description.headers.xMarfaContract == "0")
            let body = try description.body.json
            #expect(body.instanceId == local.instance.instanceID)
            #expect(body.contract == 0)
            #expect(body.features.contains("items"))
            #expect(local.instance.instanceID.count == 36)
            #expect(Array(local.instance.instanceID)[14] == "7")
        }
    }

    @Test func everyAnswerCarriesTheContractAndARequestID() async throws {
        try await LocalTestInstance.with { local in
            for answer in [
                try await local.send(.get, "/types"),
                try await local.send(.get, "/types", key: .some(nil)),
                try await local.send(.get, "/no/such/path"),
                try await local.send(.delete, "/"),
            ] {
                #expect(answer.headers["X-Marfa-Contract"] == "0")
                #expect(answer.headers["X-Request-ID"]?.isEmpty == false)
                #expect(answer.headers["X-RateLimit-Limit"] == "1000")
            }
            let own = try await local.send(.get, "/types", headers: ["X-Request-ID": "my-request_1"])
            #expect(own.headers["X-Request-ID"] == "my-request_1")
            let bad = try await local.send(.get, "/types", headers: ["X-Request-ID": "no spaces allowed"])
            #expect(bad.headers["X-Request-ID"] != "no spaces allowed")
        }
    }

    @Test func unknownPathsAndMethodsAnswerTheEnvelope() async throws {
        try await LocalTestInstance.with { local in
            let missing = try await local.send(.get, "/no/such/path")
            #expect(missing.status == 404)
            #expect(missing.errorCode == "not_found")
            #expect(missing.headers["X-Error-Code"] == "not_found")
            let method = try await local.send(.put, "/keys/current")
            #expect(method.status == 405)
            #expect(method.errorCode == "method_not_allowed")
            #expect(method.headers["Allow"] == "GET")
        }
    }

    @Test func unimplementedOperationsAnswer501() async throws {
        try await LocalTestInstance.with { local in
            let answer = try await local.send(.get, "/auth/sign-in")
            #expect(answer.status == 501)
            #expect(answer.errorCode == "not_implemented")
            #expect(answer.headers["X-Marfa-Contract"] == "0")
        }
    }

    @Test func dataInstanceIDAndVersionsSurviveARestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-local-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await LocalInstance.start(dataDirectory: folder, options: .init(log: { _ in }))
        let key = try #require(first.bootstrapKey)
        let firstLocal = LocalTestInstance(instance: first, folder: folder, key: key)
        let created = try await firstLocal.send(
            .post, "/items", json: #"{"type":"core.note","properties":{"title":"one"}}"#)
        let id = try #require(created.json["item"]?["id"]?.string)
        let updated = try await firstLocal.send(
            .patch, "/items/\(id)", json: #"{"version":1,"properties":{"title":"two"}}"#)
        #expect(updated.status == 200)
        await first.stop()

        let second = try await LocalInstance.start(dataDirectory: folder, options: .init(log: { _ in }))
        #expect(second.instanceID == first.instanceID)
        #expect(second.bootstrapKey == nil)
        let secondLocal = LocalTestInstance(instance: second, folder: folder, key: key)
        let item = try await secondLocal.send(.get, "/items/\(id)")
        #expect(item.json["item"]?["properties"]?["title"]?.string == "two")
        #expect(item.json["item"]?["version"]?.int == 2)
        let versions = try await secondLocal.send(.get, "/items/\(id)/versions")
        #expect(versions.json["snapshots"]?.array?.count == 1)
        #expect(versions.json["snapshots"]?.array?.first?["properties"]?["title"]?.string == "one")
        let description = try await secondLocal.anonymousClient.getInstance().ok.body.json
        #expect(description.instanceId == first.instanceID)
        await second.stop()
    }
}
