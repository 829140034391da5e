import Foundation
import MarfaYAML
import Testing

@testable import MarfaOpenAPIGenerator

/// Malformed input gives exactly one positioned error line and a non-zero exit, never a crash.
@Suite struct DiagnosticsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var document: String
        /// The expected standard error line after the document's path.
        var expected: String
        var testDescription: String { name }
    }

    static let header = "openapi: 3.0.3\ninfo: {title: t, version: \"1\"}\n"

    static let cases: [Case] = [
        Case(
            name: "bad YAML: an unclosed flow list", document: header + "paths:\n  /a:\n    get: [unclosed\n",
            expected: ":6:1: error: did not find expected ',' or ']' (while parsing a flow sequence at 5:10)"),
        Case(
            name: "bad YAML: wrong indentation",
            document: "openapi: 3.0.3\ninfo:\n  title: t\n   version: \"1\"\npaths: {}\n",
            expected: ":4:11: error: mapping values are not allowed in this context"),
        Case(
            name: "a dangling $ref to another file",
            document: header + "paths: {}\ncomponents:\n  schemas:\n    A: {$ref: \"other.yaml#/B\"}\n",
            expected:
                ":6:15: error: $ref 'other.yaml#/B' names a file that cannot be read: '%DIR%/other.yaml': No such file or directory"
        ),
        Case(
            name: "a $ref loop without a schema",
            document: header
                + "paths: {}\ncomponents:\n  schemas:\n    A: {$ref: \"#/components/schemas/B\"}\n    B: {$ref: \"#/components/schemas/A\"}\n",
            expected: ":6:15: error: This '$ref' leads back to itself without reaching a schema."),
        Case(
            name: "a $dynamicRef to an anchor no schema declares",
            document: header + "paths: {}\ncomponents:\n  schemas:\n    A: {$dynamicRef: \"#nope\"}\n",
            expected: ":6:22: error: This '$dynamicRef' finds no schema with '$dynamicAnchor: nope'."),
        Case(
            name: "a non-OpenAPI document", document: "title: not an API\nitems: [1, 2]\n",
            expected: ":1:1: error: The document has no 'openapi' version."),
        Case(
            name: "a list instead of a document", document: "- a\n- b\n",
            expected: ":1:1: error: An OpenAPI document must be a mapping."),
        Case(
            name: "an empty file", document: "",
            expected: ":1:1: error: the document is empty"),
        Case(
            name: "Swagger 2.0", document: "swagger: \"2.0\"\ninfo: {title: t, version: \"1\"}\npaths: {}\n",
            expected: ":1:10: error: Swagger 2.0 documents are not supported: convert the document to OpenAPI 3."),
        Case(
            name: "OpenAPI 2.5", document: "openapi: 2.5.0\ninfo: {title: t, version: \"1\"}\npaths: {}\n",
            expected: ":1:10: error: OpenAPI 2.5.0 is not supported: use 3.0, 3.1 or 3.2."),
        Case(
            name: "a recursive YAML alias",
            document: header + "paths: {}\ncomponents:\n  schemas:\n    A: &a {type: object, properties: {b: *a}}\n",
            expected: ":6:42: error: alias '*a' refers to a node that contains it; recursive aliases are not supported"),
    ]

    @Test(arguments: cases)
    func malformedInputIsOnePositionedError(_ c: Case) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write("api.yaml", c.document)
        let result = runCommand(["generate", spec, "--output", scratch.file("out")])
        #expect(result.status == 1)
        #expect(
            result.errors == [
                spec
                    + c.expected.replacingOccurrences(of: "%FILE%", with: spec).replacingOccurrences(
                        of: "%DIR%", with: scratch.path)
            ])
        #expect(!FileManager.default.fileExists(atPath: scratch.file("out")))
    }

    /// A property of schema `A` with the given schema, the warning it gives after the document's path,
    /// and the declaration it keeps (optional where a default is not used).
    static func propertyCase(
        _ name: String, _ property: String, _ expected: String, keeps declaration: String
    ) -> RefusedCase {
        RefusedCase(
            name: name,
            document: header
                + "paths: {}\ncomponents:\n  schemas:\n    A:\n      type: object\n      properties:\n        p: \(property)\n",
            expected: expected, declaration: "        public var p: \(declaration)?")
    }

    struct RefusedCase: Sendable, CustomTestStringConvertible {
        var name: String
        var document: String
        var expected: String
        var declaration: String
        var testDescription: String { name }
    }

    static let refused: [RefusedCase] = [
        propertyCase(
            "YAML's null in a list of types", "{type: [string, null]}",
            ":9:28: warning: An unquoted null in 'type' is YAML's null, not a name; it is read as the type 'null' (write 'null').",
            keeps: "MarfaOpenAPIRuntime.Nullable<Swift.String>"),
        RefusedCase(
            name: "a path parameter the operation does not declare",
            document: header + "paths:\n  /b/{id}:\n    get:\n      responses:\n        \"200\": {description: ok}\n",
            expected: ":6:7: warning: The path parameter '{id}' of GET /b/{id} is not declared; it is read as text.",
            declaration: "                public var id: Swift.String"),
        RefusedCase(
            name: "a path parameter declared under another name than the path's",
            document: header
                + "paths:\n  /a/{id}:\n    get:\n      parameters:\n        - {name: item_id, in: path, required: true, schema: {type: integer}}\n      responses:\n        \"200\": {description: ok}\n",
            expected:
                ":7:11: warning: The path parameter 'item_id' is not in the path /a/{id}; it is read as the path's one undeclared parameter '{id}'.",
            declaration: "                public var id: Swift.Int"),
        propertyCase(
            "text for an integer", "{type: integer, default: many}",
            ":9:37: warning: This default cannot be used: expected an integer; the property stays optional.",
            keeps: "Swift.Int"),
        propertyCase(
            "a list for text", "{type: string, default: [a]}",
            ":9:36: warning: This default cannot be used: expected text; the property stays optional.",
            keeps: "Swift.String"),
        propertyCase(
            "an infinite number", "{type: number, default: .inf}",
            ":9:36: warning: This default cannot be used: expected a finite number; the property stays optional.",
            keeps: "Swift.Double"),
        propertyCase(
            "an int32 out of range", "{type: integer, format: int32, default: 3000000000}",
            ":9:52: warning: This default cannot be used: expected an integer from -2147483648 to 2147483647; the property stays optional.",
            keeps: "Swift.Int32"),
        propertyCase(
            "a value not in the enum", "{type: string, enum: [a, b], default: c}",
            ":9:50: warning: This default cannot be used: expected one of the enum's values; the property stays optional.",
            keeps: "Components.Schemas.A.PPayload"),
        propertyCase(
            "an object without a required member",
            "{type: object, required: [x], properties: {x: {type: integer}}, default: {y: 1}}",
            ":9:85: warning: This default cannot be used: the required member 'x' is missing; the property stays optional.",
            keeps: "Components.Schemas.A.PPayload"),
        propertyCase(
            "a member a closed object does not allow",
            "{type: object, additionalProperties: false, properties: {x: {type: integer}}, default: {x: 1, z: 2}}",
            ":9:109: warning: This default cannot be used: the schema allows no member 'z'; the property stays optional.",
            keeps: "Components.Schemas.A.PPayload"),
        propertyCase(
            "a list element of the wrong type", "{type: array, items: {type: integer}, default: [1, x]}",
            ":9:63: warning: This default cannot be used: expected an integer; the property stays optional.",
            keeps: "[Swift.Int]"),
        propertyCase(
            "a value that fits no branch", "{oneOf: [{type: integer}, {type: boolean}], default: text}",
            ":9:65: warning: This default cannot be used: it fits none of the union's branches; the property stays optional.",
            keeps: "Components.Schemas.A.PPayload"),
        propertyCase(
            "a date-time that is not RFC 3339", "{type: string, format: date-time, default: \"2024-01-01 noon\"}",
            ":9:55: warning: This default cannot be used: expected an RFC 3339 date-time; the property stays optional.",
            keeps: "Foundation.Date"),
        propertyCase(
            "a null default where null is not allowed: no default, a note", "{type: boolean, default: null}",
            ":9:37: note: This default is null, which its schema does not allow: it is read as no default, and the property stays optional.",
            keeps: "Swift.Bool"),
        propertyCase(
            "a date that no calendar has", "{type: string, format: date, default: \"2023-02-29\"}",
            ":9:50: warning: This default cannot be used: expected a date such as 2024-05-31; the property stays optional.",
            keeps: "MarfaOpenAPIRuntime.CalendarDate"),
        RefusedCase(
            name: "a referenced schema's default that does not fit",
            document: header + "paths: {}\ncomponents:\n  schemas:\n    S: {type: string, enum: [a, b], default: c}\n"
                + "    A:\n      type: object\n      properties:\n        p: {$ref: '#/components/schemas/S'}\n",
            expected:
                ":6:46: warning: This default cannot be used: expected one of the enum's values; the property stays optional.",
            declaration: "        public var p: Components.Schemas.S?"),
        RefusedCase(
            name: "a referenced default that makes itself again",
            document: header + "paths: {}\ncomponents:\n  schemas:\n    A:\n      type: object\n      default: {}\n"
                + "      properties:\n        p: {$ref: '#/components/schemas/A'}\n",
            expected:
                ":8:16: warning: This default cannot be used: making it would make it again without end (its type's own defaults"
                + " lead back to it); the property stays optional.",
            declaration: "        public var p: Components.Schemas.A? {"),
        RefusedCase(
            name: "an OpenAPI 3.2 querystring that is not a form",
            document:
                "openapi: 3.2.0\ninfo: {title: t, version: \"1\"}\npaths:\n  /a:\n    get:\n      operationId: find\n"
                + "      parameters:\n"
                + "        - {name: filter, in: querystring, content: {application/json: {schema: {type: object}}}}\n"
                + "      responses:\n        \"204\": {description: ok}\n",
            expected:
                ":8:11: warning: The querystring parameter 'filter' is not a form (application/x-www-form-urlencoded); it is not generated.",
            declaration: "        public struct Input: Swift.Sendable, Swift.Equatable {"),
        RefusedCase(
            name: "a security scheme every operation names and none defines: one warning",
            document: header + "security: [{bearer: []}]\npaths:\n  /a:\n    get:\n      operationId: a\n"
                + "      responses: {\"204\": {description: ok}}\n    put:\n      operationId: b\n"
                + "      responses: {\"204\": {description: ok}}\n",
            expected:
                ":7:7: warning: The security requirement names the scheme 'bearer', which the document does not define (2 operations name it).",
            declaration:
                #"    public static let securityRequirements: [Swift.String: [[Swift.String]]] = ["a": [["bearer"]], "b": [["bearer"]]]"#
        ),
        RefusedCase(
            name: "a discriminated inline branch that names no value",
            document: header + "paths: {}\ncomponents:\n  schemas:\n    A:\n      oneOf:\n"
                + "        - {type: object, properties: {kind: {type: string}}}\n        - {type: object, properties: {kind: {const: b}}}\n"
                + "      discriminator: {propertyName: kind}\n",
            expected:
                ":8:11: warning: This branch does not say its value of the discriminator 'kind' (a 'const' or an 'enum' of text,"
                + " or a 'mapping' to it); the branches are tried in order instead.",
            declaration:
                "            throw MarfaOpenAPIRuntime.OneOfDecodingError(typeName: \"A\", codingPath: decoder.codingPath, errors: errors)"
        ),
    ]

    /// What cannot be expressed is one positioned warning, and what is generated instead compiles: a
    /// default that does not fit (or that Swift cannot spell) leaves its property optional; a
    /// discriminator with an inline branch of unknown value tries the branches in order.
    @Test(arguments: refused)
    func whatCannotBeExpressedIsOnePositionedWarning(_ c: RefusedCase) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try Self.expectOneDiagnostic(c, in: scratch)
    }

    /// Generates `c`'s document in `scratch` and expects its one diagnostic and its declaration;
    /// answers the diagnostic and the document's path.
    static func expectOneDiagnostic(
        _ c: RefusedCase, in scratch: Scratch
    ) throws -> (diagnostics: [Diagnostic], spec: String) {
        let spec = try scratch.write("api.yaml", c.document)
        let output = try Generator.generate(specPath: spec, config: GeneratorConfig())
        #expect(output.diagnostics.map(\.description) == [spec + c.expected])
        let lines = output.files.flatMap { $0.contents.split(separator: "\n").map(String.init) }
        #expect(lines.contains(c.declaration))
        return (output.diagnostics, spec)
    }

    /// Schemas and operations that break the grammar but have one sensible reading.
    static let workedAround: [RefusedCase] = [
        propertyCase(
            "a type name in capitals", "{type: String}", ":9:19: error: The type 'String' is read as 'string'.",
            keeps: "Swift.String"),
        propertyCase(
            "Swagger 2's file type", "{type: file}",
            ":9:19: error: The type 'file' (Swagger 2) is read as a string of bytes (format 'binary').",
            keeps: "Foundation.Data"),
        propertyCase(
            "a format written as the type", "{type: date-time}",
            ":9:19: error: 'date-time' is not a JSON Schema type; it is read as 'string' with the format 'date-time'.",
            keeps: "Foundation.Date"),
        propertyCase(
            "another language's type name", "{type: int64}",
            ":9:19: error: 'int64' is not a JSON Schema type; it is read as 'integer' with the format 'int64'.",
            keeps: "Swift.Int64"),
        propertyCase(
            "an enum written as a mapping of values to descriptions",
            "{type: string, enum: {draft: Drafts, sent: Sent}}",
            ":9:33: error: 'enum' must be a list; the keys of this mapping are read as its values.",
            keeps: "Components.Schemas.A.PPayload"),
        propertyCase(
            "a type that is no type", "{type: 5}",
            ":9:19: error: Unknown type '5' is left out; the value is read as any JSON value.",
            keeps: "MarfaOpenAPIRuntime.OpenAPIValue"),
        propertyCase(
            "a property that is not a schema", "text",
            ":9:12: error: A schema must be an object or a boolean; this one is read as any JSON value.",
            keeps: "MarfaOpenAPIRuntime.OpenAPIValue"),
        RefusedCase(
            name: "a document without info",
            document: "openapi: 3.0.3\npaths:\n  /a:\n    get:\n      responses: {\"204\": {description: ok}}\n",
            expected: ":1:1: error: The document has no 'info'; its title is read as 'API'.",
            declaration: "    public enum GetA: MarfaOpenAPIRuntime.GeneratedOperation {"),
        RefusedCase(
            name: "properties: []",
            document: header + "paths: {}\ncomponents:\n  schemas:\n    A:\n      type: object\n      properties: []\n",
            expected: ":8:19: error: 'properties' must be a mapping; it is ignored.",
            declaration: "    public typealias A = MarfaOpenAPIRuntime.OpenAPIObjectContainer"),
        RefusedCase(
            name: "oneOf that is not a list",
            document: header + "paths: {}\ncomponents:\n  schemas:\n    A: {oneOf: {type: string}}\n",
            expected: ":6:16: error: 'oneOf' must be a list of schemas; it is ignored.",
            declaration: "    public typealias A = MarfaOpenAPIRuntime.OpenAPIValue"),
        RefusedCase(
            name: "a discriminator without a property name",
            document: header
                + "paths: {}\ncomponents:\n  schemas:\n    A:\n      oneOf: [{type: string}, {type: integer}]\n      discriminator: {mapping: {}}\n",
            expected:
                ":8:22: error: A discriminator needs a 'propertyName'; it is ignored, and the branches are tried in order.",
            declaration: "        case integer(Swift.Int)"),
        RefusedCase(
            name: "an unknown query parameter style",
            document: header
                + "paths:\n  /a:\n    get:\n      parameters:\n        - {name: x, in: query, style: fancy, schema: {type: string}}\n      responses:\n        \"200\": {description: ok}\n",
            expected: ":7:39: error: The style 'fancy' is not allowed for a query parameter; it is read as 'form'.",
            declaration: "                public var x: Swift.String?"),
        RefusedCase(
            name: "a style not allowed in a path",
            document: header
                + "paths:\n  /a/{id}:\n    get:\n      parameters:\n        - {name: id, in: path, required: true, style: form, schema: {type: string}}\n      responses:\n        \"200\": {description: ok}\n",
            expected: ":7:55: error: The style 'form' is not allowed for a path parameter; it is read as 'simple'.",
            declaration: "                public var id: Swift.String"),
        RefusedCase(
            name: "an unknown parameter location (Swagger 2's body)",
            document: header
                + "paths:\n  /a:\n    get:\n      parameters:\n        - {name: x, in: body, schema: {type: string}}\n        - {name: y, in: query, schema: {type: string}}\n      responses:\n        \"200\": {description: ok}\n",
            expected:
                ":7:25: error: 'body' is not a parameter location (path, query, querystring, header or cookie); the parameter is left out.",
            declaration: "                public var y: Swift.String?"),
        RefusedCase(
            name: "a status that is not one",
            document: header
                + "paths:\n  /a:\n    get:\n      responses:\n        \"600\": {description: no}\n        \"200\": {description: ok}\n",
            expected:
                ":7:9: error: '600' is not a status code, a range such as 2XX, or 'default'; the response is left out.",
            declaration: "            case ok(Operations.GetA.Output.Ok)"),
        RefusedCase(
            name: "a path without its leading slash",
            document: header
                + "paths:\n  a/{id}:\n    get:\n      parameters:\n        - {name: id, in: path, required: true, schema: {type: string}}\n      responses:\n        \"200\": {description: ok}\n",
            expected: ":4:3: error: A path must start with '/': 'a/{id}' is read as '/a/{id}'.",
            declaration:
                "        let request = MarfaOpenAPIRuntime.HTTPRequest(method: .init(rawValue: \"GET\"), path: \"/a/\\(p0)\")"
        ),
        RefusedCase(
            name: "a path template with RFC 6570's operators",
            document: header
                + "paths:\n  /a/{.ids*}:\n    get:\n      parameters:\n        - {name: ids, in: path, required: true, style: label, explode: true, schema: {type: array, items: {type: integer}}}\n      responses:\n        \"200\": {description: ok}\n",
            expected:
                ":4:3: error: A path template names its parameters plainly: '/a/{.ids*}' is read as '/a/{ids}', each parameter written as its 'style' and 'explode' say (RFC 6570's operators are not OpenAPI's).",
            declaration:
                "        let request = MarfaOpenAPIRuntime.HTTPRequest(method: .init(rawValue: \"GET\"), path: \"/a/\\(p0)\")"
        ),
    ]

    /// What breaks the grammar but has one sensible reading is one positioned error that does not
    /// stop generation: a type spelled in capitals, Swagger 2's `file`, a type or schema that is none,
    /// a keyword of the wrong kind (ignored), a parameter style or location OpenAPI does not define,
    /// a status that is none, a path without its `/`. `--fatal-errors` makes the document refused.
    @Test(arguments: workedAround)
    func whatBreaksTheGrammarButHasOneReadingIsARecoverableError(_ c: RefusedCase) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (diagnostics, spec) = try Self.expectOneDiagnostic(c, in: scratch)
        #expect(diagnostics.allSatisfy { $0.recoverable })
        Self.expectRefusedUnderFatalErrors(spec)
    }

    /// Expects `--fatal-errors` (`fatalErrors`) to refuse the document at `spec`.
    static func expectRefusedUnderFatalErrors(_ spec: String) {
        var strict = GeneratorConfig()
        strict.fatalErrors = true
        #expect(throws: GeneratorError.self) { _ = try Generator.generate(specPath: spec, config: strict) }
    }

    /// A `$ref` to a parameter or a path item that points to nothing is an error that does not stop
    /// generation: what it stands for is left out, the rest generates, and `--fatal-errors` refuses.
    @Test func aDanglingReferenceToAnObjectLeavesItOut() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(
            "api.yaml",
            Self.header + "paths:\n  /gone:\n    $ref: \"#/nowhere\"\n  /a:\n    get:\n      operationId: find\n"
                + "      parameters:\n        - $ref: '#/components/parameters/Gone'\n"
                + "        - {name: q, in: query, schema: {type: string}}\n"
                + "      responses:\n        \"204\": {description: ok}\ncomponents: {parameters: {}}\n")
        let output = try Generator.generate(specPath: spec, config: GeneratorConfig())
        #expect(
            output.diagnostics.map(\.description) == [
                spec
                    + ":5:11: error: $ref '#/nowhere' points to nothing: no key 'nowhere' in the mapping at \(spec):1:1;"
                    + " what it stands for is left out",
                spec + ":10:17: error: $ref '#/components/parameters/Gone' points to nothing: no key 'Gone' in the"
                    + " mapping at \(spec):14:26; what it stands for is left out",
            ])
        #expect(output.diagnostics.allSatisfy { $0.recoverable })
        let text = output.files.map(\.contents).joined(separator: "\n")
        #expect(text.contains("public var q: Swift.String?"))
        #expect(!text.contains("/gone"))
        Self.expectRefusedUnderFatalErrors(spec)
    }

    /// A boolean or number default written as text (`default: "true"`, `"0.0001"`, as some tools
    /// write them) is read as the value it spells, with a note; text that spells no JSON literal
    /// (`"0x10"`) is still refused, and inside a union text stays text.
    @Test func aDefaultWrittenAsTextIsReadAsTheValueItSpells() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(
            "api.yaml",
            Self.header + "paths: {}\ncomponents:\n  schemas:\n    A:\n      type: object\n      properties:\n"
                + "        on: {type: boolean, default: \"true\"}\n        count: {type: integer, default: \"20\"}\n"
                + "        rate: {type: number, default: \"0.0001\"}\n        hex: {type: number, default: \"0x10\"}\n"
                + "        either: {oneOf: [{type: integer}, {type: string}], default: \"5\"}\n")
        let output = try Generator.generate(specPath: spec, config: GeneratorConfig())
        let note = "note: This default is text that spells a value of its schema's type; the value is used."
        #expect(
            output.diagnostics.map(\.description) == [
                spec + ":9:38: " + note, spec + ":10:41: " + note, spec + ":11:39: " + note,
                spec
                    + ":12:38: warning: This default cannot be used: expected a finite number; the property stays optional.",
            ])
        let text = output.files.map(\.contents).joined()
        #expect(
            text.contains(
                "public init(on: Swift.Bool = true, count: Swift.Int = 20, rate: Swift.Double = 0.0001, hex: Swift.Double? = nil, either: Components.Schemas.A.EitherPayload = .string(\"5\"))"
            ))
    }

    @Test func aBooleanOrNumberDefaultOnTextIsTheTextItIsWrittenWith() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(
            "api.yaml",
            Self.header + "paths: {}\ncomponents:\n  schemas:\n    A:\n      type: object\n      properties:\n"
                + "        thinking: {type: string, default: true}\n        version: {type: string, default: 1.10}\n"
                + "        either: {oneOf: [{type: boolean}, {type: string}], default: false}\n")
        let output = try Generator.generate(specPath: spec, config: GeneratorConfig())
        let note = "note: This default is a boolean or a number where its schema is text; its text is used."
        #expect(output.diagnostics.map(\.description) == [spec + ":9:43: " + note, spec + ":10:42: " + note])
        let text = output.files.map(\.contents).joined()
        #expect(
            text.contains(
                "public init(thinking: Swift.String = \"true\", version: Swift.String = \"1.10\", either: Components.Schemas.A.EitherPayload = .boolean(false))"
            ))
    }

    @Test func generateThrowsWithTheLocation() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(
            "api.yaml", Self.header + "paths: {}\ncomponents:\n  schemas:\n    A: {$dynamicRef: \"#nope\"}\n")
        let error = try #require(throws: GeneratorError.self) {
            try Generator.generate(specPath: spec, config: GeneratorConfig())
        }
        #expect(error.diagnostics.count == 1)
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location == SourceLocation(file: spec, line: 6, column: 22))
        #expect(!diagnostic.description.contains("\n"))
    }

    @Test func aMissingFileIsAnError() {
        let result = runCommand(["generate", "/nonexistent/api.yaml", "--output", "/nonexistent/out"])
        #expect(result.status == 1)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.hasPrefix("/nonexistent/api.yaml:1:1: error: cannot read") == true)
    }

    @Test func usageErrorsExitWith64() {
        #expect(runCommand(["generate", "api.yaml"]).status == 64)
        #expect(runCommand(["generate", "api.yaml", "--output"]).status == 64)
        #expect(runCommand(["generate", "api.yaml", "--output", "o", "--mode", "everything"]).status == 64)
        #expect(runCommand(["generate", "api.yaml", "--output", "o", "--shards", "0"]).status == 64)
        #expect(runCommand(["frobnicate"]).status == 64)
        #expect(runCommand([]).status == 64)
        #expect(runCommand(["--help"]).status == 0)
    }

    @Test func aBadConfigurationIsPositioned() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let config = try scratch.write("config.yaml", "spec: api.yaml\ngenerate: [types, everything]\n")
        let result = runCommand(["generate", "--config", config, "--output", scratch.file("out")])
        #expect(result.status == 1)
        #expect(result.errors == ["\(config):2:11: error: Unknown mode 'everything': use types, client or server."])
        let unknown = try scratch.write("unknown.yaml", "spec: api.yaml\nshardz: 3\n")
        #expect(
            runCommand(["generate", "--config", unknown, "--output", scratch.file("out")]).errors == [
                "\(unknown):2:1: error: Unknown setting 'shardz'."
            ])
    }

    /// Every truncation of a valid document is read without a crash: it generates, or it fails with
    /// positioned diagnostics only.
    @Test func truncatedDocumentsNeverCrash() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let text = try String(contentsOfFile: fixturesFolder + "/petstore.yaml", encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for count in stride(from: 0, to: lines.count, by: 3) {
            let spec = try scratch.write("cut\(count).yaml", lines.prefix(count).joined(separator: "\n") + "\n  ]: {\n")
            let result = runCommand(["generate", spec, "--output", scratch.file("out\(count)")])
            #expect(result.status == 1)
            #expect(!result.errors.isEmpty)
            #expect(
                result.errors.allSatisfy {
                    $0.hasPrefix(spec + ":") && $0.contains(": error: ") || $0.contains(": warning: ")
                        || $0.contains(": note: ")
                })
        }
    }
}
