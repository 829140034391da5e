import MarfaYAML
import Testing

/// The fidelity test's comparison itself, on small schemas: it must see a missing field and a
/// changed type through every way a schema can be written, and nothing else.
@Suite struct ShapeDifferencesTests {
    static let schemas = """
        components:
          schemas:
            Item:
              type: object
              properties:
                id: {type: string}
                version: {type: integer}
                tags: {type: array, items: {type: string}}
                edges:
                  type: object
                  additionalProperties: {$ref: '#/components/schemas/Edge'}
            Edge:
              type: object
              properties:
                target_id: {type: string}
                weight: {type: number}
            Cursor: {type: [string, 'null']}
            Public:
              type: object
              properties:
                id: {type: string}
                version: {type: number}
                cursor: {type: string, nullable: true}
                tags: {type: array, items: {type: string}}
                edges:
                  type: object
                  additionalProperties:
                    type: object
                    properties:
                      target_id: {type: string}
                      weight: {type: number}
            Ours:
              allOf:
                - {$ref: '#/components/schemas/Item'}
                - type: object
                  properties:
                    cursor:
                      oneOf: [{$ref: '#/components/schemas/Cursor'}, {type: 'null'}]
                    extra: {type: boolean}
            ChangedType:
              type: object
              properties:
                id: {type: integer}
                version: {type: integer}
                tags: {type: array, items: {type: boolean}}
            MissingField:
              type: object
              properties:
                id: {type: string}
                edges:
                  type: object
                  additionalProperties:
                    type: object
                    properties:
                      target_id: {type: string}
            FreeForm: {type: object, additionalProperties: true}
        """

    private func differences(real: String, ours: String) throws -> [String] {
        let documents = try DocumentSet(rootFile: "/tmp/shapes.yaml", bytes: Array(Self.schemas.utf8))
        let reader = SchemaShapeReader(documents: documents)
        let schema = { (name: String) throws -> Node in
            try #require(documents.root.value(at: "/components/schemas/\(name)"))
        }
        return ShapeDifferences.between(
            real: try reader.shape(of: schema(real)), ours: try reader.shape(of: schema(ours)))
    }

    @Test func seesNoDifferenceThroughRefsAllOfAndNullableForms() throws {
        #expect(try differences(real: "Public", ours: "Ours") == [])
    }

    @Test func reportsAChangedType() throws {
        #expect(
            try differences(real: "Public", ours: "ChangedType") == [
                "$.cursor: only in the public document",
                "$.edges: only in the public document",
                "$.id: the public document says string, ours number",
                "$.tags[]: the public document says string, ours boolean",
            ])
    }

    @Test func reportsAMissingFieldInsideAMap() throws {
        #expect(
            try differences(real: "Public", ours: "MissingField") == [
                "$.cursor: only in the public document",
                "$.edges.*.weight: only in the public document",
                "$.tags: only in the public document",
                "$.version: only in the public document",
            ])
    }

    @Test func acceptsAnythingUnderAFreeFormObject() throws {
        #expect(try differences(real: "Public", ours: "FreeForm") == [])
    }

    @Test func ignoresFieldsOnlyInOurs() throws {
        #expect(try differences(real: "Edge", ours: "Ours").contains { $0.hasPrefix("$.extra") } == false)
    }
}
