import Foundation
import MarfaYAML
import Testing

/// Files laid out as a project and what lies around it: `<tmp>/project/api.yaml` (the root),
/// `<tmp>/project/models/pet.yaml`, `<tmp>/outside.yaml`, `<tmp>/shared/owner.yaml`, and links inside
/// the project that lead in and out of it.
struct FolderFixture {
    let base: String
    var project: String { base + "/project" }
    var api: String { project + "/api.yaml" }
    var outside: String { base + "/outside.yaml" }
    var shared: String { base + "/shared" }

    init() throws {
        base = try makeTemporaryDirectory()
        try write("openapi: 3.1.0\nx: 1\n", to: api)
        try write("Pet: {type: object}\n", to: project + "/models/pet.yaml")
        try write("Secret: {type: string}\n", to: outside)
        try write("Owner: {type: string}\n", to: shared + "/owner.yaml")
        let files = FileManager.default
        try files.createSymbolicLink(atPath: project + "/out.yaml", withDestinationPath: outside)
        try files.createSymbolicLink(atPath: project + "/in.yaml", withDestinationPath: project + "/models/pet.yaml")
        try files.createSymbolicLink(atPath: project + "/common", withDestinationPath: shared)
        try files.createSymbolicLink(atPath: project + "/gone.yaml", withDestinationPath: base + "/missing.yaml")
    }

    func remove() { try? FileManager.default.removeItem(atPath: base) }
}

/// `$ref`s read only files inside the root document's folder or a folder the caller allows, judged
/// on real paths; anything else is an error at the `$ref` that says which folders may be read.
@Suite struct ReadableFolderTests {
    /// The error resolving `ref` from line 3, column 9 of the root, or nil when it resolves.
    func failure(_ ref: String, in set: DocumentSet) -> LoadError? {
        do {
            _ = try set.resolve(ref: ref, from: SourceLocation(file: set.rootFile, line: 3, column: 9))
            return nil
        } catch {
            return error
        }
    }

