import Foundation
import Testing

@testable import MarfaOpenAPIGenerator

/// A body the generator keeps as raw `HTTPBody` though the document describes its structure is said,
/// once per operation, as a note at the first such body.
@Suite struct UndecodedBodyTests {
    @Test func anXMLBodyWithASchemaIsOneNotePerOperation() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(
            "api.yaml",
            """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /books:
                post:
                  operationId: addBook
                  requestBody:
                    content:
                      application/xml: {schema: {$ref: '#/components/schemas/Book'}}
                      application/json: {schema: {$ref: '#/components/schemas/Book'}}
                  responses:
                    '200':
                      description: Added.
                      content:
                        application/xml: {schema: {$ref: '#/components/schemas/Book'}}
                        text/csv: {schema: {type: array, items: {type: string}}}
                get:
                  operationId: listBooks
                  responses:
                    '200':
                      description: Plain bytes and text are raw without a note.
                      content:
                        application/octet-stream: {schema: {type: string, format: binary}}
                        text/plain: {schema: {type: string}}
            components:
              schemas:
                Book: {type: object, properties: {title: {type: string}}}
            """)
        let output = try Generator.generate(specPath: spec, config: allModes())
        #expect(
            output.diagnostics.map(\.description) == [
                "\(spec):9:11: note: 'addBook' sends and reads 'application/xml', 'text/csv' bodies as raw HTTPBody: the generator decodes JSON, URL-encoded form and multipart bodies only."
            ])
        #expect(output.files.map(\.contents).joined().contains("case xml(MarfaOpenAPIRuntime.HTTPBody)"))
    }
}
