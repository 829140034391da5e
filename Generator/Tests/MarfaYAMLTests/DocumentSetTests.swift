import Foundation
import MarfaYAML
import Testing

/// Files in two sibling directories: `<tmp>/root` (the API and its models) and `<tmp>/shared`.
struct RefFixture {
    let base: String
    var api: String { base + "/root/api.yaml" }
    var pet: String { base + "/root/models/pet.yaml" }
    var owner: String { base + "/shared/owner.json" }
    /// The folder beside the API's that its `$ref`s reach into, so it must be allowed.
    var shared: String { base + "/shared" }

    init() throws {
        base = try makeTemporaryDirectory()
        try write(
            """
            openapi: 3.1.0
            components:
              schemas:
                Pet:
                  $ref: "models/pet.yaml#/Pet"
                Local:
                  $ref: "#/components/schemas/Pet"

            """, to: api)
        try write(
            """
            Pet:
              type: object
              properties:
                owner:
                  $ref: ../../shared/owner.json#/defs/a~1b
                name: {type: string}
                name: {type: string, maxLength: 10}

            """, to: pet)
        try write(#"{"defs": {"a/b": {"type": "string"}, "list": [{"x": 1}]}}"#, to: owner)
        try write("a: [1\n", to: base + "/root/broken.yaml")
    }

    /// Deletes the files.
    func remove() { try? FileManager.default.removeItem(atPath: base) }
}

@Suite struct DocumentSetTests {
    @Test func resolvesLocalAndRelativeRefsAcrossDirectories() throws {
        let fixture = try RefFixture()
        defer { fixture.remove() }
        let set = try DocumentSet(rootPath: fixture.api, allowedFolders: [fixture.shared])
        #expect(set.rootFile == fixture.api)
        #expect(set.root["openapi"]?.string == "3.1.0")

        let refNode = try #require(set.root.value(at: "/components/schemas/Pet/$ref"))
        let pet = try set.resolve(ref: try #require(refNode.string), from: refNode.location)
        #expect(pet.file == fixture.pet)
        #expect(pet.pointer == "/Pet")
        #expect(pet.node["type"]?.string == "object")
        #expect(pet.node.location == SourceLocation(file: fixture.pet, line: 2, column: 3))

        let ownerRef = try #require(pet.node.value(at: "/properties/owner/$ref"))
        #expect(ownerRef.location.file == fixture.pet)
        let owner = try set.resolve(ref: try #require(ownerRef.string), from: ownerRef.location)
        #expect(owner.file == fixture.owner)
        #expect(owner.pointer == "/defs/a~1b")
        #expect(owner.node["type"]?.string == "string")
        #expect(at(owner.node.location) == "1:18")

        let local = try set.resolve(ref: "#/components/schemas/Pet", from: refNode.location)
        #expect(local.file == fixture.api)
        #expect(local.pointer == "/components/schemas/Pet")
        #expect(local.node["$ref"]?.string == "models/pet.yaml#/Pet")

        let whole = try set.resolve(ref: "./models/../models/pet.yaml", from: refNode.location)
        #expect(whole.file == fixture.pet)
        #expect(whole.pointer == "")
        #expect(whole.node.entries?.map(\.key) == ["Pet"])

        let indexed = try set.resolve(ref: "../shared/owner.json#/defs/list/0/x", from: refNode.location)
        #expect(indexed.node.int == 1)

        #expect(set.loadedFiles == [fixture.api, fixture.pet, fixture.owner])
        #expect(
            set.warnings.map(\.description) == [
                "\(fixture.pet):7:5: warning: duplicate key 'name' (first at 6:5); the last value is kept"
            ])
    }

    @Test func missingFileIsAnErrorAtTheRef() throws {
        let fixture = try RefFixture()
        defer { fixture.remove() }
        let set = try DocumentSet(rootPath: fixture.api, allowedFolders: [fixture.shared])
        let from = SourceLocation(file: fixture.api, line: 5, column: 13)
        #expect(throws: LoadError.self) { try set.resolve(ref: "nope.yaml#/X", from: from) }
        do {
            _ = try set.resolve(ref: "nope.yaml#/X", from: from)
        } catch {
            #expect(error.location == from)
            #expect(
                error.description
                    == "\(fixture.api):5:13: error: $ref 'nope.yaml#/X' names a file that cannot be read: '\(fixture.base)/root/nope.yaml': No such file or directory"
            )
        }
    }