    @Test func aRefUpAndOutOfTheFolderIsRefusedAtTheRef() throws {
        let fixture = try FolderFixture()
        defer { fixture.remove() }
        let set = try DocumentSet(rootPath: fixture.api)
        #expect(set.readableFolders == [fixture.project])
        let error = try #require(failure("../outside.yaml#/Secret", in: set))
        #expect(error.kind == .outsideAllowedFolders)
        #expect(error.location == SourceLocation(file: fixture.api, line: 3, column: 9))
        #expect(
            error.message
                == "$ref '../outside.yaml#/Secret' names '\(fixture.outside)', which is outside the folders this document may read ('\(fixture.project)')"
        )
        #expect(!set.loadedFiles.contains(fixture.outside))
    }

    @Test func anyDepthOfDotDotIsRefused() throws {
        let fixture = try FolderFixture()
        defer { fixture.remove() }
        let set = try DocumentSet(rootPath: fixture.api)
        let error = try #require(failure("../../../../../../../../etc/passwd", in: set))
        #expect(error.kind == .outsideAllowedFolders)
        #expect(
            error.message.hasPrefix("$ref '../../../../../../../../etc/passwd' names '/etc/passwd', which is outside"))
        #expect(failure("models/../../project/models/pet.yaml#/Pet", in: set) == nil)
    }

    @Test func anAbsolutePathOutsideIsRefused() throws {
        let fixture = try FolderFixture()
        defer { fixture.remove() }
        let set = try DocumentSet(rootPath: fixture.api)
        #expect(failure("/etc/passwd", in: set)?.kind == .outsideAllowedFolders)
        #expect(failure("file:///etc/passwd", in: set)?.kind == .outsideAllowedFolders)
        // An absolute path inside the folder is read.
        #expect(failure(fixture.project + "/models/pet.yaml#/Pet", in: set) == nil)
    }

    @Test func aLinkInsideThatLeadsOutIsRefused() throws {
        let fixture = try FolderFixture()
        defer { fixture.remove() }
        let set = try DocumentSet(rootPath: fixture.api)
        let file = try #require(failure("out.yaml#/Secret", in: set))
        #expect(file.kind == .outsideAllowedFolders)
        #expect(
            file.message
                == "$ref 'out.yaml#/Secret' names '\(fixture.project)/out.yaml' (a link to '\(fixture.outside)'), which is outside the folders this document may read ('\(fixture.project)')"
        )
        let folder = try #require(failure("common/owner.yaml#/Owner", in: set))
        #expect(folder.message.contains("(a link to '\(fixture.shared)/owner.yaml')"))
        // A link that leads nowhere opens nothing: the file cannot be read.
        #expect(failure("gone.yaml", in: set)?.kind == .unreadable)
    }

    @Test func aLinkThatStaysInsideIsRead() throws {
        let fixture = try FolderFixture()
        defer { fixture.remove() }
        let set = try DocumentSet(rootPath: fixture.api)
        let pet = try set.resolve(ref: "in.yaml#/Pet", from: set.root.location)
        #expect(pet.node["type"]?.string == "object")
        #expect(pet.file == fixture.project + "/in.yaml")
    }

    @Test func anAllowedFolderIsRead() throws {
        let fixture = try FolderFixture()
        defer { fixture.remove() }
        let set = try DocumentSet(rootPath: fixture.api, allowedFolders: [fixture.shared])
        #expect(set.readableFolders == [fixture.project, fixture.shared])
        #expect(
            try set.resolve(ref: "../shared/owner.yaml#/Owner", from: set.root.location).node["type"]?.string
                == "string")
        // Through a link into the allowed folder, too.
        #expect(failure("common/owner.yaml#/Owner", in: set) == nil)
        // Other places stay refused, and the message lists every folder.
        let error = try #require(failure("../outside.yaml", in: set))
        #expect(
            error.message.hasSuffix(
                "outside the folders this document may read ('\(fixture.project)', '\(fixture.shared)')"))
    }

    @Test func anAllowedFolderIsTakenAsItsRealPath() throws {
        let fixture = try FolderFixture()
        defer { fixture.remove() }
        // Allowing the link to the shared folder allows the shared folder itself.
        let set = try DocumentSet(rootPath: fixture.api, allowedFolders: [fixture.project + "/common"])
        #expect(set.readableFolders == [fixture.project, fixture.shared])
        #expect(failure("../shared/owner.yaml#/Owner", in: set) == nil)
    }

    @Test func aRootReachedThroughALinkReadsItsOwnFolder() throws {
        let fixture = try FolderFixture()
        defer { fixture.remove() }
        let alias = fixture.base + "/alias"
        try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: fixture.project)
        let set = try DocumentSet(rootPath: alias + "/api.yaml")
        #expect(set.readableFolders == [fixture.project])
        #expect(
            try set.resolve(ref: "models/pet.yaml#/Pet", from: set.root.location).file == alias + "/models/pet.yaml")
        #expect(failure("../outside.yaml", in: set)?.kind == .outsideAllowedFolders)
    }

    @Test func aMissingFileInsideIsUnreadableNotRefused() throws {
        let fixture = try FolderFixture()
        defer { fixture.remove() }
        let set = try DocumentSet(rootPath: fixture.api)
        let error = try #require(failure("models/cat.yaml", in: set))
        #expect(error.kind == .unreadable)
        #expect(
            error.message
                == "$ref 'models/cat.yaml' names a file that cannot be read: '\(fixture.project)/models/cat.yaml': No such file or directory"
        )
    }

    @Test func loadingAFileOutsideByNameIsRefusedToo() throws {
        let fixture = try FolderFixture()
        defer { fixture.remove() }
        let set = try DocumentSet(rootPath: fixture.api)
        do {
            _ = try set.document(file: fixture.outside)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .outsideAllowedFolders)
            #expect(error.location == SourceLocation(file: fixture.outside, line: 1, column: 1))
            #expect(
                error.message
                    == "cannot read '\(fixture.outside)': it is outside the folders this document may read ('\(fixture.project)')"
            )
        }
        #expect(try set.document(file: fixture.project + "/models/pet.yaml").root["Pet"] != nil)
    }

    @Test func otherFailuresSayWhatKindTheyAre() throws {
        let fixture = try FolderFixture()
        defer { fixture.remove() }
        let set = try DocumentSet(rootPath: fixture.api)
        #expect(failure("https://example.com/api.yaml", in: set)?.kind == .remote)
        #expect(failure("ftp://example.com/api.yaml", in: set)?.kind == .remote)
        #expect(failure("#/nowhere", in: set)?.kind == .unresolvable)
        #expect(failure("#nowhere", in: set)?.kind == .unresolvable)
        #expect(parseError("a: [1\n")?.kind == .malformed)
    }

    @Test func bytesWithoutAFileReadFromTheFolderTheyAreNamedIn() throws {
        let fixture = try FolderFixture()
        defer { fixture.remove() }
        let set = try DocumentSet(rootFile: fixture.project + "/virtual.yaml", bytes: Array("a: 1\n".utf8))
        #expect(set.readableFolders == [fixture.project])
        #expect(failure("models/pet.yaml#/Pet", in: set) == nil)
        #expect(failure("../outside.yaml", in: set)?.kind == .outsideAllowedFolders)
    }
}
