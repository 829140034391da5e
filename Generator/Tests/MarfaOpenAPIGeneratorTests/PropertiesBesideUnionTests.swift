import Testing

@testable import MarfaOpenAPIGenerator

/// A schema with properties beside `oneOf` or `anyOf` keeps both: a value holds its properties and
/// the branch, each decoded from the whole object. A subtype that names such a base in its
/// `allOf` takes the base's properties only, whichever of the two is read first.
@Suite struct PropertiesBesideUnionTests {
    static let reports = #"""
        components:
          schemas:
            ReportMetricsRequest:
              anyOf:
                - $ref: '#/components/schemas/ScanReport'
                - $ref: '#/components/schemas/CommitReport'
              required: [report-type]
              properties:
                report-type: {type: string}
            ScanReport:
              type: object
              required: [table-name]
              properties:
                table-name: {type: string}
            CommitReport:
              type: object
              required: [sequence]
              properties:
                sequence: {type: integer}
        """#

    @Test func propertiesBesideAnyOfAreKeptWithTheBranches() throws {
        let text = try snippet(Self.reports)
        expectBlock(
            #"""
                internal struct ReportMetricsRequest: Swift.Codable, Swift.Hashable, Swift.Sendable {
                    internal var value1: Components.Schemas.ReportMetricsRequest.Value1Payload
                    internal var value2: Components.Schemas.ReportMetricsRequest.Value2Payload
            """#, in: text)
        #expect(text.contains("internal var reportType: Swift.String"))
        #expect(text.contains("internal var value1: Components.Schemas.ScanReport?"))
        #expect(text.contains("internal var value2: Components.Schemas.CommitReport?"))
    }

    /// `Pet` lists `Cat` in its `oneOf` (a union of one branch is that branch), and `Cat` is `allOf: [Pet, …]`.
    static func pets(catFirst: Bool) -> String {
        let pet = #"""
                Pet:
                  type: object
                  required: [kind]
                  properties:
                    kind: {type: string}
                  discriminator: {propertyName: kind}
                  oneOf:
                    - $ref: '#/components/schemas/Cat'
            """#
        let cat = #"""
                Cat:
                  allOf:
                    - $ref: '#/components/schemas/Pet'
                    - type: object
                      properties:
                        purrs: {type: boolean}
            """#
        return "components:\n  schemas:\n" + (catFirst ? cat + "\n" + pet : pet + "\n" + cat) + "\n"
    }

    @Test(arguments: [false, true]) func aSubtypeTakesItsBasesPropertiesOnly(catFirst: Bool) throws {
        let text = try snippet(Self.pets(catFirst: catFirst))
        expectBlock(
            #"""
                internal struct Cat: Swift.Codable, Swift.Hashable, Swift.Sendable {
                    internal var kind: Swift.String
                    internal var purrs: Swift.Bool?
            """#, in: text)
        expectBlock(
            #"""
                internal struct Pet: Swift.Codable, Swift.Hashable, Swift.Sendable {
                    internal var value1: Components.Schemas.Pet.Value1Payload
                    internal var value2: Components.Schemas.Cat
            """#, in: text)
        #expect(!text.contains("Box<"), "nothing is recursive")
    }
}
