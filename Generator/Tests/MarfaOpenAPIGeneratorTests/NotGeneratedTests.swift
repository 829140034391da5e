import Foundation
import Testing

@testable import MarfaOpenAPIGenerator

/// Nothing in a document is dropped without a word: every key of OpenAPI 3.0, 3.1 and 3.2 that the
/// generator does not turn into code, and every key that is not OpenAPI's, is a positioned warning
/// saying what is not generated. Documentation keys and extensions (`x-`) are read quietly.
@Suite struct NotGeneratedTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// The document after its `openapi` and `info` lines.
        var body: String
        /// The text the warning's position points at: its first occurrence in the document.
        var marker: String
        var message: String
        var testDescription: String { name }
    }

    static let header = "openapi: 3.1.0\ninfo: {title: t, version: \"1\"}\n"
    static let ok = "      responses: {\"200\": {description: ok}}\n"

    static let cases: [Case] = [
        Case(
            name: "a misspelt top-level key", body: "paths: {}\nwebhook: {}\n", marker: "webhook:",
            message: "'webhook' is not a key of an OpenAPI document and is ignored."),
        Case(
            name: "another JSON Schema dialect",
            body: "jsonSchemaDialect: 'http://json-schema.org/draft-07/schema#'\npaths: {}\n",
            marker: "'http://json-schema.org",
            message:
                "The JSON Schema dialect 'http://json-schema.org/draft-07/schema#' is not read: schemas are read as OpenAPI 3.1's base dialect."
        ),
        Case(
            name: "$self (3.2)", body: "$self: 'https://example.com/api.yaml'\npaths: {}\n", marker: "$self",
            message: "'$self' is not read: a relative $ref is resolved against the path of the file it is in."),
        Case(
            name: "an unknown kind of component", body: "paths: {}\ncomponents:\n  schema: {}\n", marker: "schema:",
            message: "'schema' is not a kind of component and is ignored."),
        Case(
            name: "an unknown operation key", body: "paths:\n  /a:\n    get:\n      operationID: a\n" + ok,
            marker: "operationID",
            message: "'operationID' in an operation is not an OpenAPI key and is ignored."),
        Case(
            name: "an unknown path item key", body: "paths:\n  /a:\n    fetch: {}\n", marker: "fetch",
            message: "'fetch' in a path item is not an HTTP method and is ignored."),
        Case(
            name: "a standard method in additionalOperations (3.2)",
            body: "paths:\n  /a:\n    additionalOperations:\n      POST:\n  " + ok, marker: "POST",
            message:
                "'POST' in additionalOperations is a method with a key of its own in the path item; it is left out."),
        Case(
            name: "a name that is no HTTP method in additionalOperations (3.2)",
            body: "paths:\n  /a:\n    additionalOperations:\n      'NOT A METHOD':\n  " + ok, marker: "'NOT A METHOD'",
            message: "'NOT A METHOD' in additionalOperations is not an HTTP method name; it is left out."),
        Case(
            name: "security of a webhook",
            body: "paths: {}\nwebhooks:\n  hook:\n    post:\n      security: [{key: []}]\n" + ok,
            marker: "[{key",
            message:
                "The security requirements of the webhook 'hook' (POST) are not generated: check the credentials it arrives with in a ServerMiddleware."
        ),
        Case(
            name: "security of several webhooks: one warning, at the first",
            body:
                "paths: {}\nwebhooks:\n  one:\n    post:\n      security: [{key: []}]\n" + ok
                + "  two:\n    post:\n      security: [{other: []}]\n" + ok
                + "  three:\n    post:\n      security: [{other: []}]\n" + ok,
            marker: "[{key",
            message:
                "The security requirements of the webhook 'one' (POST) and 2 other webhooks and callbacks are not generated: check the credentials they arrive with in a ServerMiddleware."
        ),
        Case(
            name: "security of two webhooks",
            body:
                "paths: {}\nwebhooks:\n  one:\n    post:\n      security: [{key: []}]\n" + ok
                + "  two:\n    post:\n      security: [{other: []}]\n" + ok,
            marker: "[{key",
            message:
                "The security requirements of the webhook 'one' (POST) and 1 other webhook or callback are not generated: check the credentials they arrive with in a ServerMiddleware."
        ),
        Case(
            name: "callbacks of a webhook",
            body:
                "paths: {}\nwebhooks:\n  hook:\n    post:\n      callbacks: {back: {'{$url}': {post: {responses: {\"200\": {description: ok}}}}}}\n"
                + ok,
            marker: "{back",
            message: "The callbacks of the webhook 'hook' (POST) are not generated."),
        Case(
            name: "security of a callback",
            body:
                "paths:\n  /a:\n    post:\n      callbacks: {back: {'{$url}': {post: {security: [], responses: {\"200\": {description: ok}}}}}}\n"
                + ok,
            marker: "[], responses",
            message:
                "The security requirements of the callback 'back' of 'post_a' (POST) are not generated: check the credentials it arrives with in a ServerMiddleware."
        ),
    ]

    @Test(arguments: cases)
    func whatIsNotGeneratedIsAPositionedWarning(_ c: Case) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let text = Self.header + c.body
        let spec = try scratch.write("api.yaml", text)
        let output = try Generator.generate(specPath: spec, config: allModes())
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains(c.marker) })
        let column = try #require(lines[line].range(of: c.marker)).lowerBound.utf16Offset(in: lines[line]) + 1
        #expect(
            output.diagnostics.filter { $0.severity != .note }.map(\.description) == [
                "\(spec):\(line + 1):\(column): warning: \(c.message)"
            ])
    }

    @Test func documentationAndExtensionsAreReadQuietly() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(
            "api.yaml",
            Self.header + """
                jsonSchemaDialect: https://spec.openapis.org/oas/3.1/dialect/base
                tags: [{name: a, description: A.}]
                externalDocs: {url: 'https://example.com/docs'}
                x-top: 1
                paths:
                  x-paths: 1
                  /a:
                    summary: A.
                    description: The A.
                    x-item: 1
                    get:
                      tags: [a]
                      externalDocs: {url: 'https://example.com/a'}
                      x-operation: 1
                      responses: {"200": {description: ok}}
                webhooks:
                  x-hooks: 1
                  hook:
                    post:
                      responses: {"204": {description: ok}}
                components:
                  x-components: 1
                  examples: {E: {value: 1}}

                """)
        #expect(try Generator.generate(specPath: spec, config: allModes()).diagnostics.map(\.description) == [])
    }
}
