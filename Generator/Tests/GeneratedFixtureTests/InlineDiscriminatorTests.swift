import Foundation
import MarfaOpenAPIRuntime
import Testing

/// Discriminators over inline branches (their `const` or `enum` names the value, or a `mapping`
/// points at them), mixed with `$ref` branches, and `$ref`s to a whole file or a schema in a file
/// without a mapping (discriminator.yaml): each branch decodes by its value, others are `unknown`.
@Suite struct InlineDiscriminatorTests {
    typealias Schemas = DiscriminatorFixture.Components.Schemas

    @Test func inlineBranchesAreSelectedByTheirConstOrEnumValue() throws {
        let circle = try decode(Schemas.Shape.self, #"{"kind":"circle","radius":2}"#)
        #expect(circle == .circle(.init(kind: .circle, radius: 2)))
        let square = try decode(Schemas.Shape.self, #"{"kind":"square","side":3}"#)
        #expect(square == .square(.init(kind: .square, side: 3)))
        let triangle = try decode(Schemas.Shape.self, #"{"kind":"Triangle","base":4}"#)
        #expect(triangle == .triangle(.init(kind: "Triangle", base: 4)))
        // `allOf: [$ref]` alone is selected by the name of the schema it refers to.
        let hexagon = try decode(Schemas.Shape.self, #"{"kind":"Hexagon"}"#)
        #expect(hexagon == .hexagon(.init(kind: "Hexagon")))
        let unknown = try decode(Schemas.Shape.self, #"{"kind":"pentagon","sides":5}"#)
        #expect(unknown == .unknown(["kind": "pentagon", "sides": 5]))
        #expect(try jsonText(square) == #"{"kind":"square","side":3}"#)
        for shape in [circle, square, triangle, hexagon, unknown] { #expect(try roundTrip(shape) == shape) }
        // The branch's own schema still applies: a circle needs its radius.
        #expect(throws: (any Error).self) { try decode(Schemas.Shape.self, #"{"kind":"circle"}"#) }
        #expect(throws: (any Error).self) { try decode(Schemas.Shape.self, #"{"radius":2}"#) }
    }

    @Test func aMappingSelectsInlineAndReferencedBranches() throws {
        let round = try decode(Schemas.MappedShape.self, #"{"kind":"round","diameter":1}"#)
        #expect(round == .round(.init(kind: "round", diameter: 1)))
        let dot = try decode(Schemas.MappedShape.self, #"{"kind":"dot"}"#)
        #expect(dot == .dot(.init(kind: .dot)))
        let triangle = try decode(Schemas.MappedShape.self, #"{"kind":"tri","base":1}"#)
        #expect(triangle == .triangle(.init(kind: "tri", base: 1)))
        // Once mapped, a referenced schema's own name no longer selects it.
        #expect(try decode(Schemas.MappedShape.self, #"{"kind":"Triangle"}"#) == .unknown(["kind": "Triangle"]))
        for shape in [round, dot, triangle] { #expect(try roundTrip(shape) == shape) }
    }

    @Test func inlineBranchesExtendingABaseBySomeValues() throws {
        let created = try decode(Schemas.Event.self, #"{"type":"created","id":"e1","name":"n"}"#)
        #expect(created == .created(.init(id: "e1", _type: .created, name: "n")))
        let renamed = try decode(Schemas.Event.self, #"{"type":"renamed","id":"e2","changes":2}"#)
        #expect(renamed == .updated(.init(id: "e2", _type: .renamed, changes: 2)))
        let updated = try decode(Schemas.Event.self, #"{"type":"updated","id":"e3"}"#)
        #expect(updated == .updated(.init(id: "e3", _type: .updated)))
        #expect(
            try decode(Schemas.Event.self, #"{"type":"deleted","id":"e4"}"#)
                == .unknown(["type": "deleted", "id": "e4"]))
        for event in [created, renamed, updated] { #expect(try roundTrip(event) == event) }
    }

    @Test func aWholeFileIsSelectedByTheFileName() throws {
        let lizard = try decode(Schemas.Reptile.self, #"{"kind":"lizard","legs":4}"#)
        #expect(lizard == .lizard(.init(kind: "lizard", legs: 4)))
        let snake = try decode(Schemas.Reptile.self, #"{"kind":"Snake","length":2.5}"#)
        #expect(snake == .snake(.init(kind: "Snake", length: 2.5)))
        #expect(try decode(Schemas.Reptile.self, #"{"kind":"lizard.yaml#"}"#) == .unknown(["kind": "lizard.yaml#"]))
        for reptile in [lizard, snake] { #expect(try roundTrip(reptile) == reptile) }
    }
}
