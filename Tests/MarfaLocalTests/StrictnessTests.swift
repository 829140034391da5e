import Foundation
import MarfaOpenAPIRuntime
import Testing

/// What the instance refuses as the public server does: undeclared query parameters, queries that
/// are not UTF-8, malformed cursors, integers past Int64; and refusals that name what was wrong.
@Suite struct StrictnessTests {
    @Test func undeclaredQueryParametersAreRefusedByName() async throws {
        try await LocalTestInstance.with { local in
            let events = try await local.send(.get, "/events?Last-Event-ID=abc")
            #expect(events.status == 400)
            #expect(events.errorCode == "validation_error")
            #expect(events.json["error"]?["details"]?["unknown_parameters"] == ["Last-Event-ID"])

            let items = try await local.send(.get, "/items?limt=5&foo=1&type=core.note&foo=2")
            #expect(items.status == 400)
            #expect(items.json["error"]?["details"]?["unknown_parameters"] == ["limt", "foo"])
            #expect(items.json["error"]?["message"]?.string?.contains("'limt', 'foo'") == true)

            let write = try await local.send(.post, "/items?dry=1", json: #"{"type":"core.note","properties":{}}"#)
            #expect(write.status == 400, "writes too")
            #expect(write.json["error"]?["details"]?["unknown_parameters"] == ["dry"])

            #expect(
                try await local.send(.get, "/items?_mine=1&limit=5").status == 200,
                "a name starting with _ is the caller's own")
            #expect(try await local.send(.get, "/types").status == 200)
            #expect(try await local.send(.get, "/items?type=core.note&include=metadata&limit=1").status == 200)
            let unauthenticated = try await local.send(.get, "/items?foo=1", key: .some(nil))
            #expect(unauthenticated.status == 401, "the key is checked first")
            let discovery = try await local.send(
                .get, "/.well-known/oauth-authorization-server/auth?x=1", key: .some(nil))
            #expect(discovery.status == 200, "the OAuth doors ignore parameters they do not know")
        }
    }

    @Test func malformedCursorsAndQueriesAreRefused() async throws {
        try await LocalTestInstance.with { local in
            let undecodable = try await local.send(.get, "/items?cursor=%00%ff")
            #expect(undecodable.status == 400)
            #expect(undecodable.errorCode == "validation_error")
            #expect(undecodable.json["error"]?["details"]?["parameter"]?.string == "cursor")
            for cursor in ["%00", "abc", "czE%3D", "!!"] {
                let refused = try await local.send(.get, "/items?cursor=\(cursor)")
                #expect(refused.status == 400, "cursor \(cursor)")
            }
            #expect(try await local.send(.get, "/edges?cursor=%00").status == 400)

            let limit = try await local.send(.get, "/items?limit=abc")
            #expect(limit.status == 400)
            let message = try #require(limit.json["error"]?["message"]?.string)
            #expect(message.contains("'limit'"), "\(message)")
            #expect(!message.contains("JSON body"), "\(message)")
            let direction = try await local.send(.get, "/edges?limit=1.5")
            #expect(direction.json["error"]?["message"]?.string?.contains("'limit'") == true)
        }
    }

    @Test func anIntegerFieldRefusesWholeNumbersPastInt64() async throws {
        try await LocalTestInstance.with { local in
            let type = #"{"id":"app.strict.book","fields":{"pages":{"type":"integer"}}}"#
            #expect(try await local.send(.post, "/types", json: type).status == 201)
            func create(_ pages: String) async throws -> RawAnswer {
                try await local.send(
                    .post, "/items", json: #"{"type":"app.strict.book","properties":{"pages":\#(pages)}}"#)
            }
            let huge = try await create("1180591620717411303424")
            #expect(huge.status == 400)
            #expect(huge.errorCode == "invalid_properties")
            #expect(huge.json["error"]?["details"]?["errors"]?.array?.first?["path"]?.string == "properties.pages")
            #expect(try await create("9223372036854775808").status == 400)
            #expect(try await create("-9223372036854775809").status == 400)
            let largest = try await create("9223372036854775807")
            #expect(largest.status == 201)
            #expect(largest.json["item"]?["properties"]?["pages"]?.int == Int64.max)
            #expect(try await create("-9223372036854775808").status == 201)
            #expect(try await create("12.0").status == 201)
            #expect(try await create("12.5").status == 400)
        }
    }
}
