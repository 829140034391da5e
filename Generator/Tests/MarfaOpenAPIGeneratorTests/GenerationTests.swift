import Foundation
import MarfaYAML
import Testing

@testable import MarfaOpenAPIGenerator

/// What the generator writes for a document, run in process.
@Suite struct GenerationTests {
    let petstore = fixturesFolder + "/petstore.yaml"

    @Test func aDiscriminatorWithMappingDecodesTheMappedValues() throws {
        let text = try generatedText(petstore, allModes())
        #expect(text.contains("internal enum Pet: Swift.Codable, Swift.Hashable, Swift.Sendable {"))
        #expect(text.contains("case cat(Components.Schemas.Cat)"))
        #expect(text.contains("case dog(Components.Schemas.Dog)"))
        #expect(text.contains("case unknown(MarfaOpenAPIRuntime.OpenAPIObjectContainer)"))
        #expect(text.contains("switch try container.decode(Swift.String.self, forKey: \"petType\") {"))
        #expect(text.contains("case \"kitty\": self = .cat(try .init(from: decoder))"))
        #expect(text.contains("case \"doggo\": self = .dog(try .init(from: decoder))"))
        #expect(!text.contains("case \"Cat\":"))
    }

    @Test func aNullableOptionalPropertyIsNullable() throws {
        let text = try generatedText(petstore, allModes())
        #expect(text.contains("internal var nickname: MarfaOpenAPIRuntime.Nullable<Swift.String>?"))
        #expect(text.contains("internal var code: MarfaOpenAPIRuntime.Nullable<Swift.Int>?"))
        #expect(text.contains("internal var born: MarfaOpenAPIRuntime.CalendarDate?"))
    }

