import Foundation
import MarfaAPI
import MarfaOpenAPIRuntime
import Testing

/// The code of the generator's articles (marfa-openapi.docc), against the Swift it generated for
/// `MarfaAPI` from openapi/marfa.yaml: a raw client made without a `Server`.
@Suite struct GeneratorSnippets {
    static func rawClient(url: URL, apiKey: String) async throws -> [Components.Schemas.AuditEntry] {
        // snippet.begin: generator-client
        let auth = AuthenticationMiddleware(
            schemes: Components.SecuritySchemes.all,
            requirements: Operations.securityRequirements,
            credential: { scheme in scheme == "bearerAuth" ? .bearer(apiKey) : nil })
        let client = Client(serverURL: url, transport: Server.defaultTransport, middlewares: [auth])

        let log = try await client.listAuditLog().ok.body.json  // Operations.ListAuditLog.Output
        // snippet.end
        return log.data
    }

    static func everyAnswer(client: Client) async throws -> String {
        // snippet.begin: generator-output
        switch try await client.getInstance() {
        case .ok(let ok):
            return try ok.body.json.name
        case .undocumented(let statusCode, _):
            return "The server answered \(statusCode), which the document doesn't describe."
        default:
            return "Another documented answer, such as tooManyRequests."
        }
        // snippet.end
    }

    static func schemaValues() -> Components.Schemas.TypeDefinitionInput {
        // snippet.begin: generator-schema-values
        let title = Components.Schemas.FieldDefinition(_type: .string, required: true)  // `type` is a keyword
        let definition = Components.Schemas.TypeDefinitionInput(
            fields: .init(additionalProperties: ["title": title]),  // additionalProperties: a schema
            id: "app.readinglist.entry")
        // snippet.end
        return definition
    }

    @Test func aRawClientWithTheKeyReadsTheAuditLog() async throws {
        try await SnippetInstance.with { url, key in
            try await Client(Server(url: url, key: key)).register(itemType: Self.schemaValues())
            let entries = try await Self.rawClient(url: url, apiKey: key)
            #expect(!entries.isEmpty)
            let client = Client(serverURL: url, transport: Server.defaultTransport)
            #expect(try await Self.everyAnswer(client: client) == "Marfa (local)")
        }
    }
}
