import Foundation
import MarfaYAML
import Testing

@testable import MarfaOpenAPIGenerator

/// A project folder for one test: `<scratch>/project/api.yaml` and whatever else the test writes,
/// with `<scratch>/outside.yaml` and `<scratch>/shared/` beside the project, outside its folder.
struct ProjectFolder {
    let scratch: Scratch
    var project: String { scratch.path + "/project" }
    var api: String { project + "/api.yaml" }
    var shared: String { scratch.path + "/shared" }
    var outside: String { scratch.path + "/outside.yaml" }

    init() throws {
        scratch = try Scratch()
        try put("outside.yaml", "X: {type: string}\n")
        try put("shared/owner.yaml", "Owner:\n  type: object\n  properties:\n    name: {type: string}\n")
    }

    /// Writes `text` to `name` under the scratch folder, making folders as needed; answers the path.
    @discardableResult
    func put(_ name: String, _ text: String) throws -> String {
        let path = scratch.path + "/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes the root document: the OpenAPI header, then `body`.
    func document(_ body: String) throws {
        try put("project/api.yaml", "openapi: 3.1.0\ninfo: {title: t, version: \"1\"}\n" + body)
    }

    func remove() { scratch.remove() }
}

/// Documents split over files as real projects split them, and the rule that a `$ref` reads only
/// files in the document's folder or in a folder the configuration allows.
@Suite struct MultiFileDocumentTests {
    static let fixture = FixtureGenerationTests.folder + "/multifile.yaml"

    // MARK: The committed multi-file fixture (GeneratedFixtureTests compiles and runs its output)

    @Test func theFixtureReadsEveryFileItsRefsReach() throws {
        let documents = try Generator.loadDocuments(specPath: Self.fixture, allowedFolders: [])
        let output = try Generator.generate(documents: documents, configs: [allModes()])
        #expect(output.diagnostics.filter { $0.severity != .note }.isEmpty, "\(output.diagnostics)")
        let folder = FixtureGenerationTests.folder + "/multifile"
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.contains(".") }
        // Examples and links are not generated, but their `$ref`s are followed into their files.
        #expect(Set(documents.loadedFiles) == Set([Self.fixture] + files.map { folder + "/" + $0 }))
    }