    @Test func missingPointerIsAnErrorAtTheRef() throws {
        let fixture = try RefFixture()
        defer { fixture.remove() }
        let set = try DocumentSet(rootPath: fixture.api, allowedFolders: [fixture.shared])
        let from = SourceLocation(file: fixture.api, line: 5, column: 13)
        func failure(_ ref: String) -> String? {
            do {
                _ = try set.resolve(ref: ref, from: from)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(
            failure("models/pet.yaml#/Dog")
                == "\(fixture.api):5:13: error: $ref 'models/pet.yaml#/Dog' points to nothing: no key 'Dog' in the mapping at \(fixture.pet):1:1"
        )
        #expect(
            failure("#/components/schemas/Cat")
                == "\(fixture.api):5:13: error: $ref '#/components/schemas/Cat' points to nothing: no key 'Cat' in the mapping at \(fixture.api):4:5"
        )
        #expect(
            failure("../shared/owner.json#/defs/list/3")
                == "\(fixture.api):5:13: error: $ref '../shared/owner.json#/defs/list/3' points to nothing: index 3 is past the end of the sequence at \(fixture.owner):1:46, which has 1 elements"
        )
        #expect(
            failure("#/openapi/x")
                == "\(fixture.api):5:13: error: $ref '#/openapi/x' points to nothing: 'x' cannot be looked up in the scalar at \(fixture.api):1:10"
        )
        #expect(
            failure("#Pet")
                == "\(fixture.api):5:13: error: $ref '#Pet' has a fragment that is not a JSON pointer (it must be empty or start with '/')"
        )
        #expect(
            failure("https://example.com/api.yaml#/Pet")
                == "\(fixture.api):5:13: error: remote $ref is not supported: 'https://example.com/api.yaml#/Pet' (only local files can be referenced)"
        )
        #expect(failure("HTTP://example.com/x.json") != nil)
        #expect(failure("#/a%ZZ") == "\(fixture.api):5:13: error: $ref '#/a%ZZ' has a bad percent-escape")
    }

    @Test func parseErrorsInReferencedFilesPointIntoThem() throws {
        let fixture = try RefFixture()
        defer { fixture.remove() }
        let set = try DocumentSet(rootPath: fixture.api, allowedFolders: [fixture.shared])
        let from = SourceLocation(file: fixture.api, line: 1, column: 1)
        for _ in 0..<2 {
            do {
                _ = try set.resolve(ref: "broken.yaml", from: from)
                Issue.record("expected an error")
            } catch {
                #expect(
                    error.description
                        == "\(fixture.base)/root/broken.yaml:2:1: error: did not find expected ',' or ']' (while parsing a flow sequence at 1:4)"
                )
            }
        }
    }

    @Test func relativeRootNamesAreNormalized() throws {
        let set = try DocumentSet(rootFile: "./specs/x/../api.yaml", bytes: Array("a: 1\n".utf8))
        #expect(set.rootFile == "specs/api.yaml")
        #expect(set.root.location.file == "specs/api.yaml")
        do {
            _ = try set.resolve(ref: "./sub/../common/x%20y.yaml#/A", from: set.root.location)
            Issue.record("expected an error")
        } catch {
            #expect(
                error.message
                    == "$ref './sub/../common/x%20y.yaml#/A' names a file that cannot be read: 'specs/common/x y.yaml': No such file or directory"
            )
        }
        #expect(try set.resolve(ref: "#/a", from: set.root.location).node.int == 1)
    }

    @Test func concurrentResolvesShareOneCache() async throws {
        let fixture = try RefFixture()
        defer { fixture.remove() }
        let set = try DocumentSet(rootPath: fixture.api, allowedFolders: [fixture.shared])
        let from = SourceLocation(file: fixture.api, line: 1, column: 1)
        try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let ref =
                        index.isMultiple(of: 2) ? "models/pet.yaml#/Pet/type" : "../shared/owner.json#/defs/a~1b/type"
                    return try set.resolve(ref: ref, from: from).node.string
                }
            }
            for try await value in group {
                #expect(value == "object" || value == "string")
            }
        }
        #expect(Set(set.loadedFiles) == [fixture.api, fixture.pet, fixture.owner])
        #expect(set.loadedFiles.count == 3)
    }

    @Test func aRefResolvesAgainstTheFileItIsWrittenIn() throws {
        let fixture = try RefFixture()
        defer { fixture.remove() }
        let set = try DocumentSet(rootPath: fixture.api, allowedFolders: [fixture.shared])
        let fromRoot = try set.resolve(ref: "#/Pet", from: SourceLocation(file: fixture.pet, line: 1, column: 1))
        #expect(fromRoot.file == fixture.pet)
        // The same text again, now written in the root file, where no '/Pet' exists.
        #expect(throws: LoadError.self) {
            try set.resolve(ref: "#/Pet", from: SourceLocation(file: fixture.api, line: 3, column: 7))
        }
        let again = try set.resolve(ref: "#/Pet", from: SourceLocation(file: fixture.pet, line: 9, column: 1))
        #expect(again.node.location == fromRoot.node.location)
    }

    @Test func aRefThatFailedIsTriedAgain() throws {
        let fixture = try RefFixture()
        defer { fixture.remove() }
        let set = try DocumentSet(rootPath: fixture.api, allowedFolders: [fixture.shared])
        let from = SourceLocation(file: fixture.api, line: 4, column: 9)
        let first = #expect(throws: LoadError.self) { try set.resolve(ref: "later.yaml#/a", from: from) }
        #expect(first?.kind == .unreadable)
        #expect(first?.location == from)
        try write("a: 1\n", to: fixture.base + "/root/later.yaml")
        #expect(try set.resolve(ref: "later.yaml#/a", from: from).node.int == 1)
    }
}

