import Testing

@testable import MarfaOpenAPIGenerator

/// Output that real documents showed to build with warnings: each case builds without one now.
@Suite struct WarningFreeOutputTests {
    /// A request nothing is written into (no parameters, `Accept` or body) is a `let`: Swift warned
    /// "variable 'request' was never mutated" for every such operation.
    @Test func aRequestNothingIsWrittenIntoIsAConstant() throws {
        let text = try snippet(
            #"""
            paths:
              /ping:
                delete:
                  operationId: ping
                  responses:
                    "204": {description: Gone.}
            """#)
        expectBlock(
            #"""
                    let request = MarfaOpenAPIRuntime.HTTPRequest(method: .init(rawValue: "DELETE"), path: "/ping")
                    let (response, responseBody) = try await c.send(request, nil)
            """#, in: text)
    }

    /// A deprecated property keeps `@available(*, deprecated)` for the app, but is stored in `_name`,
    /// which the generated initializer and coding use: Swift warned "'name' is deprecated" at each.
    @Test func aDeprecatedPropertyIsStoredOutOfTheWayOfTheGeneratedCode() throws {
        let text = try snippet(
            #"""
            components:
              schemas:
                Item:
                  type: object
                  properties:
                    name: {type: string, deprecated: true}
            """#)
        expectBlock(
            #"""
                    @available(*, deprecated)
                    internal var name: Swift.String? {
                        get { self._name }
                        set { self._name = newValue }
                    }
                    private var _name: Swift.String?
                    internal init(name: Swift.String? = nil) {
                        self._name = name
                    }
                    internal init(from decoder: any Swift.Decoder) throws {
                        let container = try decoder.container(keyedBy: MarfaOpenAPIRuntime.DynamicCodingKey.self)
                        self._name = try container.decodeIfPresent(Swift.String.self, forKey: "name")
                    }
                    internal func encode(to encoder: any Swift.Encoder) throws {
                        var container = encoder.container(keyedBy: MarfaOpenAPIRuntime.DynamicCodingKey.self)
                        try container.encodeIfPresent(self._name, forKey: "name")
                    }
            """#, in: text)
    }
}
