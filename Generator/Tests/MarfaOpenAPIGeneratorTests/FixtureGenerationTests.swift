import Foundation
import Testing

@testable import MarfaOpenAPIGenerator

/// What each feature fixture of GeneratedFixtureTests generates: no diagnostic, and the declaration
/// that carries the feature. (GeneratedFixtureTests compiles the same output and round-trips it.)
@Suite struct FixtureGenerationTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("GeneratedFixtureTests/Fixtures").path

    static let expectations: [(String, [String])] = [
        (
            "accept",
            [
                "enum AcceptableContentType: MarfaOpenAPIRuntime.AcceptableProtocol {",
                "= .defaultValues()", "c.accept(&request, input.headers.accept)", "return [.json, .plainText]",
            ]
        ),
        (
            "shared",
            [
                "typealias JsonPayload = Operations.CreateBooking.Output.Created.Body.JsonPayload",
                "typealias JsonPayloadItem = Components.Responses.BadRequest.Body.JsonPayload",
                "typealias JsonPayload = Operations.ListCancellations.Output.Ok.Body.JsonPayloadItemPayload",
            ]
        ),
        (
            "nullable",
            [
                "internal var middleName: Swift.String?",
                "internal var nickname: MarfaOpenAPIRuntime.Nullable<Swift.String>?",
                "try container.encode(self.middleName, forKey: \"middleName\")",
            ]
        ),
        (
            "typearrays",
            [
                "internal var scores: MarfaOpenAPIRuntime.Nullable<[Swift.Int]>?", "case string(Swift.String)",
                "case integer(Swift.Int)",
            ]
        ),
        ("const", ["internal var kind: Components.Schemas.Circle.KindPayload", "case circle", "case _2"]),
        (
            "enums",
            [
                "case darkBlue", "case \"dark-blue\": self = .darkBlue", "case unknown(Swift.String)",
                "case unknown(Swift.Int)", "default: self = .unknown(rawValue)",
            ]
        ),
        (
            "defaults",
            [
                "pageSize: Swift.Int = 20", "mode: Components.Schemas.Settings.ModePayload = .safe",
                "forKey: \"theme\") ?? \"light\"",
            ]
        ),
        (
            "composition",
            [
                "internal var email: Swift.String?", "internal enum StringOrNumber", "internal struct NamedOrAged",
                "internal var value1: Components.Schemas.Named?",
            ]
        ),
        (
            "discriminator",
            [
                "case \"kitty\": self = .cat(", "case \"puppy\": self = .dog(", "case \"Cat\": self = .cat(",
                "case \"Dog\": self = .dog(",
            ]
        ),
        (
            "additional",
            [
                "internal var additionalProperties: [Swift.String: MarfaOpenAPIRuntime.OpenAPIValue]",
                "internal var additionalProperties: [Swift.String: Swift.Int]",
                "try decoder.ensureNoAdditionalProperties(knownKeys: [\"id\"])",
            ]
        ),
        (
            "freeform",
            [
                "internal var payload: MarfaOpenAPIRuntime.OpenAPIValue",
                "internal var metadata: MarfaOpenAPIRuntime.OpenAPIObjectContainer?",
            ]
        ),
        (
            "recursion",
            [
                "private var _parent: MarfaOpenAPIRuntime.Box<Components.Schemas.TreeNode>?",
                "internal var children: [Components.Schemas.TreeNode]?", "internal indirect enum Expr",
            ]
        ),
        (
            "readwrite",
            ["internal var id: Swift.String?", "internal var password: Swift.String?", "Read-only", "Write-only"]
        ),
        (
            "hygiene",
            [
                "internal var _public: Swift.String? {", "private var __public: Swift.String?",
                "try container.encode(self.container, forKey: \"container\")",
            ]
        ),
        (
            "formats",
            [
                "Foundation.Date", "MarfaOpenAPIRuntime.CalendarDate", "Swift.Int32", "Swift.Int64",
                "MarfaOpenAPIRuntime.Base64EncodedData", "Foundation.Data?",
            ]
        ),
        (
            "dates",
            [
                "try container.decodeRFC3339(Foundation.Date.self, forKey: \"at\")",
                "try container.encodeRFC3339IfPresent(self.cancelledAt, forKey: \"cancelledAt\")",
                "decodeRFC3339AdditionalProperties", "Foundation.Date(timeIntervalSince1970: 1767254400.5)",
                "try Foundation.Date(rfc3339From: decoder)",
            ]
        ),
        (
            "dynamicrefs",
            [
                "internal var children: [Components.Schemas.LabeledTree]?",
                "private var _parent: MarfaOpenAPIRuntime.Box<Components.Schemas.LabeledTree>?",
                "internal var children: [Components.Schemas.Tree]?",
                "internal var subcategories: [Components.Schemas.Category]?",
                "internal var tree: Components.Schemas.Tree?",
            ]
        ),
        (
            "parameters",
            [
                "style: .matrix, explode: true", "style: .deepObject, explode: true",
                "style: .spaceDelimited, explode: false", "style: .pipeDelimited, explode: false",
                "try c.cookie(&request, \"tags\", input.cookies.tags, explode: true)",
                "try c.query(&request, \"search\", input.query.search, style: .form, explode: true)",
            ]
        ),
        (
            "bodies",
            [
                "case urlEncodedForm(Components.Schemas.Login)",
                "case multipartForm(MarfaOpenAPIRuntime.MultipartBody)", "case binary(MarfaOpenAPIRuntime.HTTPBody)",
                "case plainText(MarfaOpenAPIRuntime.HTTPBody)",
            ]
        ),
        (
            "responses",
            [
                "case 200...299: return .successful(statusCode:",
                "case 404: return .notFound(try await Components.Responses.NotFound.decoded(",
                "internal var xRateLimit: Swift.Int", "default: return .`default`(statusCode:",
            ]
        ),
        (
            "streaming",
            ["case textEventStream(MarfaOpenAPIRuntime.HTTPBody)", "case jsonLines(MarfaOpenAPIRuntime.HTTPBody)"]
        ),
        (
            "servers",
            [
                "internal static func url(region: Swift.String = \"eu\", port: Swift.String = \"8443\", basePath: Swift.String = \"v1\") throws -> Foundation.URL",
                "internal static let regionValues: [Swift.String] = [\"eu\", \"us\"]",
            ]
        ),
        (
            "multifile",
            [
                "internal struct Note: Swift.Codable", "internal var notes: [Components.Schemas.Note]?",
                "case notFound(Components.Responses.NotFound)",
            ]
        ),
        (
            "components",
            [
                "internal typealias WidgetId = Swift.String", "internal typealias RateLimit = Swift.Int",
                "internal struct Leftover: Swift.Codable",
            ]
        ),
        (
            "security",
            [
                "func getSecret(_ input: Operations.GetSecret.Input)",
                "func getKeyed(_ input: Operations.GetKeyed.Input)",
            ]
        ),
        (
            "headers",
            [
                "internal var rateLimit: Swift.String?", "internal var xTags: [Swift.String]?",
                "internal var cacheControl: Swift.String?",
            ]
        ),
        (
            "webhooks",
            [
                "internal protocol WebhookHandler",
                "func newPet(_ input: Webhooks.NewPet.Input) async throws -> Webhooks.NewPet.Output",
                "internal enum Callbacks {",
                "func createSubscriptionOnEvent(_ input: Operations.CreateSubscription.Callbacks.OnEvent.Input)",
                "\"/createSubscription/statusChanged/2\"",
            ]
        ),
    ]

    @Test(arguments: expectations.map(\.0))
    func fixtureGenerates(_ name: String) throws {
        let spec = Self.folder + "/\(name).yaml"
        let output = try Generator.generate(specPath: spec, config: allModes())
        let notes = output.diagnostics.filter { $0.severity == .note }
        #expect(output.diagnostics.count == notes.count, "unexpected diagnostics: \(output.diagnostics)")
        let text = output.files.map(\.contents).joined()
        for line in Self.expectations.first(where: { $0.0 == name })!.1 {
            #expect(text.contains(line), "\(name).yaml does not generate \(line)")
        }
    }

    @Test func everyFixtureIsListedInTheConfiguration() throws {
        let config = try String(contentsOfFile: Self.folder + "/../openapi-generator-config.yaml", encoding: .utf8)
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".yaml") }
            .sorted()
        #expect(files == Self.expectations.map { $0.0 + ".yaml" }.sorted())
        for file in files { #expect(config.contains("spec: Fixtures/\(file),"), "\(file) is not in the configuration") }
    }
}
