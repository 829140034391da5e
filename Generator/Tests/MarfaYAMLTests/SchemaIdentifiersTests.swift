import MarfaYAML
import Testing

/// A `$ref` to a URI that a schema declares as its `$id` is resolved in the documents, never fetched.
@Suite struct SchemaIdentifiersTests {
    let document = """
        components:
          schemas:
            Pet:
              $id: "https://example.com/pet#"
              properties:
                name: {type: string}
            "a/b":
              $id: "urn:example:slash"
            Relative:
              $id: "pet.yaml"
        """

    func resolve(_ ref: String) throws(LoadError) -> (file: String, pointer: String) {
        let set = try DocumentSet(rootFile: "/api/api.yaml", bytes: Array(document.utf8))
        let found = try set.resolve(ref: ref, from: SourceLocation(file: "/api/api.yaml", line: 1, column: 1))
        return (found.file, found.pointer)
    }

    @Test func anIDNamesTheSchemaThatDeclaresIt() throws {
        #expect(try resolve("https://example.com/pet").pointer == "/components/schemas/Pet")
        #expect(try resolve("https://example.com/pet#").pointer == "/components/schemas/Pet")
        #expect(
            try resolve("https://example.com/pet#/properties/name").pointer == "/components/schemas/Pet/properties/name"
        )
        #expect(try resolve("urn:example:slash").pointer == "/components/schemas/a~1b")
    }

    @Test(arguments: ["https://example.com/cat", "urn:example:other"])
    func anIDNoSchemaDeclaresIsRemote(_ ref: String) {
        do {
            _ = try resolve(ref)
            Issue.record("\(ref) was resolved")
        } catch {
            #expect(error.kind == .remote)
        }
    }

    /// Only absolute ids are names: a relative `$id` or a file name stays a file.
    @Test func aRelativeIDIsNoName() {
        do {
            _ = try resolve("pet.yaml")
            Issue.record("a relative name was resolved as an id")
        } catch {
            #expect(error.kind == .unreadable)
        }
    }
}