    @Test func operationsGetInputOutputClientAndServer() throws {
        let text = try generatedText(petstore, allModes(access: .public))
        #expect(text.contains("public protocol APIProtocol: Swift.Sendable"))
        #expect(text.contains("public struct Client: APIProtocol"))
        #expect(
            text.contains(
                "public func listPets(_ input: Operations.ListPets.Input) async throws -> Operations.ListPets.Output"))
        #expect(text.contains("public var limit: Swift.Int32?"))
        #expect(
            text.contains("try c.query(&request, \"tags\", input.query.tags, style: .pipeDelimited, explode: false)"))
        #expect(text.contains("let p0 = try c.path(input.path.petId, name: \"petId\", style: .label, explode: false)"))
        #expect(text.contains("case 200...299: return .successful(statusCode: response.status"))
        #expect(text.contains("default: return .`default`(statusCode: response.status"))
        #expect(text.contains("public func registerHandlers(on transport: any MarfaOpenAPIRuntime.ServerTransport"))
        #expect(
            text.contains(
                "try registrar.register(on: transport, .init(rawValue: \"GET\"), \"/pets/{petId}\", operationID: Operations.ShowPetById.id)"
            ))
        #expect(text.contains("public static func url(region: Swift.String = \"eu\") throws -> Foundation.URL"))
    }

    @Test func modesChooseWhatIsWritten() throws {
        var types = GeneratorConfig()
        types.modes = [.types]
        let typesOnly = try generatedText(petstore, types)
        #expect(typesOnly.contains("enum Pet"))
        #expect(!typesOnly.contains("struct Client"))
        #expect(!typesOnly.contains("func registerHandlers"))
        var client = GeneratorConfig()
        client.modes = [.client]
        let clientOnly = try generatedText(petstore, client)
        #expect(clientOnly.contains("struct Client: Swift.Sendable"))
        #expect(!clientOnly.contains("func registerHandlers"))
    }

    @Test func aNamespaceHoldsEverything() throws {
        var config = allModes()
        config.namespace = "Store"
        let text = try generatedText(petstore, config)
        #expect(text.contains("internal enum Store {}"))
        #expect(text.contains("extension Store.Components.Schemas {"))
        #expect(text.contains("extension Store.Client {"))
        #expect(text.contains("case cat(Store.Components.Schemas.Cat)"))
    }

    @Test func twoRunsAreByteIdentical() throws {
        let first = try Generator.generate(specPath: petstore, config: allModes())
        let second = try Generator.generate(specPath: petstore, config: allModes())
        #expect(first.files == second.files)

        let scratch = try Scratch()
        defer { scratch.remove() }
        for folder in ["a", "b"] {
            #expect(
                runCommand([
                    "generate", petstore, "--output", scratch.file(folder), "--mode", "types", "--mode", "client",
                    "--mode", "server",
                ]).status == 0)
        }
        for index in 0..<8 {
            let a = FileManager.default.contents(atPath: scratch.file("a/Generated\(index).swift"))
            let b = FileManager.default.contents(atPath: scratch.file("b/Generated\(index).swift"))
            #expect(a != nil)
            #expect(a == b)
        }
    }

    @Test func outputIsShardedIntoEightFiles() throws {
        let output = try Generator.generate(specPath: petstore, config: allModes())
        #expect(output.files.map(\.name) == (0..<8).map { "Generated\($0).swift" })
        for file in output.files {
            #expect(file.contents.contains("import Foundation"))
            #expect(file.contents.contains("import MarfaOpenAPIRuntime"))
        }
        #expect(
            output.files.filter { $0.contents.contains("enum ListPets: MarfaOpenAPIRuntime.GeneratedOperation {") }
                .count == 1)

        var three = allModes()
        three.shards = 3
        let fewer = try Generator.generate(specPath: petstore, config: three)
        #expect(fewer.files.map(\.name) == ["Generated0.swift", "Generated1.swift", "Generated2.swift"])
        // The same declarations, spread over fewer files.
        let declarations = { (files: [Generator.File]) in
            files.flatMap { $0.contents.split(separator: "\n") }.filter {
                !$0.hasPrefix("import ") && !$0.hasPrefix("//")
            }.sorted()
        }
        #expect(declarations(fewer.files) == declarations(output.files))

        let scratch = try Scratch()
        defer { scratch.remove() }
        #expect(runCommand(["generate", petstore, "--output", scratch.path, "--shards", "8"]).status == 0)
        let written = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
        #expect(written == (0..<8).map { "Generated\($0).swift" })
    }

    @Test func validationKeywordsOfEveryJSONSchemaDraftAreSilent() throws {
        let (run, _, _) = try generate(
            document: """
                openapi: 3.1.0
                info: {title: t, version: "1"}
                paths: {}
                components:
                  schemas:
                    A:
                      type: object
                      properties: {card: {type: string}, tags: {type: array, items: {type: string}, additionalItems: false}}
                      dependencies: {card: [billing]}
                      dependentRequired: {card: [billing]}
                      dependentSchemas: {card: {required: [billing]}}
                      if: {required: [card]}
                      then: {required: [billing]}
                      unevaluatedProperties: false

                """, ["--strict"])
        #expect(run.errors == [])
        #expect(run.status == 0)
    }

    @Test func aPlainNameFragmentNamesTheSchemaDeclaringThatAnchor() throws {
        let (run, _, text) = try generate(
            document: """
                openapi: 3.1.0
                info: {title: t, version: "1"}
                jsonSchemaDialect: https://json-schema.org/draft/2020-12/schema
                paths: {}
                components:
                  schemas:
                    Thing:
                      $id: https://example.com/thing
                      type: object
                      $defs:
                        Size: {$anchor: size, type: integer}
                      properties:
                        size: {$ref: '#size'}
                        other: {$ref: 'https://example.com/thing#size'}

                """, ["--mode", "types", "--strict"])
        #expect(run.errors == [])
        #expect(run.status == 0)
        #expect(text.contains("var size: Components.Schemas.Size?"))
        #expect(text.contains("var other: Components.Schemas.Size?"))
    }

    @Test func aTupleOfOneTypeIsANoteAndAMixedTupleAWarning() throws {
        let (run, spec, _) = try generate(
            document: """
                openapi: 3.1.0
                info: {title: t, version: "1"}
                paths: {}
                components:
                  schemas:
                    Point: {type: array, prefixItems: [{type: number}, {type: number}], items: false}
                    Pair: {type: array, prefixItems: [{type: string}, {type: integer}]}
                    Old: {type: array, items: [{type: string}, {type: string}]}

                """)
        #expect(run.status == 0)
        #expect(
            run.errors == [
                "\(spec):6:26: note: 'prefixItems' (a tuple) is read as a list of its members' one type; its length is not checked.",
                "\(spec):7:25: warning: 'prefixItems' (a tuple) is read as a list of free-form values.",
                "\(spec):8:31: note: A list of 'items' schemas (tuple form) is read as a list of its members' one type; its length is not checked.",
            ])
    }

    @Test func strictFailsOnAWarning() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(
            "api.yaml",
            "openapi: 3.0.3\ninfo: {title: t, version: \"1\"}\npaths: {}\ncomponents:\n  schemas:\n    A:\n      type: object\n      frobnicate: 1\n"
        )
        let warning = "\(spec):8:7: warning: The schema keyword 'frobnicate' is not supported and is ignored."
        let lenient = runCommand(["generate", spec, "--output", scratch.file("lenient")])
        #expect(lenient.status == 0)
        #expect(lenient.errors == [warning])
        let strict = runCommand(["generate", spec, "--output", scratch.file("strict"), "--strict"])
        #expect(strict.status == 1)
        #expect(strict.errors == [warning])
        #expect(!FileManager.default.fileExists(atPath: scratch.file("strict")))

        var config = GeneratorConfig()
        config.strict = true
        let error = try #require(throws: GeneratorError.self) { try Generator.generate(specPath: spec, config: config) }
        #expect(error.diagnostics.map(\.severity) == [.warning])
        #expect(error.diagnostics.first?.location == SourceLocation(file: spec, line: 8, column: 7))
    }

    @Test func onlyComponentsAnEmittedOperationUsesAreDeclared() throws {
        let spec = FixtureGenerationTests.folder + "/components.yaml"
        let all = try generatedText(spec, allModes())
        for used in [
            "typealias WidgetId = Swift.String", "typealias Verbose = Swift.Bool", "typealias PageSize = Swift.Int",
            "typealias RateLimit = Swift.Int", "typealias Total = Swift.Int", "struct WidgetFound: ",
            "struct Missing: ",
            // Used by the webhook and by getWidget's callback only.
            "typealias Signature = Swift.String", "struct Accepted: ", "typealias Seen = Swift.Int",
        ] {
            #expect(all.contains(used), "\(used) is missing")
        }
        #expect(all.contains("extension Components.Responses.WidgetFound {"))
        // Unused: a parameter, a header, a response, and a header only that response uses.
        for unused in ["Colour", "typealias Trace", "Retired", "struct Gone"] {
            #expect(!all.contains(unused), "\(unused) is declared")
        }
        // Component schemas are declared whether or not an operation uses them.
        #expect(all.contains("internal struct Leftover: Swift.Codable"))

        var oneOperation = allModes()
        oneOperation.filter.includeOperations = ["getWidget"]
        let filtered = try generatedText(spec, oneOperation)
        for used in [
            "typealias WidgetId", "typealias Verbose", "typealias RateLimit", "struct WidgetFound: ",
            "struct Missing: ",
            "typealias Signature", "struct Accepted: ", "typealias Seen",
        ] {
            #expect(filtered.contains(used), "\(used) is missing")
        }
        for dropped in ["PageSize", "typealias Total", "Colour", "struct Gone"] {
            #expect(!filtered.contains(dropped), "\(dropped) is declared")
        }

        var byTag = allModes()
        byTag.filter.includeTags = ["Gadgets"]
        let tagged = try generatedText(spec, byTag)
        // Webhooks are generated whatever the filter keeps; a callback goes with its operation.
        for used in [
            "typealias PageSize = Swift.Int", "typealias Total = Swift.Int", "typealias Signature", "struct Accepted: ",
        ] {
            #expect(tagged.contains(used), "\(used) is missing")
        }
        for dropped in ["WidgetId", "Verbose", "RateLimit", "WidgetFound", "struct Missing", "typealias Seen"] {
            #expect(!tagged.contains(dropped), "\(dropped) is declared")
        }
    }

    @Test func theFilterKeepsOnlyChosenOperations() throws {
        var byOperation = allModes()
        byOperation.filter.includeOperations = ["showPetById"]
        let one = try generatedText(petstore, byOperation)
        #expect(one.contains("func showPetById(_ input: Operations.ShowPetById.Input)"))
        #expect(!one.contains("func listPets("))
        #expect(!one.contains("func createPet("))
        #expect(!one.contains("func health("))
        #expect(!one.contains("enum ListPets"))

        var byTag = allModes()
        byTag.filter.includeTags = ["pets"]
        byTag.filter.excludeTags = ["admin"]
        let tagged = try generatedText(petstore, byTag)
        #expect(tagged.contains("func listPets(_ input:"))
        #expect(tagged.contains("func showPetById(_ input:"))
        #expect(!tagged.contains("func createPet(_ input:"))
        #expect(!tagged.contains("func health(_ input:"))

        var byPath = allModes()
        byPath.filter.includePaths = ["/health"]
        let health = try Generator.generate(specPath: petstore, config: byPath)
        let healthText = health.files.map(\.contents).joined()
        #expect(healthText.contains("func health(_ input:"))
        #expect(!healthText.contains("func listPets(_ input:"))
        #expect(health.diagnostics.isEmpty)

        var none = allModes()
        none.filter.includeOperations = ["nothing"]
        let empty = try Generator.generate(specPath: petstore, config: none)
        #expect(empty.diagnostics.map(\.description) == ["\(petstore):1:1: warning: The filter keeps no operation."])
    }

    @Test func aConfigurationFilterIsRead() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let config = try scratch.write(
            "config.yaml",
            """
            spec: \(petstore)
            generate: [types, client]
            access: package
            filter:
              operations: [listPets, health]
              exclude: {operations: [health]}
            """)
        let result = runCommand(["generate", "--config", config, "--output", scratch.file("out")])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        let text = try (0..<8).map {
            try String(contentsOfFile: scratch.file("out/Generated\($0).swift"), encoding: .utf8)
        }.joined()
        #expect(text.contains("package func listPets(_ input: Operations.ListPets.Input)"))
        #expect(!text.contains("func health("))
        #expect(!text.contains("func createPet("))
    }

    @Test func aTargetListGeneratesEachDocumentInItsNamespace() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.write(
            "small.yaml",
            "openapi: 3.1.0\ninfo: {title: t, version: \"1\"}\npaths: {}\ncomponents:\n  schemas:\n    Cat: {type: object, properties: {name: {type: string}}}\n"
        )
        let config = try scratch.write(
            "config.yaml",
            """
            targets:
              Fixtures:
                - {spec: \(petstore), namespace: Store, generate: [types, client, server], access: internal}
                - {spec: small.yaml, namespace: Small, generate: [types], access: internal}
            """)
        let result = runCommand([
            "generate", "--config", config, "--target", "Fixtures", "--output", scratch.file("out"),
        ])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        let files = try (0..<8).map {
            try String(contentsOfFile: scratch.file("out/Generated\($0).swift"), encoding: .utf8)
        }
        let text = files.joined()
        #expect(text.contains("internal enum Store {}"))
        #expect(text.contains("internal enum Small {}"))
        #expect(text.contains("extension Store.Components.Schemas {\n    internal enum Pet"))
        #expect(text.contains("extension Small.Components.Schemas {\n    internal struct Cat"))
        #expect(files.allSatisfy { $0.components(separatedBy: "import Foundation\n").count == 2 })
        #expect(
            runCommand(["generate", "--config", config, "--target", "Other", "--output", scratch.file("out")]).status
                == 1)
    }

    @Test func oneOfContainingItselfSkipsItselfWhenDecoding() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(
            "api.yaml",
            """
            openapi: 3.0.3
            info: {title: t, version: "1"}
            paths: {}
            components:
              schemas:
                Expr:
                  oneOf:
                    - {type: integer}
                    - {$ref: '#/components/schemas/Expr'}
            """)
        let text = try generatedText(spec)
        #expect(text.contains("public indirect enum Expr"))
        #expect(text.contains("case expr(Components.Schemas.Expr)"))
        #expect(text.contains("do { self = .integer(try Swift.Int(from: decoder)); return }"))
        #expect(!text.contains("do { self = .expr("))
    }
}
