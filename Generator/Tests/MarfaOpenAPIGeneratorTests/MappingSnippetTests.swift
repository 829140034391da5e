import Foundation
import Testing

@testable import MarfaOpenAPIGenerator

/// One test per row of the README's mapping table ("What it maps"): a few lines of a document in, the
/// few lines of Swift they give out, compared exactly.
@Suite struct MappingSnippetTests {
    @Test func anOptionalPropertyThatAllowsNullIsNullable() throws {
        let text = try snippet(
            #"""
            paths: {}
            components:
              schemas:
                Person:
                  type: object
                  properties:
                    nickname: {type: string, nullable: true}
            """#, openapi: "3.0.3")
        expectBlock(
            #"""
                internal var nickname: MarfaOpenAPIRuntime.Nullable<Swift.String>?
                internal init(nickname: MarfaOpenAPIRuntime.Nullable<Swift.String>? = nil) {
            """#.indented, in: text)
        let typeArray = try snippet(
            #"""
            paths: {}
            components:
              schemas:
                Person:
                  type: object
                  properties:
                    nickname: {type: [string, "null"]}
            """#)
        expectBlock("        internal var nickname: MarfaOpenAPIRuntime.Nullable<Swift.String>?", in: typeArray)
    }

    @Test func aRequiredPropertyThatAllowsNullIsOptionalAndAlwaysWritten() throws {
        let text = try snippet(
            #"""
            paths: {}
            components:
              schemas:
                Person:
                  type: object
                  required: [name]
                  properties:
                    name: {type: [string, "null"]}
            """#)
        expectBlock(
            #"""
                internal var name: Swift.String?
                internal init(name: Swift.String?) {
            """#.indented, in: text)
        expectBlock(
            #"""
                internal func encode(to encoder: any Swift.Encoder) throws {
                    var container = encoder.container(keyedBy: MarfaOpenAPIRuntime.DynamicCodingKey.self)
                    try container.encode(self.name, forKey: "name")
                }
            """#.indented, in: text)
    }

    @Test func anEnumOrConstIsAnEnumThatKeepsUnknownValues() throws {
        let text = try snippet(
            #"""
            paths: {}
            components:
              schemas:
                Color: {type: string, enum: [red, dark-blue]}
                Level: {type: integer, enum: [1, 2]}
                Shape: {type: object, required: [kind], properties: {kind: {const: circle}}}
            """#)
        expectBlock(
            #"""
            internal enum Color: Swift.RawRepresentable, Swift.Codable, Swift.Hashable, Swift.Sendable, Swift.CaseIterable {
                case red
                case darkBlue
                /// A value this build does not know, kept as it was received.
                case unknown(Swift.String)
                internal init(rawValue: Swift.String) {
                    switch rawValue {
                        case "red": self = .red
                        case "dark-blue": self = .darkBlue
                        default: self = .unknown(rawValue)
                    }
                }
            """#.indented, in: text)
        expectBlock(
            #"""
                    case _2
                    /// A value this build does not know, kept as it was received.
                    case unknown(Swift.Int)
            """#, in: text)
        expectBlock(
            #"""
                internal var kind: Components.Schemas.Shape.KindPayload
            """#.indented, in: text)
        expectBlock("            internal static let allCases: [Self] = [.circle]", in: text)
    }

    @Test func aDefaultFillsInANonOptionalProperty() throws {
        let text = try snippet(
            #"""
            paths: {}
            components:
              schemas:
                Size: {type: object, required: [width], properties: {width: {type: integer}}}
                Status: {type: string, enum: [active, paused], default: active}
                Settings:
                  type: object
                  properties:
                    pageSize: {type: integer, default: 20}
                    theme: {type: string, enum: [light, dark], default: dark}
                    size: {$ref: "#/components/schemas/Size", default: {width: 3}}
                    idOrName: {oneOf: [{type: integer}, {type: string}], default: main}
                    status: {$ref: "#/components/schemas/Status"}
            """#)
        expectBlock(
            #"""
                internal var pageSize: Swift.Int
                internal var theme: Components.Schemas.Settings.ThemePayload
                internal var size: Components.Schemas.Size
                internal var idOrName: Components.Schemas.Settings.IdOrNamePayload
                internal var status: Components.Schemas.Status
                internal init(pageSize: Swift.Int = 20, theme: Components.Schemas.Settings.ThemePayload = .dark, size: Components.Schemas.Size = .init(width: 3), idOrName: Components.Schemas.Settings.IdOrNamePayload = .string("main"), status: Components.Schemas.Status = .active) {
            """#.indented, in: text)
        expectBlock(
            #"""
                    self.pageSize = try container.decodeIfPresent(Swift.Int.self, forKey: "pageSize") ?? 20
                    self.theme = try container.decodeIfPresent(Components.Schemas.Settings.ThemePayload.self, forKey: "theme") ?? .dark
                    self.size = try container.decodeIfPresent(Components.Schemas.Size.self, forKey: "size") ?? .init(width: 3)
                    self.idOrName = try container.decodeIfPresent(Components.Schemas.Settings.IdOrNamePayload.self, forKey: "idOrName") ?? .string("main")
                    self.status = try container.decodeIfPresent(Components.Schemas.Status.self, forKey: "status") ?? .active
            """#.indented, in: text)
    }

    @Test func aParameterDefaultIsTheInputsDefault() throws {
        let text = try snippet(
            #"""
            paths:
              /items:
                get:
                  operationId: listItems
                  parameters:
                    - {name: limit, in: query, schema: {type: integer, default: 20}}
                    - {name: X-Page-Size, in: header, schema: {type: integer, default: 50}}
                  responses:
                    "204": {description: Done.}
            """#)
        expectBlock(
            #"""
                        internal init(limit: Swift.Int = 20) {
            """#.indented, in: text)
        expectBlock(
            #"""
                try c.query(&request, "limit", input.query.limit, style: .form, explode: true)
                try c.header(&request, "X-Page-Size", input.headers.xPageSize, explode: false)
            """#.indented, in: text)
        expectBlock(
            #"""
                    let query = Operations.ListItems.Input.Query(limit: try s.query(pairs, "limit", as: Swift.Int.self, style: .form, explode: true, shape: .primitive) ?? 20)
                    let headers = Operations.ListItems.Input.Headers(xPageSize: try s.header(request, "X-Page-Size", as: Swift.Int.self, explode: false, shape: .primitive) ?? 50)
            """#.indented, in: text)
    }

    static let pets = #"""
        paths: {}
        components:
          schemas:
            Cat: {type: object, properties: {name: {type: string}}}
            Dog: {type: object, properties: {bark: {type: boolean}}}
            Pet:
              oneOf: [{$ref: "#/components/schemas/Cat"}, {$ref: "#/components/schemas/Dog"}]
              discriminator: {propertyName: kind, mapping: {kitty: "#/components/schemas/Cat"}}
            Either:
              oneOf: [{type: string}, {type: integer}]
            Some:
              anyOf: [{$ref: "#/components/schemas/Cat"}, {$ref: "#/components/schemas/Dog"}]
            Both:
              allOf: [{$ref: "#/components/schemas/Cat"}, {$ref: "#/components/schemas/Dog"}]
            Mixed:
              allOf: [{$ref: "#/components/schemas/Cat"}, {type: string}]
        """#

    @Test func aOneOfIsAnEnum() throws {
        let text = try snippet(Self.pets)
        expectBlock(
            #"""
            internal enum Pet: Swift.Codable, Swift.Hashable, Swift.Sendable {
                case cat(Components.Schemas.Cat)
                case dog(Components.Schemas.Dog)
                /// A value whose `kind` this build does not know, kept as it was received.
                case unknown(MarfaOpenAPIRuntime.OpenAPIObjectContainer)
                internal init(from decoder: any Swift.Decoder) throws {
                    let container = try decoder.container(keyedBy: MarfaOpenAPIRuntime.DynamicCodingKey.self)
                    switch try container.decode(Swift.String.self, forKey: "kind") {
                        case "kitty": self = .cat(try .init(from: decoder))
                        case "Dog": self = .dog(try .init(from: decoder))
                        default: self = .unknown(try .init(from: decoder))
                    }
                }
            """#.indented, in: text)
        expectBlock(
            #"""
            internal enum Either: Swift.Codable, Swift.Hashable, Swift.Sendable {
                case string(Swift.String)
                case integer(Swift.Int)
                internal init(from decoder: any Swift.Decoder) throws {
                    var errors: [any Swift.Error] = []
                    do { self = .string(try Swift.String(from: decoder)); return } catch { errors.append(error) }
                    do { self = .integer(try Swift.Int(from: decoder)); return } catch { errors.append(error) }
                    throw MarfaOpenAPIRuntime.OneOfDecodingError(typeName: "Either", codingPath: decoder.codingPath, errors: errors)
                }
            """#.indented, in: text)
    }

    @Test func aOneOfWithInlineBranchesIsDiscriminatedByTheirValues() throws {
        let text = try snippet(
            #"""
            paths: {}
            components:
              schemas:
                Shape:
                  oneOf:
                    - {type: object, required: [kind], properties: {kind: {const: circle}, radius: {type: number}}}
                    - {type: object, required: [kind], properties: {kind: {enum: [square, box]}, side: {type: number}}}
                  discriminator: {propertyName: kind}
            """#)
        expectBlock(
            #"""
            internal enum Shape: Swift.Codable, Swift.Hashable, Swift.Sendable {
                case circle(Components.Schemas.Shape.CirclePayload)
                case square(Components.Schemas.Shape.SquarePayload)
                /// A value whose `kind` this build does not know, kept as it was received.
                case unknown(MarfaOpenAPIRuntime.OpenAPIObjectContainer)
            """#.indented, in: text)
        expectBlock(
            #"""
                    switch try container.decode(Swift.String.self, forKey: "kind") {
                        case "circle": self = .circle(try .init(from: decoder))
                        case "square", "box": self = .square(try .init(from: decoder))
                        default: self = .unknown(try .init(from: decoder))
                    }
            """#.indented, in: text)
    }

    @Test func anAnyOfIsAStructOfOptionalValues() throws {
        let text = try snippet(Self.pets)
        expectBlock(
            #"""
            internal struct Some: Swift.Codable, Swift.Hashable, Swift.Sendable {
                /// The value read as `cat`, when it is one.
                internal var value1: Components.Schemas.Cat?
                /// The value read as `dog`, when it is one.
                internal var value2: Components.Schemas.Dog?
                internal init(value1: Components.Schemas.Cat? = nil, value2: Components.Schemas.Dog? = nil) {
            """#.indented, in: text)
        expectBlock(
            #"""
                    self.value1 = try? Components.Schemas.Cat(from: decoder)
                    self.value2 = try? Components.Schemas.Dog(from: decoder)
                    if value1 == nil && value2 == nil {
            """#.indented, in: text)
    }

    @Test func anAllOfMergesItsMembersOrKeepsEachValue() throws {
        let text = try snippet(Self.pets)
        expectBlock(
            #"""
            internal struct Both: Swift.Codable, Swift.Hashable, Swift.Sendable {
                internal var name: Swift.String?
                internal var bark: Swift.Bool?
            """#.indented, in: text)
        expectBlock(
            #"""
            internal struct Mixed: Swift.Codable, Swift.Hashable, Swift.Sendable {
                internal var value1: Components.Schemas.Cat
                internal var value2: Swift.String
            """#.indented, in: text)
        expectBlock(
            #"""
                internal init(from decoder: any Swift.Decoder) throws {
                    self.value1 = try .init(from: decoder)
                    self.value2 = try .init(from: decoder)
                }
            """#.indented, in: text)
    }

    @Test func additionalPropertiesAreKeptTypedOrRefused() throws {
        let text = try snippet(
            #"""
            paths: {}
            components:
              schemas:
                Open: {type: object, properties: {id: {type: string}}, additionalProperties: true}
                Counts: {type: object, additionalProperties: {type: integer}}
                Closed: {type: object, properties: {id: {type: string}}, additionalProperties: false}
            """#)
        expectBlock(
            #"""
                /// Members the schema does not name.
                internal var additionalProperties: [Swift.String: MarfaOpenAPIRuntime.OpenAPIValue]
            """#.indented, in: text)
        expectBlock(
            #"""
                internal var additionalProperties: [Swift.String: Swift.Int]
                internal init(additionalProperties: [Swift.String: Swift.Int] = [:]) {
            """#.indented, in: text)
        expectBlock("            try decoder.ensureNoAdditionalProperties(knownKeys: [\"id\"])", in: text)
    }

    @Test func aSchemaWithoutATypeIsFreeForm() throws {
        let text = try snippet(
            #"""
            paths: {}
            components:
              schemas:
                Anything: {}
            """#)
        expectBlock("    internal typealias Anything = MarfaOpenAPIRuntime.OpenAPIValue", in: text)
    }

    @Test func recursiveSchemasAreBoxedOrIndirect() throws {
        let text = try snippet(
            #"""
            paths: {}
            components:
              schemas:
                TreeNode: {type: object, properties: {parent: {$ref: "#/components/schemas/TreeNode"}}}
                Expr:
                  oneOf: [{type: integer}, {$ref: "#/components/schemas/Sum"}]
                Sum: {type: object, required: [left], properties: {left: {$ref: "#/components/schemas/Expr"}}}
            """#)
        expectBlock(
            #"""
                internal var parent: Components.Schemas.TreeNode? {
                    get { _parent?.value }
                    set { _parent = newValue.map { MarfaOpenAPIRuntime.Box($0) } }
                }
                private var _parent: MarfaOpenAPIRuntime.Box<Components.Schemas.TreeNode>?
            """#.indented, in: text)
        expectBlock("    internal indirect enum Expr: Swift.Codable, Swift.Hashable, Swift.Sendable {", in: text)
    }

    @Test func readOnlyAndWriteOnlyPropertiesAreOptionalWithANote() throws {
        let text = try snippet(
            #"""
            paths: {}
            components:
              schemas:
                Account:
                  type: object
                  required: [id, password]
                  properties:
                    id: {type: string, readOnly: true}
                    password: {type: string, writeOnly: true}
            """#)
        expectBlock(
            #"""
                /// - Note: Read-only: answers carry it; requests leave it out.
                internal var id: Swift.String?
                /// - Note: Write-only: requests carry it; answers leave it out.
                internal var password: Swift.String?
            """#.indented, in: text)
    }

    static let formats = #"""
        paths: {}
        components:
          schemas:
            Formats:
              type: object
              required: [at, on, small, big, bytes, file]
              properties:
                at: {type: string, format: date-time}
                on: {type: string, format: date}
                small: {type: integer, format: int32}
                big: {type: integer, format: int64}
                bytes: {type: string, format: byte}
                file: {type: string, format: binary}
        """#

    @Test func datesAreDatesOrCalendarDates() throws {
        let text = try snippet(Self.formats)
        expectBlock(
            #"""
                internal var at: Foundation.Date
                internal var on: MarfaOpenAPIRuntime.CalendarDate
            """#.indented, in: text)
        // Whatever the coder's date strategy, a date-time is RFC 3339 text on the wire.
        expectBlock("            self.at = try container.decodeRFC3339(Foundation.Date.self, forKey: \"at\")", in: text)
        expectBlock("            try container.encodeRFC3339(self.at, forKey: \"at\")", in: text)
        let positions = try snippet(
            #"""
            paths: {}
            components:
              schemas:
                Log:
                  type: object
                  properties:
                    seen: {type: array, items: {type: string, format: date-time}}
                    since: {type: string, format: date-time, default: "2026-01-01T00:00:00Z"}
                  additionalProperties: {type: string, format: date-time}
            """#)
        expectBlock(
            #"""
                    self.seen = try container.decodeRFC3339IfPresent([Foundation.Date].self, forKey: "seen")
                    self.since = try container.decodeRFC3339IfPresent(Foundation.Date.self, forKey: "since") ?? Foundation.Date(timeIntervalSince1970: 1767225600.0)
                    self.additionalProperties = try decoder.decodeRFC3339AdditionalProperties(knownKeys: ["seen", "since"]) as [Swift.String: Foundation.Date]
            """#.indented, in: positions)
    }

    @Test func aDynamicReferenceIsTheOutermostSchemaWithItsAnchor() throws {
        let text = try snippet(
            #"""
            paths: {}
            components:
              schemas:
                Tree:
                  $dynamicAnchor: node
                  type: object
                  properties:
                    children: {type: array, items: {$dynamicRef: '#node'}}
                LabeledTree:
                  $dynamicAnchor: node
                  allOf:
                    - $ref: '#/components/schemas/Tree'
                    - {type: object, properties: {label: {type: string}}}
            """#)
        expectBlock(
            #"""
            internal struct Tree: Swift.Codable, Swift.Hashable, Swift.Sendable {
                internal var children: [Components.Schemas.Tree]?
            """#.indented, in: text)
        expectBlock(
            #"""
            internal struct LabeledTree: Swift.Codable, Swift.Hashable, Swift.Sendable {
                internal var children: [Components.Schemas.LabeledTree]?
                internal var label: Swift.String?
            """#.indented, in: text)
    }

    @Test func sizedIntegersAndBytesHaveTheirTypes() throws {
        expectBlock(
            #"""
                internal var small: Swift.Int32
                internal var big: Swift.Int64
                internal var bytes: MarfaOpenAPIRuntime.Base64EncodedData
                internal var file: Foundation.Data
            """#.indented, in: try snippet(Self.formats))
    }

    @Test func parametersAreTypedByPlaceStyleAndExplode() throws {
        let text = try snippet(
            #"""
            paths:
              /items/{id}:
                get:
                  operationId: getItem
                  parameters:
                    - {name: id, in: path, required: true, style: matrix, explode: true, schema: {type: string}}
                    - {name: tags, in: query, style: pipeDelimited, explode: false, schema: {type: array, items: {type: string}}}
                    - {name: X-Trace, in: header, schema: {type: string}}
                    - {name: session, in: cookie, schema: {type: string}}
                  responses:
                    "204": {description: Done.}
            """#)
        expectBlock(
            #"""
                    internal init(path: Operations.GetItem.Input.Path, query: Operations.GetItem.Input.Query = .init(), headers: Operations.GetItem.Input.Headers = .init(), cookies: Operations.GetItem.Input.Cookies = .init()) {
            """#.indented, in: text)
        expectBlock(
            #"""
                let p0 = try c.path(input.path.id, name: "id", style: .matrix, explode: true)
                var request = MarfaOpenAPIRuntime.HTTPRequest(method: .init(rawValue: "GET"), path: "/items/\(p0)")
                try c.query(&request, "tags", input.query.tags, style: .pipeDelimited, explode: false)
                try c.header(&request, "X-Trace", input.headers.xTrace, explode: false)
                try c.cookie(&request, "session", input.cookies.session, explode: true)
            """#.indented, in: text)
    }

    /// OpenAPI 3.2's `additionalOperations`: each method beyond the fixed fields is an operation
    /// like the others, sent and served under its own name.
    @Test func additionalOperationsAreOperationsUnderTheirOwnMethods() throws {
        let text = try snippet(
            #"""
            paths:
              /items/{id}:
                parameters:
                  - {name: id, in: path, required: true, schema: {type: string}}
                get:
                  operationId: getItem
                  responses:
                    "204": {description: Done.}
                additionalOperations:
                  LINK:
                    operationId: linkItem
                    responses:
                      "204": {description: Linked.}
                  PURGE:
                    responses:
                      "204": {description: Purged.}
            """#, openapi: "3.2.0")
        expectBlock(
            #"""
                let request = MarfaOpenAPIRuntime.HTTPRequest(method: .init(rawValue: "LINK"), path: "/items/\(p0)")
            """#.indented, in: text)
        #expect(text.contains("func linkItem("))
        #expect(text.contains(#"method: .init(rawValue: "PURGE")"#))
        #expect(text.contains("func purgeItemsId(_ input: Operations.PurgeItemsId.Input)"))
        #expect(text.contains(#"registrar.register(on: transport, .init(rawValue: "LINK"), "/items/{id}""#))
    }

    /// A webhook named after its only operation stays so when its `additionalOperations` holds
    /// only entries that are left out.
    @Test func additionalOperationsLeftOutDoNotCountAsOperations() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(
            "api.yaml",
            #"""
            openapi: 3.2.0
            info: {title: t, version: "1"}
            paths: {}
            webhooks:
              itemMade:
                post:
                  responses: {"204": {description: Taken.}}
                additionalOperations:
                  POST:
                    responses: {"204": {description: Taken.}}
            """#)
        let output = try Generator.generate(specPath: spec, config: allModes())
        #expect(output.diagnostics.map(\.severity) == [.warning])
        let text = output.files.map(\.contents).joined(separator: "\n")
        #expect(
            text.contains("func itemMade(_ input: Webhooks.ItemMade.Input) async throws -> Webhooks.ItemMade.Output"))
    }

    @Test func securitySchemesAndRequirementsAreTables() throws {
        let text = try snippet(
            #"""
            paths:
              /secret:
                get:
                  operationId: getSecret
                  security: [{bearerAuth: []}, {apiKey: []}]
                  responses:
                    "204": {description: Done.}
            components:
              securitySchemes:
                bearerAuth: {type: http, scheme: bearer}
                apiKey: {type: apiKey, name: X-Key, in: header}
            """#)
        expectBlock(
            #"""
                internal enum SecuritySchemes {
                    internal static let bearerAuth: MarfaOpenAPIRuntime.SecurityScheme = .http(scheme: "bearer")
                    internal static let apiKey: MarfaOpenAPIRuntime.SecurityScheme = .apiKey(name: "X-Key", location: .header)
                    /// Every scheme by its name in the document.
                    internal static let all: [Swift.String: MarfaOpenAPIRuntime.SecurityScheme] = ["bearerAuth": bearerAuth, "apiKey": apiKey]
                }
            """#, in: text)
        expectBlock(
            #"""
                internal static let securityRequirements: [Swift.String: [[Swift.String]]] = ["getSecret": [["bearerAuth"], ["apiKey"]]]
            """#, in: text)
    }

    @Test func serversWithVariablesGiveAURLFunction() throws {
        let text = try snippet(
            #"""
            servers:
              - url: "https://{region}.example.com/{version}"
                variables:
                  region: {default: eu, enum: [eu, us]}
                  version: {default: v1}
            paths: {}
            """#)
        expectBlock(
            #"""
                internal enum Server1 {
                    /// Allowed values of `region`.
                    internal static let regionValues: [Swift.String] = ["eu", "us"]
                    /// `https://{region}.example.com/{version}` with its variables filled in.
                    internal static func url(region: Swift.String = "eu", version: Swift.String = "v1") throws -> Foundation.URL {
                        try MarfaOpenAPIRuntime.ServerURL.url("https://{region}.example.com/{version}", variables: [("region", region), ("version", version)])
                    }
                }
            """#, in: text)
    }

    @Test func bodiesAreTypedPayloadsOrStreams() throws {
        let text = try snippet(
            #"""
            paths:
              /upload:
                post:
                  operationId: upload
                  requestBody:
                    required: true
                    content:
                      application/json: {schema: {type: object, properties: {name: {type: string}}}}
                      application/x-www-form-urlencoded: {schema: {type: object, properties: {name: {type: string}}}}
                      multipart/form-data: {schema: {type: object, properties: {file: {type: string, format: binary}}}}
                      application/octet-stream: {}
                      text/plain: {}
                  responses:
                    "200":
                      description: Events.
                      content:
                        text/event-stream: {schema: {type: object, properties: {id: {type: string}}}}
                        application/jsonl: {schema: {type: object, properties: {id: {type: string}}}}
            """#)
        expectBlock(
            #"""
                    internal enum Body: Swift.Sendable, Swift.Equatable {
                        case json(Operations.Upload.Input.Body.JsonPayload)
                        case urlEncodedForm(Operations.Upload.Input.Body.UrlEncodedFormPayload)
                        case multipartForm(MarfaOpenAPIRuntime.MultipartBody)
                        case binary(MarfaOpenAPIRuntime.HTTPBody)
                        case plainText(MarfaOpenAPIRuntime.HTTPBody)
            """#.indented, in: text)
        expectBlock(
            #"""
                        case .json(let value): body = try c.json(&request, value, contentType: "application/json")
                        case .urlEncodedForm(let value): body = try c.form(&request, value, contentType: "application/x-www-form-urlencoded")
                        case .multipartForm(let value): body = c.multipart(&request, value, contentType: "multipart/form-data")
                        case .binary(let value): body = c.raw(&request, value, contentType: "application/octet-stream")
                        case .plainText(let value): body = c.raw(&request, value, contentType: "text/plain")
            """#, in: text)
        expectBlock(
            #"""
                        case textEventStream(MarfaOpenAPIRuntime.HTTPBody)
                        case jsonLines(MarfaOpenAPIRuntime.HTTPBody)
            """#.indented.indented, in: text)
        expectBlock(
            "                    internal struct TextEventStreamPayload: Swift.Codable, Swift.Hashable, Swift.Sendable {",
            in: text)
    }

    @Test func webhooksAndCallbacksAreReceivedThroughHandlerProtocols() throws {
        let text = try snippet(
            #"""
            paths:
              /subscriptions:
                post:
                  operationId: subscribe
                  responses: {"201": {description: Subscribed.}}
                  callbacks:
                    onEvent:
                      '{$request.body#/callbackUrl}':
                        post:
                          responses: {"204": {description: Taken.}}
            webhooks:
              itemMade:
                post:
                  responses: {"204": {description: Taken.}}
            """#)
        expectBlock(
            #"""
            internal enum Webhooks {}
            """#, in: text)
        expectBlock(
            #"""
            extension Webhooks {
                /// Webhook `itemMade`: `POST /itemMade` below the server URL it is registered at.
                internal enum ItemMade: MarfaOpenAPIRuntime.GeneratedOperation {
                    internal static let id: Swift.String = "itemMade"
            """#, in: text)
        expectBlock(
            #"""
                    /// Requests the server sends back for this operation, to the URLs it names; received with `CallbackHandler`.
                    internal enum Callbacks {
                        /// Callback `onEvent` of `subscribe`, sent to `{$request.body#/callbackUrl}`: `POST /subscribe/onEvent` below the server URL it is registered at.
                        internal enum OnEvent: MarfaOpenAPIRuntime.GeneratedOperation {
                            internal static let id: Swift.String = "subscribe.onEvent"
            """#, in: text)
        expectBlock(
            #"""
            internal protocol WebhookHandler: Swift.Sendable {
                func itemMade(_ input: Webhooks.ItemMade.Input) async throws -> Webhooks.ItemMade.Output
            }
            """#, in: text)
        expectBlock(
            #"""
            internal protocol CallbackHandler: Swift.Sendable {
                func subscribeOnEvent(_ input: Operations.Subscribe.Callbacks.OnEvent.Input) async throws -> Operations.Subscribe.Callbacks.OnEvent.Output
            }
            """#, in: text)
        expectBlock(
            #"""
                internal func registerWebhookHandlers(on transport: any MarfaOpenAPIRuntime.ServerTransport, serverURL: Foundation.URL = Foundation.URL(string: "/")!, configuration: MarfaOpenAPIRuntime.Configuration = .init(), middlewares: [any MarfaOpenAPIRuntime.ServerMiddleware] = []) throws {
                    let registrar = MarfaOpenAPIRuntime.ServerRegistrar(serverURL: serverURL, configuration: configuration, middlewares: middlewares)
                    try _registerWebhook_itemMade(on: transport, registrar)
                }
            """#, in: text)
        expectBlock(
            #"""
                    try registrar.register(on: transport, .init(rawValue: "POST"), "/subscribe/onEvent", operationID: Operations.Subscribe.Callbacks.OnEvent.id) { request, body, metadata, s in
            """#, in: text)
    }

    /// `servers` of a path item or an operation: the client sends there unless the call's input
    /// names another server; no warning.
    @Test func serversOfAPathItemOrAnOperationAreWhereTheClientSendsIt() throws {
        let code = try snippet(
            """
            paths:
              /files:
                servers: [{url: "https://upload.example.com/2.0"}]
                post:
                  operationId: upload
                  responses: {"204": {description: ok}}
                get:
                  operationId: listFiles
                  servers: [{url: "https://{region}.example.com", variables: {region: {default: eu}}}]
                  responses: {"204": {description: ok}}
            """)
        #expect(
            code.contains(
                #"let c = client.call(Operations.Upload.id, serverURL: try input.serverURL ?? Operations.Upload.Servers.Server1.url())"#
            ))
        #expect(
            code.contains(
                #"try MarfaOpenAPIRuntime.ServerURL.url("https://{region}.example.com", variables: [("region", region)])"#
            ))
        expectBlock(
            """
                        /// Where this call goes instead of the operation's own server, `https://upload.example.com/2.0`.
                        internal var serverURL: Foundation.URL?
            """, in: code)
    }

    /// The mapping table of the generator's reference article (moved there from the README).
    @Test func everyRowOfTheMappingTableHasATest() throws {
        var folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        while folder.path != "/"
            && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
        {
            folder.deleteLastPathComponent()
        }
        let article = folder.appendingPathComponent(
            "Generator/Sources/marfa-openapi/marfa-openapi.docc/GeneratorReference.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "What it maps").dropFirst().first)
        let table = try #require(section.components(separatedBy: "\n\n").dropFirst().first)
        let rows = table.split(separator: "\n").dropFirst(2)
        #expect(
            rows.count == 22,
            "the mapping table has \(rows.count) rows, this suite a test for each of 22; add one for a new row")
    }
}

extension String {
    /// Each line four spaces further in.
    var indented: String {
        split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(
            separator: "\n")
    }
}