@Suite struct PointerThroughReferenceTests {
    /// A root whose `components/schemas` is a `$ref` to a file of schemas, and a pointer loop.
    private func documents() throws -> (DocumentSet, String) {
        let base = try makeTemporaryDirectory()
        try write(
            """
            components:
              schemas: {$ref: 'schemas.yaml'}
            loop: {$ref: '#/loop/x'}

            """, to: base + "/api.yaml")
        try write("Pet:\n  properties:\n    owner: {$ref: 'owner.yaml'}\n", to: base + "/schemas.yaml")
        try write("type: object\nproperties:\n  name: {type: string}\n", to: base + "/owner.yaml")
        return (try DocumentSet(rootPath: base + "/api.yaml"), base)
    }

    @Test func aPointerGoesOnInsideTheTargetOfARefItPassesThrough() throws {
        let (set, base) = try documents()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let from = SourceLocation(file: set.rootFile, line: 1, column: 1)
        let found = try set.resolve(ref: "#/components/schemas/Pet/properties/owner/properties/name", from: from)
        #expect(found.node["type"]?.string == "string")
        // Named by where it really is, so every spelling of it is one target.
        #expect(found.file == base + "/owner.yaml")
        #expect(found.pointer == "/properties/name")
        // A pointer that ends at a `$ref` names that `$ref` object, as before.
        #expect(
            try set.resolve(ref: "schemas.yaml#/Pet/properties/owner", from: from).node["$ref"]?.string == "owner.yaml")
    }

    @Test func aMissingKeyOrALoopThroughRefsStillPointsToNothing() throws {
        let (set, base) = try documents()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let from = SourceLocation(file: set.rootFile, line: 1, column: 1)
        #expect(throws: LoadError.self) { try set.resolve(ref: "#/components/schemas/Cat", from: from) }
        #expect(throws: LoadError.self) { try set.resolve(ref: "#/loop/x", from: from) }
    }
}
