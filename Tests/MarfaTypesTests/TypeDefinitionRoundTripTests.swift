import MarfaOpenAPIRuntime
import MarfaTypes
import Testing

/// A type definition built exactly as the seed ("The API client") builds it.
@Suite struct TypeDefinitionRoundTripTests {
    static func seedEntry() -> Components.Schemas.TypeDefinitionInput {
        let title = Components.Schemas.FieldDefinition(_type: .string, required: true)
        let entry = Components.Schemas.TypeDefinitionInput(
            fields: .init(additionalProperties: ["title": title]),
            id: "app.readinglist.entry")
        return entry
    }

    @Test func writesTheSeedsDefinition() throws {
        let written = try jsonValue(encoding: Self.seedEntry())
        #expect(
            written
                == (try jsonValue(
                    #"{"fields": {"title": {"type": "string", "required": true}}, "id": "app.readinglist.entry"}"#)))
    }

    @Test func readsBackTheSeedsDefinition() throws {
        let text = String(decoding: try JSONCoding.encode(Self.seedEntry()), as: UTF8.self)
        let entry = try roundTrip(Components.Schemas.TypeDefinitionInput.self, text)
        #expect(entry == Self.seedEntry())
        #expect(entry.fields.additionalProperties["title"]?._type == .string)
        #expect(entry.fields.additionalProperties["title"]?.required == true)
        #expect(entry.icon == nil)
    }

    @Test func keepsAFieldKindThisBuildDoesNotKnowAndANullIcon() throws {
        let json = """
            {"fields": {"cover": {"type": "thumbnail"}, "mood": {"type": "emoji", "required": false},
                        "shelf": {"type": "enum", "enum_values": ["home", "office"]}},
             "id": "app.readinglist.entry", "label": "Entry", "icon": null, "version": 2}
            """
        let entry = try roundTrip(Components.Schemas.TypeDefinitionInput.self, json)
        #expect(entry.fields.additionalProperties["cover"]?._type == .thumbnail)
        #expect(entry.fields.additionalProperties["mood"]?._type == .unknown("emoji"))
        #expect(entry.fields.additionalProperties["shelf"]?._type == ._enum)
        #expect(entry.fields.additionalProperties["shelf"]?.enumValues == ["home", "office"])
        #expect(entry.icon == .null)
        #expect(entry.version == 2)
    }
}
