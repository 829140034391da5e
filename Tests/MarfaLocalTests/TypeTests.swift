import Foundation
import MarfaAPI
import MarfaLocal
import MarfaOpenAPIRuntime
import MarfaTypes
import Testing

@Suite struct TypeTests {
    typealias Definition = Components.Schemas.TypeDefinitionInput
    typealias Field = Components.Schemas.FieldDefinition

    static func entry(
        _ id: String = "app.reading.entry", parent: String? = nil, fields: [String: Field]? = nil
    ) -> Definition {
        Definition(
            fields: .init(
                additionalProperties: fields ?? [
                    "title": Field(_type: .string, required: true), "pages": Field(_type: .integer),
                ]),
            id: id, parent: parent)
    }

    @Test func shipsTheCoreCatalogWithDisplayHints() async throws {
        try await LocalTestInstance.with { local in
            let types = try await local.client().listTypes().ok.body.json
            let ids = Set(types.map(\.id))
            #expect(ids.isSuperset(of: ["core.note", "core.task", "core.bookmark", "core.event"]))
            let event = try #require(types.first { $0.id == "core.event" })
            #expect(event.displayHints?.bodyField == "description")
            #expect(event.icon == .value("lucide:calendar"))
            #expect(event.label == "Event")
        }
    }

    @Test func registersChecksAndRefuses() async throws {
        try await LocalTestInstance.with { local in
            let client = local.client()
            let checked = try await client.normalizeType(body: .json(Self.entry())).ok.body.json._type
            #expect(checked.label == "Entry")
            #expect(checked.version == 1)
            guard case .notFound = try await client.getType(path: .init(id: "app.reading.entry")) else {
                Issue.record("normalizeType registered the type")
                return
            }
            let registered = try await client.registerType(body: .json(Self.entry())).created.body.json._type
            #expect(registered.fields.additionalProperties["title"]?.required == true)

            let again = try await local.send(.post, "/types", json: #"{"id":"app.reading.entry","fields":{}}"#)
            #expect(again.status == 409)
            #expect(again.errorCode == "type_already_exists")
            let malformed = try await local.send(.post, "/types", json: #"{"id":"App.Bad","fields":{}}"#)
            #expect(malformed.status == 400)
            #expect(malformed.errorCode == "validation_error")
            // The seeds name app types `app.deal` as well as `app.<app>.<type>`.
            let shortApp = try await local.send(.post, "/types", json: #"{"id":"app.entry","fields":{}}"#)
            #expect(shortApp.status == 201)
            let reserved = try await local.send(.post, "/types", json: #"{"id":"core.mine","fields":{}}"#)
            #expect(reserved.status == 403)
            #expect(reserved.errorCode == "forbidden")
            #expect(reserved.json["error"]?["details"]?["namespace"]?.string == "core")
            let allowed = try await local.send(.post, "/types", json: #"{"id":"core-pub.deal","fields":{}}"#)
            #expect(allowed.status == 201)
            let shadow = try await local.send(
                .post, "/types", json: #"{"id":"user.thing","fields":{"version":{"type":"integer"}}}"#)
            #expect(shadow.errorCode == "property_shadows_field")
            let unknownKind = try await local.send(
                .post, "/types", json: #"{"id":"user.thing","fields":{"a":{"type":"colour"}}}"#)
            #expect(unknownKind.errorCode == "invalid_schema")
        }
    }

    @Test func childrenInheritTheirParentsFields() async throws {
        try await LocalTestInstance.with { local in
            let client = local.client()
            _ = try await client.registerType(body: .json(Self.entry())).created
            let child = try await client.registerType(
                body: .json(
                    Self.entry(
                        "app.reading.comic", parent: "app.reading.entry", fields: ["artist": Field(_type: .string)]))
            ).created.body.json._type
            #expect(Set(child.fields.additionalProperties.keys) == ["title", "pages", "artist"])
            let reshaped = try await local.send(
                .post, "/types",
                json: #"{"id":"app.reading.manga","parent":"app.reading.entry","fields":{"pages":{"type":"string"}}}"#)
            #expect(reshaped.errorCode == "inheritance_violation")
            let lostParent = try await local.send(
                .post, "/types", json: #"{"id":"app.reading.x","parent":"app.reading.none","fields":{}}"#)
            #expect(lostParent.errorCode == "unknown_type")
            let parentDelete = try await local.send(.delete, "/types/app.reading.entry?force=true")
            #expect(parentDelete.status == 409)
            #expect(parentDelete.errorCode == "type_has_subtypes")
        }
    }

    @Test func replacesAndDeletesCustomTypesOnly() async throws {
        try await LocalTestInstance.with { local in
            let client = local.client()
            _ = try await client.registerType(body: .json(Self.entry())).created
            var wider = Self.entry()
            wider.fields.additionalProperties["author"] = Field(_type: .string)
            wider.version = 2
            let replaced = try await client.replaceType(path: .init(id: wider.id), body: .json(wider)).ok.body.json
                ._type
            #expect(replaced.version == 2)
            #expect(replaced.fields.additionalProperties["author"] != nil)

            let immutable = try await local.send(.delete, "/types/core.note")
            #expect(immutable.status == 403)
            #expect(immutable.errorCode == "core_type_immutable")

            let item = try await local.send(
                .post, "/items", json: #"{"type":"app.reading.entry","properties":{"title":"Dune"}}"#)
            #expect(item.status == 201)
            let inUse = try await local.send(.delete, "/types/app.reading.entry")
            #expect(inUse.status == 409)
            #expect(inUse.errorCode == "type_in_use")
            #expect(inUse.json["error"]?["message"]?.string?.hasSuffix("named by: 1 item") == true)
            let forced = try await local.send(.delete, "/types/app.reading.entry?force=true")
            #expect(forced.status == 200)
            let write = try await local.send(
                .post, "/items", json: #"{"type":"app.reading.entry","properties":{"title":"x"}}"#)
            #expect(write.errorCode == "unknown_type")
            let missing = try await local.send(.delete, "/types/app.reading.entry")
            #expect(missing.errorCode == "type_not_found")
        }
    }

    @Test func iconsResolveAlongParents() async throws {
        try await LocalTestInstance.with { local in
            let client = local.client()
            _ = try await client.registerType(body: .json(Self.entry())).created
            _ = try await client.registerType(
                body: .json(Self.entry("app.reading.comic", parent: "app.reading.entry", fields: [:]))
            ).created
            let set = try await client.setTypeIcon(
                path: .init(id: "app.reading.entry"), body: .json(.init(icon: "lucide:book"))
            ).ok.body.json
            #expect(set.icon == "lucide:book")
            #expect(
                try await client.getType(path: .init(id: "app.reading.comic")).ok.body.json.icon
                    == .value("lucide:book"))
            let brand = try await client.setTypeIcon(
                path: .init(id: "core.note"), body: .json(.init(icon: "simple-icons:github"))
            ).ok
            #expect(try brand.body.json.icon == "simple-icons:github")
            let cleared = try await client.setTypeIcon(path: .init(id: "core.note"), body: .json(.init(icon: nil))).ok
            #expect(try cleared.body.json.icon == "lucide:sticky-note")
            let invalid = try await local.send(.put, "/types/core.note/icon", json: #"{"icon":"emoji:cat"}"#)
            #expect(invalid.status == 400)
            #expect(invalid.errorCode == "invalid_schema")
            let elsewhere = try await local.send(
                .put, "/types/core.note/icon",
                json: #"{"icon":"lucide:star","instance_id":"01900000-0000-7000-8000-000000000000"}"#)
            #expect(elsewhere.status == 409)
            #expect(elsewhere.errorCode == "instance_changed")
            #expect(
                try await client.getType(path: .init(id: "core.note")).ok.body.json.icon == .value("lucide:sticky-note")
            )
        }
    }
}
