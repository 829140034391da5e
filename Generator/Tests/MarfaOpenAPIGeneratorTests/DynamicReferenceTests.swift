import Foundation
import Testing

@testable import MarfaOpenAPIGenerator

/// Where a dynamic reference resolves otherwise than JSON Schema would, because one generated type
/// serves every use of its schema, the generator says so at the `$ref`; elsewhere it says nothing.
@Suite struct DynamicReferenceTests {
    static let tree = """
        openapi: 3.1.0
        info: {title: t, version: "1"}
        paths: {}
        components:
          schemas:
            Tree:
              $dynamicAnchor: node
              type: object
              properties:
                children: {type: array, items: {$dynamicRef: '#node'}}
            Annotated:
              $dynamicAnchor: node
              type: object
              properties:
                base: {$ref: '#/components/schemas/Tree'}

        """

    @Test func aSharedTypeThatResolvesDifferentlyIsNoted() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let output = try Generator.generate(specPath: try scratch.write("api.yaml", Self.tree), config: allModes())
        #expect(output.diagnostics.map(\.severity) == [.note])
        #expect(output.diagnostics.first?.location?.line == 15)
        #expect(
            output.diagnostics.first?.message
                == "JSON Schema resolves the dynamic reference to 'node' inside this schema to the enclosing 'Annotated'; the generated 'Tree' is one type for every use and resolves it to itself."
        )
        let text = output.files.map(\.contents).joined()
        #expect(text.contains("internal var children: [Components.Schemas.Tree]?"))
        #expect(text.contains("internal var base: Components.Schemas.Tree?"))
    }

    @Test func withoutTheAnchorOutsideNothingIsNoted() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let document = Self.tree.replacingOccurrences(
            of: "    Annotated:\n      $dynamicAnchor: node\n", with: "    Annotated:\n")
        let output = try Generator.generate(specPath: try scratch.write("api.yaml", document), config: allModes())
        #expect(output.diagnostics.isEmpty)
    }
}
