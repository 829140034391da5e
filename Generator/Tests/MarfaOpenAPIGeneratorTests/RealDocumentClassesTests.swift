import Foundation
import Testing

@testable import MarfaOpenAPIGenerator

/// What public documents showed the generator refusing or generating wrong, one class per test:
/// each generates now, says what it did at the place it did it, and writes code that builds.
@Suite struct RealDocumentClassesTests {
    static let header = "openapi: 3.0.3\ninfo: {title: t, version: \"1\"}\n"

    /// Generates `document` (written as `api.yaml`, with `files` beside it) in every mode.
    private func generate(
        _ document: String, files: [String: String] = [:], config: GeneratorConfig = allModes()
    ) throws -> (output: Generator.Output, spec: String, scratch: Scratch) {
        let scratch = try Scratch()
        for (name, text) in files { _ = try scratch.write(name, text) }
        let spec = try scratch.write("api.yaml", document)
        return (try Generator.generate(specPath: spec, config: config), spec, scratch)
    }

    private func text(_ output: Generator.Output) -> String { output.files.map(\.contents).joined(separator: "\n") }

    /// Two operations with one ID: the later is named after its method and path, with one warning.
    @Test func aSecondOperationWithTheSameIDIsNamedAfterItsMethodAndPath() throws {
        let (output, spec, scratch) = try generate(
            Self.header + """
                paths:
                  /health:
                    get: {operationId: health, responses: {"204": {description: ok}}}
                    head: {operationId: health, responses: {"204": {description: ok}}}
                  /v2/health:
                    get: {operationId: health, responses: {"204": {description: ok}}}
                """)
        defer { scratch.remove() }
        #expect(
            output.diagnostics.map(\.description) == [
                "\(spec):6:25: warning: The operation ID 'health' is used twice (first at \(spec):5:10); this operation is generated as 'head_health'.",
                "\(spec):8:24: warning: The operation ID 'health' is used twice (first at \(spec):5:10); this operation is generated as 'get_v2_health'.",
            ])
        let code = text(output)
        #expect(code.contains("internal func health(_ input: Operations.Health.Input)"))
        #expect(code.contains("internal func headHealth(_ input: Operations.HeadHealth.Input)"))
        #expect(code.contains("internal func getV2Health(_ input: Operations.GetV2Health.Input)"))
    }

    /// A `$ref` to a schema the document never defines is a free-form value and an error that does
    /// not stop generation; `fatalErrors` (`--fatal-errors`) makes it refuse the document.
    @Test func aRefToAnUndefinedSchemaIsAFreeFormValueAndARecoverableError() throws {
        let document =
            Self.header + """
                paths: {}
                components:
                  schemas:
                    A:
                      type: object
                      properties:
                        b: {$ref: "#/components/schemas/Missing"}
                """
        let (output, spec, scratch) = try generate(document)
        defer { scratch.remove() }
        #expect(
            output.diagnostics.map(\.description) == [
                "\(spec):9:19: error: $ref '#/components/schemas/Missing' points to nothing: no key 'Missing' in the mapping at \(spec):6:5;"
                    + " a free-form value is generated in its place"
            ])
        #expect(text(output).contains("internal var b: MarfaOpenAPIRuntime.OpenAPIValue?"))
        var fatal = allModes()
        fatal.fatalErrors = true
        #expect(throws: GeneratorError.self) { try Generator.generate(specPath: spec, config: fatal) }
        // On the command line: generated, exit 0; with --fatal-errors, exit 1.
        let out = scratch.file("out")
        #expect(runCommand(["generate", spec, "--output", out]).status == 0)
        #expect(FileManager.default.fileExists(atPath: out + "/Generated0.swift"))
        #expect(runCommand(["generate", spec, "--output", scratch.file("out2"), "--fatal-errors"]).status == 1)
    }

    /// `properties: {$ref: ...}` standing for a whole map (as bundlers read it), a `components`
    /// section that is a `$ref` to a file of entries, and a pointer through a node that is a `$ref`.
    @Test func aRefWhereTheGrammarHasNoneReadsAsTheMappingItNames() throws {
        let (output, spec, scratch) = try generate(
            Self.header + """
                paths:
                  /pets:
                    get:
                      operationId: listPets
                      responses:
                        "200":
                          description: ok
                          content:
                            application/json:
                              schema: {$ref: "#/components/schemas/Pet/properties/owner/properties/name"}
                components:
                  schemas: {$ref: "schemas.yaml"}
                """,
            files: [
                "schemas.yaml":
                    "Pet:\n  type: object\n  properties:\n    $ref: 'attributes.yaml#/pet'\n    age: {type: integer}\n",
                "attributes.yaml": "pet:\n  id: {type: string}\n  owner: {$ref: 'owner.yaml'}\n",
                "owner.yaml": "type: object\nproperties:\n  name: {type: string}\n",
            ])
        defer { scratch.remove() }
        let folder = (spec as NSString).deletingLastPathComponent
        #expect(
            output.diagnostics.map(\.description).sorted()
                == [
                    "\(folder)/api.yaml:14:13: warning: 'schemas' is a $ref, which OpenAPI does not allow here; it is read as the mapping it names, as bundlers do.",
                    "\(folder)/schemas.yaml:4:5: warning: 'properties' is a $ref, which OpenAPI does not allow here; it is read as the mapping it names, as bundlers do.",
                ].sorted())
        let code = text(output)
        expectBlock(
            """
                internal struct Pet: Swift.Codable, Swift.Hashable, Swift.Sendable {
                    internal var id: Swift.String?
                    internal var owner: Components.Schemas.Owner?
                    internal var age: Swift.Int?
            """, in: code)
        #expect(code.contains("case json(Components.Schemas.Name)"))
    }

    /// A deprecated property whose Swift name is a keyword's escape (`_public`) keeps its storage
    /// apart from the property of that escape's name.
    @Test func deprecatedStorageNeverTakesAnotherPropertysName() throws {
        let code = try snippet(
            """
            components:
              schemas:
                A:
                  type: object
                  properties:
                    public: {type: string, deprecated: true}
                    _public: {type: string}
            """)
        expectBlock(
            """
                    @available(*, deprecated)
                    internal var _public: Swift.String? {
                        get { self.__public }
                        set { self.__public = newValue }
                    }
                    private var __public: Swift.String?
                    internal var _public_2: Swift.String?
            """, in: code)
    }

    /// Properties named after the coding's own locals are written through `self.`.
    @Test func codingReadsAndWritesPropertiesThroughSelf() throws {
        let code = try snippet(
            """
            components:
              schemas:
                A:
                  type: object
                  properties:
                    container: {type: string}
                    encoder: {type: string}
            """)
        expectBlock(
            """
                        try container.encodeIfPresent(self.container, forKey: "container")
                        try container.encodeIfPresent(self.encoder, forKey: "encoder")
            """, in: code)
    }

    /// A deprecated query or header parameter keeps `@available(*, deprecated)` for the app; the
    /// initializer and the client use its storage, so the output builds without a warning.
    @Test func deprecatedParametersAreReadThroughTheirStorage() throws {
        let code = try snippet(
            """
            paths:
              /a:
                get:
                  operationId: getA
                  parameters:
                    - {name: old, in: query, deprecated: true, schema: {type: string}}
                    - {name: X-Old, in: header, deprecated: true, schema: {type: string}}
                  responses: {"204": {description: ok}}
            """)
        expectBlock(
            """
                            @available(*, deprecated)
                            internal var old: Swift.String? {
                                get { self._old }
                                set { self._old = newValue }
                            }
                            /// The storage of `old`, which generated code reads and writes without a deprecation warning.
                            internal var _old: Swift.String?
                            internal init(old: Swift.String? = nil) {
                                self._old = old
                            }
            """, in: code)
        #expect(code.contains(#"try c.query(&request, "old", input.query._old, style: .form, explode: true)"#))
        #expect(code.contains(#"try c.header(&request, "X-Old", input.headers._xOld, explode: false)"#))
    }

    /// Text broken into lines with `\r\n` (C# XML comments through Swashbuckle, as Kavita's
    /// document has them) or a lone `\r` is a comment line each: Swift ends a `///` comment at either,
    /// and a `\r\n` is one character that a split at `\n` never found, so the rest was read as code.
    /// A break in a path the documentation quotes is split the same way, and a NUL (which Swift warns
    /// about) is written as `\0`.
    @Test func everyLineBreakInDocumentationStartsAnotherCommentLine() throws {
        let code = try snippet(
            #"""
            paths:
              "/a\r\nb":
                get:
                  operationId: getA
                  summary: "Uploads a file.\r\nIt is cleaned up later.\rOld Mac line.\nUnix line."
                  responses: {"204": {description: "ok\r\nsecond"}}
            components:
              schemas:
                A: {type: string, description: "one\r\n\r\ntwo"}
                B: {type: string, description: "ends at \0 here"}
            """#)
        let lines = code.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        for line in lines
        where ["It is cleaned", "Old Mac", "Unix line", "second", "two", "b`"].contains(where: line.contains) {
            #expect(line.trimmingCharacters(in: .whitespaces).hasPrefix("///"), "\(line)")
        }
        expectBlock(
            """
                /// Uploads a file.
                /// It is cleaned up later.
                /// Old Mac line.
                /// Unix line.
                ///
                /// `GET /a
                /// b`
            """, in: code)
        #expect(!code.utf8.contains(UInt8(ascii: "\r")) && !code.utf8.contains(0))
        #expect(code.contains(#"/// ends at \0 here"#))
    }

    /// A media type with a `charset` (or any parameter but `stream`) is read by its essence: JSON is
    /// decoded, and the received `Content-Type`, whose parameters the runtime drops, is matched
    /// against the essence. `application/json; charset=utf-8` was raw `HTTPBody`, and matched as
    /// written it never matched, so every answer in it was an unexpected content type.
    @Test func aMediaTypeWithParametersIsReadAndMatchedByItsEssence() throws {
        let (output, spec, scratch) = try generate(
            Self.header + """
                paths:
                  /items:
                    post:
                      operationId: createItem
                      requestBody:
                        content:
                          "application/json; charset=utf-8": {schema: {$ref: "#/components/schemas/Item"}}
                      responses:
                        "200":
                          description: ok
                          content:
                            "application/json;charset=UTF-8": {schema: {$ref: "#/components/schemas/Item"}}
                            "application/json;stream=watch": {schema: {$ref: "#/components/schemas/Item"}}
                components:
                  schemas:
                    Item: {type: object, properties: {name: {type: string}}}
                """)
        defer { scratch.remove() }
        // Kubernetes' watch stream stays raw, and is the only body said to be.
        #expect(
            output.diagnostics.map(\.description) == [
                "\(spec):15:13: note: 'createItem' sends and reads 'application/json;stream=watch' bodies as raw HTTPBody: the generator decodes JSON, URL-encoded form and multipart bodies only."
            ])
        let code = text(output)
        #expect(code.contains("case applicationJsonCharsetUtf8(Components.Schemas.Item)"))
        #expect(code.contains("case applicationJsonStreamWatch(MarfaOpenAPIRuntime.HTTPBody)"))
        #expect(
            code.contains(
                #"decodedBody = .applicationJsonCharsetUtf8(try await c.json(Components.Schemas.Item.self, response, body))"#
            ))
        #expect(code.contains(#"if s.matches(request, "application/json") {"#))
        #expect(code.contains(#"if c.matches(response, "application/json") {"#))
        #expect(
            !code.contains(#"matches(response, "application/json;"#)
                && !code.contains(#"matches(request, "application/json;"#))
        // What is sent keeps the document's media type.
        #expect(code.contains(#"body = try c.json(&request, value, contentType: "application/json; charset=utf-8")"#))
    }
}