    @Test func componentsInOtherFilesKeepTheirNames() throws {
        let text = try generatedText(Self.fixture, allModes())
        for line in [
            "internal struct Note: Swift.Codable",  // components/schemas/Note → note.yaml#/Note
            "internal struct Folder: Swift.Codable",  // components/schemas/Folder → folder.json
            "internal var folder: Components.Schemas.Folder?",  // note.yaml → folder.json, the component
            "internal var notes: [Components.Schemas.Note]?",  // folder.json → note.yaml#/Note, the component
            "private var _parent: MarfaOpenAPIRuntime.Box<Components.Schemas.Folder>?",  // folder.json → "#"
            "case json([Components.Schemas.Note])",  // an operation in its own file
            "internal typealias Limit = Swift.Int",  // a pointer into a JSON file's $defs
            "internal var location: Swift.String",  // a header in another file
            "case json(Components.Schemas.NewNote)",  // a request body in another file
        ] {
            #expect(text.contains(line), "the multi-file fixture does not generate \(line)")
        }
        #expect(!text.contains("Note_2") && !text.contains("Folder_2"))
        // createNote's 404 names responses.yaml#/NotFound directly; getNote's goes through the
        // root's components: both are the component.
        #expect(
            text.contains(
                "case 404: return .notFound(try await Components.Responses.NotFound.decoded(c, response, responseBody))"
            ))
        #expect(!text.contains("Operations.CreateNote.Output.NotFound"))
    }

    // MARK: Layouts

    @Test func schemasInACycleAcrossTwoFiles() throws {
        let folder = try ProjectFolder()
        defer { folder.remove() }
        try folder.document(
            """
            paths: {}
            components:
              schemas:
                A: {$ref: "a.yaml#/A"}

            """)
        try folder.put("project/a.yaml", "A:\n  type: object\n  properties:\n    b: {$ref: \"b.yaml#/B\"}\n")
        try folder.put("project/b.yaml", "B:\n  type: object\n  properties:\n    a: {$ref: \"a.yaml#/A\"}\n")
        let output = try Generator.generate(specPath: folder.api, config: allModes())
        #expect(output.diagnostics.isEmpty)
        let text = output.files.map(\.contents).joined()
        #expect(text.contains("internal struct A: Swift.Codable"))
        #expect(text.contains("internal struct B: Swift.Codable"))
        #expect(text.contains("MarfaOpenAPIRuntime.Box<Components.Schemas."))
    }

    @Test func aRefOnlyLoopAcrossTwoFilesIsOnePositionedError() throws {
        let folder = try ProjectFolder()
        defer { folder.remove() }
        try folder.document("paths: {}\ncomponents:\n  schemas:\n    A: {$ref: \"a.yaml#/A\"}\n")
        let a = try folder.put("project/a.yaml", "A: {$ref: \"b.yaml#/B\"}\n")
        try folder.put("project/b.yaml", "B: {$ref: \"a.yaml#/A\"}\n")
        let error = try #require(throws: GeneratorError.self) {
            try Generator.generate(specPath: folder.api, config: allModes())
        }
        #expect(
            error.diagnostics.map(\.description) == [
                "\(a):1:11: error: This '$ref' leads back to itself without reaching a schema."
            ])
    }

    @Test func twoComponentsForOneSchemaElsewhereAreOneTypeAndAnAlias() throws {
        let folder = try ProjectFolder()
        defer { folder.remove() }
        try folder.document(
            """
            paths:
              /notes:
                get:
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: "models.yaml#/Note"}
            components:
              schemas:
                Note: {$ref: "models.yaml#/Note"}
                Memo: {$ref: "models.yaml#/Note"}

            """)
        try folder.put("project/models.yaml", "Note:\n  type: object\n  properties:\n    text: {type: string}\n")
        let text = try generatedText(folder.api, allModes())
        #expect(text.contains("internal struct Note: Swift.Codable"))
        #expect(text.contains("internal typealias Memo = Components.Schemas.Note"))
        #expect(text.contains("case json(Components.Schemas.Note)"))
    }

    @Test func callbacksInOtherFilesAreFollowedAndGenerated() throws {
        let folder = try ProjectFolder()
        defer { folder.remove() }
        try folder.document(
            """
            paths:
              /hooks:
                post:
                  operationId: subscribe
                  responses: {"201": {description: made}}
                  callbacks:
                    changed: {$ref: "callbacks.yaml#/Changed"}

            """)
        try folder.put(
            "project/callbacks.yaml", "Changed:\n  '{$request.body#/url}':\n    $ref: \"items.yaml#/Item\"\n")
        try folder.put("project/items.yaml", "Item:\n  post:\n    $ref: \"operations.yaml#/Missing\"\n")
        try folder.put("project/operations.yaml", "Other: {}\n")
        let missing = try Generator.generate(specPath: folder.api, config: allModes())
        let items = folder.project + "/items.yaml"
        #expect(
            missing.diagnostics.map(\.description) == [
                "\(items):3:11: error: $ref 'operations.yaml#/Missing' points to nothing: no key 'Missing' in the mapping at \(folder.project)/operations.yaml:1:1; what it stands for is left out"
            ])
        #expect(!missing.files.map(\.contents).joined().contains("subscribeChanged"))
        try folder.put("project/operations.yaml", "Missing: {responses: {\"200\": {description: ok}}}\n")
        let output = try Generator.generate(specPath: folder.api, config: allModes())
        #expect(output.diagnostics.map(\.message) == [])
        let text = output.files.map(\.contents).joined(separator: "\n")
        #expect(
            text.contains(
                "func subscribeChanged(_ input: Operations.Subscribe.Callbacks.Changed.Input) async throws -> Operations.Subscribe.Callbacks.Changed.Output"
            ))
        #expect(text.contains("\"/subscribe/changed\""))
    }

    @Test func webhooksInOtherFilesAreGenerated() throws {
        let folder = try ProjectFolder()
        defer { folder.remove() }
        try folder.document("paths: {}\nwebhooks:\n  itemMade: {$ref: \"hooks/item.yaml\"}\n")
        try folder.put(
            "project/hooks/item.yaml",
            "post:\n  requestBody: {$ref: \"../bodies.yaml#/Item\"}\n  responses: {\"204\": {description: ok}}\n")
        try folder.put(
            "project/bodies.yaml",
            "Item:\n  content:\n    application/json: {schema: {type: object, properties: {id: {type: string}}}}\n")
        let output = try Generator.generate(specPath: folder.api, config: allModes())
        #expect(output.diagnostics.map(\.message) == [])
        let text = output.files.map(\.contents).joined(separator: "\n")
        #expect(
            text.contains("func itemMade(_ input: Webhooks.ItemMade.Input) async throws -> Webhooks.ItemMade.Output"))
        #expect(text.contains("case json(Webhooks.ItemMade.Input.Body.JsonPayload)"))
    }

    @Test func warningsInOtherFilesAreReported() throws {
        let folder = try ProjectFolder()
        defer { folder.remove() }
        try folder.document("paths: {}\ncomponents:\n  schemas:\n    A: {$ref: \"a.yaml#/A\"}\n")
        let a = try folder.put("project/a.yaml", "A:\n  type: object\n  type: object\n")
        let output = try Generator.generate(specPath: folder.api, config: allModes())
        #expect(
            output.diagnostics.map(\.description) == [
                "\(a):3:3: warning: duplicate key 'type' (first at 2:3); the last value is kept"
            ])
    }

    // MARK: The folder rule

    /// A place in a document where a `$ref` may stand, with a `$ref` there that leaves the folder.
    struct Place: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        var testDescription: String { name }
    }

    static let ref = "{$ref: \"../outside.yaml#/X\"}"
    static let operation = "paths:\n  /a:\n    post:\n"
    static let ok = "      responses: {\"200\": {description: ok}}\n"

    static let places: [Place] = [
        Place(name: "path item", body: "paths:\n  /a: \(ref)\n"),
        Place(name: "operation", body: "paths:\n  /a:\n    get: \(ref)\n"),
        Place(name: "parameter", body: operation + "      parameters: [\(ref)]\n" + ok),
        Place(name: "path-level parameter", body: "paths:\n  /a:\n    parameters: [\(ref)]\n    get:\n  " + ok),
        Place(name: "request body", body: operation + "      requestBody: \(ref)\n" + ok),
        Place(name: "response", body: operation + "      responses: {\"200\": \(ref)}\n"),
        Place(
            name: "header", body: operation + "      responses: {\"200\": {description: ok, headers: {X-A: \(ref)}}}\n"),
        Place(
            name: "media type",
            body: operation + "      responses: {\"200\": {description: ok, content: {application/json: \(ref)}}}\n"),
        Place(
            name: "schema",
            body: operation
                + "      responses: {\"200\": {description: ok, content: {application/json: {schema: \(ref)}}}}\n"),
        Place(
            name: "example",
            body: operation
                + "      responses: {\"200\": {description: ok, content: {application/json: {examples: {one: \(ref)}}}}}\n"
        ),
        Place(
            name: "parameter example",
            body: operation
                + "      parameters: [{name: q, in: query, schema: {type: string}, examples: {one: \(ref)}}]\n" + ok),
        Place(name: "link", body: operation + "      responses: {\"200\": {description: ok, links: {next: \(ref)}}}\n"),
        Place(name: "callback", body: operation + "      callbacks: {done: \(ref)}\n" + ok),
        Place(name: "callback path item", body: operation + "      callbacks: {done: {'{$url}': \(ref)}}\n" + ok),
        Place(
            name: "callback operation", body: operation + "      callbacks: {done: {'{$url}': {post: \(ref)}}}\n" + ok),
        Place(name: "webhook", body: "paths: {}\nwebhooks:\n  hook: \(ref)\n"),
        Place(name: "webhook operation", body: "paths: {}\nwebhooks:\n  hook:\n    post: \(ref)\n"),
        Place(
            name: "webhook request body",
            body: "paths: {}\nwebhooks:\n  hook:\n    post:\n      requestBody: \(ref)\n" + ok),
        Place(
            name: "webhook response",
            body: "paths: {}\nwebhooks:\n  hook:\n    post:\n      responses: {\"200\": \(ref)}\n"),
        Place(name: "component schema", body: "paths: {}\ncomponents:\n  schemas:\n    A: \(ref)\n"),
        Place(
            name: "nested schema",
            body: "paths: {}\ncomponents:\n  schemas:\n    A: {type: object, properties: {b: \(ref)}}\n"),
        Place(
            name: "discriminator mapping",
            body:
                "paths: {}\ncomponents:\n  schemas:\n    A: {type: object}\n    U: {oneOf: [{$ref: '#/components/schemas/A'}], discriminator: {propertyName: k, mapping: {x: \"../outside.yaml#/X\"}}}\n"
        ),
        Place(name: "component response", body: "paths: {}\ncomponents:\n  responses:\n    R: \(ref)\n"),
        Place(name: "component parameter", body: "paths: {}\ncomponents:\n  parameters:\n    P: \(ref)\n"),
        Place(name: "component header", body: "paths: {}\ncomponents:\n  headers:\n    H: \(ref)\n"),
        Place(name: "component request body", body: "paths: {}\ncomponents:\n  requestBodies:\n    B: \(ref)\n"),
        Place(name: "component example", body: "paths: {}\ncomponents:\n  examples:\n    E: \(ref)\n"),
        Place(name: "component link", body: "paths: {}\ncomponents:\n  links:\n    L: \(ref)\n"),
        Place(name: "component callback", body: "paths: {}\ncomponents:\n  callbacks:\n    C: \(ref)\n"),
        Place(name: "component path item", body: "paths: {}\ncomponents:\n  pathItems:\n    I: \(ref)\n"),
        Place(name: "security scheme", body: "paths: {}\ncomponents:\n  securitySchemes:\n    S: \(ref)\n"),
    ]

    @Test(arguments: places)
    func aRefOutOfTheFolderIsRefusedAtItsPlace(_ place: Place) throws {
        let folder = try ProjectFolder()
        defer { folder.remove() }
        try folder.document(place.body)
        let result = runCommand(["generate", folder.api, "--output", folder.scratch.file("out")])
        #expect(result.status == 1)
        let lines = place.body.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("../outside.yaml") })
        let column =
            try #require(lines[line].range(of: "\"../outside.yaml")).lowerBound.utf16Offset(in: lines[line]) + 1
        #expect(
            result.errors.filter { $0.contains(": error: ") } == [
                "\(folder.api):\(line + 3):\(column): error: $ref '../outside.yaml#/X' names '\(folder.outside)', which is outside the folders"
                    + " this document may read ('\(folder.project)'); to let the generator read it, add its folder to allowedFolders"
                    + " in the generator configuration (relative to the configuration file) or pass --allow-folder"
            ])
        #expect(!FileManager.default.fileExists(atPath: folder.scratch.file("out")))
    }

    @Test func anAbsolutePathAndALinkOutAreRefused() throws {
        let folder = try ProjectFolder()
        defer { folder.remove() }
        try folder.document(
            """
            paths: {}
            components:
              schemas:
                A: {$ref: "/etc/passwd"}
                B: {$ref: "secret.yaml"}
                C: {$ref: "../../../../../../../../../etc/passwd"}

            """)
        try FileManager.default.createSymbolicLink(
            atPath: folder.project + "/secret.yaml", withDestinationPath: "/etc/passwd")
        let error = try #require(throws: GeneratorError.self) {
            try Generator.generate(specPath: folder.api, config: allModes())
        }
        let messages = error.diagnostics.map(\.description)
        #expect(messages.count == 3)
        #expect(
            messages[0].hasPrefix(
                "\(folder.api):6:15: error: $ref '/etc/passwd' names '/etc/passwd', which is outside the folders"))
        #expect(
            messages[1].hasPrefix(
                "\(folder.api):7:15: error: $ref 'secret.yaml' names '\(folder.project)/secret.yaml' (a link to '/etc/passwd'), which is outside"
            ))
        #expect(
            messages[2].hasPrefix(
                "\(folder.api):8:15: error: $ref '../../../../../../../../../etc/passwd' names '/etc/passwd', which is outside"
            ))
        #expect(
            messages.allSatisfy {
                $0.hasSuffix(
                    "add its folder to allowedFolders in the generator configuration (relative to the configuration file) or pass --allow-folder"
                )
            })
        #expect(!messages.joined().contains("root:"))
    }

    /// A `$ref` to the web is never fetched: a schema there is a free-form value, a parameter there
    /// is left out, each with a recoverable error that says what to do; `--fatal-errors` refuses.
    @Test func aRemoteRefGeneratesAFreeFormValueWithWhatToDo() throws {
        let folder = try ProjectFolder()
        defer { folder.remove() }
        try folder.document(
            "paths:\n  /a:\n    get:\n      operationId: find\n"
                + "      parameters: [{$ref: \"https://example.com/p.yaml#/P\"}]\n"
                + "      responses: {\"204\": {description: ok}}\n"
                + "components:\n  schemas:\n    A: {$ref: \"https://example.com/schemas.yaml#/A\"}\n")
        let output = try Generator.generate(specPath: folder.api, config: allModes())
        let advice =
            " (only local files can be referenced); save the file beside the document and refer to it by a relative path"
        #expect(
            output.diagnostics.map(\.description) == [
                "\(folder.api):7:27: error: remote $ref is not supported: 'https://example.com/p.yaml#/P'\(advice);"
                    + " what it stands for is left out",
                "\(folder.api):11:15: error: remote $ref is not supported: 'https://example.com/schemas.yaml#/A'\(advice);"
                    + " a free-form value is generated in its place",
            ])
        let text = output.files.map(\.contents).joined(separator: "\n")
        #expect(text.contains("typealias A = MarfaOpenAPIRuntime.OpenAPIValue"))
        var strict = allModes()
        strict.fatalErrors = true
        #expect(throws: GeneratorError.self) { _ = try Generator.generate(specPath: folder.api, config: strict) }
    }

    /// A `$ref` to the absolute `$id` a schema of the document declares (JSON Schema 2020-12) names
    /// that schema, a JSON pointer after it a part of it, in this file or another it reads; an id
    /// no schema declares is a `$ref` to the web.
    @Test func aRefToASchemasIDNamesThatSchema() throws {
        let folder = try ProjectFolder()
        defer { folder.remove() }
        try folder.put("project/shared.yaml", "Tag:\n  $id: 'urn:example:tag'\n  type: string\n")
        try folder.document(
            """
            paths: {}
            components:
              schemas:
                Pet:
                  $id: "https://example.com/schemas/pet"
                  type: object
                  properties:
                    name: {type: string}
                    size: {type: integer}
                Tagged: {$ref: "shared.yaml#/Tag"}
                Owner:
                  type: object
                  properties:
                    pet: {$ref: "https://example.com/schemas/pet"}
                    size: {$ref: "https://example.com/schemas/pet#/properties/size"}
                    tag: {$ref: "urn:example:tag"}
                    other: {$ref: "https://example.com/schemas/cat"}

            """)
        let output = try Generator.generate(specPath: folder.api, config: allModes())
        let text = output.files.map(\.contents).joined(separator: "\n")
        #expect(text.contains("var pet: Components.Schemas.Pet?"))
        #expect(text.contains("var size: Swift.Int?"))
        #expect(text.contains("var tag: Components.Schemas.Tagged?"))
        #expect(text.contains("var other: MarfaOpenAPIRuntime.OpenAPIValue?"))
        #expect(
            output.diagnostics.map(\.message).allSatisfy {
                $0.hasPrefix("remote $ref is not supported: 'https://example.com/schemas/cat'")
            })
        #expect(output.diagnostics.count == 1)
    }

    /// The project's document `$ref`s `../shared/owner.yaml`.
    func sharedOwnerDocument(_ folder: ProjectFolder) throws {
        try folder.document(
            """
            paths:
              /owner:
                get:
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: "../shared/owner.yaml#/Owner"}

            """)
    }

    @Test func aFolderTheConfigurationAllowsIsRead() throws {
        let folder = try ProjectFolder()
        defer { folder.remove() }
        try sharedOwnerDocument(folder)
        let config = try folder.put("config/generator.yaml", "spec: ../project/api.yaml\nallowedFolders: [../shared]\n")
        let loaded = try GeneratorConfig.load(path: config, target: nil)
        #expect(loaded.map(\.allowedFolders) == [[folder.scratch.path + "/config/../shared"]])
        let allowed = runCommand(["generate", "--config", config, "--output", folder.scratch.file("out")])
        #expect(allowed.status == 0, "\(allowed.errors)")
        let text = try FileManager.default.contentsOfDirectory(atPath: folder.scratch.file("out"))
            .map { try String(contentsOfFile: folder.scratch.file("out/\($0)"), encoding: .utf8) }.joined()
        #expect(text.contains("public struct Owner: Swift.Codable"))

        let plain = try folder.put("config/plain.yaml", "spec: ../project/api.yaml\n")
        let refused = runCommand(["generate", "--config", plain, "--output", folder.scratch.file("out2")])
        #expect(refused.status == 1)
        #expect(refused.errors.count == 1)
        #expect(
            refused.errors.first?.hasPrefix(
                "\(folder.api):11:30: error: $ref '../shared/owner.yaml#/Owner' names '\(folder.shared)/owner.yaml', which is outside"
            ) == true)
    }

    @Test func aFolderTheCommandLineAllowsIsRead() throws {
        let folder = try ProjectFolder()
        defer { folder.remove() }
        try sharedOwnerDocument(folder)
        let result = runCommand([
            "generate", folder.api, "--output", folder.scratch.file("out"), "--allow-folder", folder.shared,
        ])
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            runCommand(["generate", folder.api, "--output", folder.scratch.file("out"), "--allow-folder"]).status == 64)
    }

    @Test func aFolderSetInCodeIsRead() throws {
        let folder = try ProjectFolder()
        defer { folder.remove() }
        try sharedOwnerDocument(folder)
        var config = allModes()
        #expect(throws: GeneratorError.self) { try Generator.generate(specPath: folder.api, config: config) }
        config.allowedFolders = [folder.shared]
        #expect(try generatedText(folder.api, config).contains("internal struct Owner: Swift.Codable"))
    }

    @Test func anAllowedFolderThatIsNotOneIsAPositionedConfigurationError() throws {
        let folder = try ProjectFolder()
        defer { folder.remove() }
        let config = try folder.put(
            "config/generator.yaml", "spec: ../project/api.yaml\nallowedFolders:\n  - ../shared\n  - ../nowhere\n")
        let result = runCommand(["generate", "--config", config, "--output", folder.scratch.file("out")])
        #expect(result.status == 1)
        #expect(
            result.errors == [
                "\(config):4:5: error: 'allowedFolders' names '../nowhere', which is not a folder ('\(folder.scratch.path)/config/../nowhere')."
            ])
    }
}
