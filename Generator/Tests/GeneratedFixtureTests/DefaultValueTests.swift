import Foundation
import MarfaOpenAPIRuntime
import Testing

/// Defaults on every shape (defaults.yaml): an absent key decodes as the document's default, the
/// memberwise initializer takes the same default, and values round-trip.
@Suite struct DefaultValueTests {
    typealias Schemas = DefaultsFixture.Components.Schemas

    @Test func absentKeysDecodeAsTheDefaultOfEveryShape() throws {
        let layout = try decode(Schemas.Layout.self, "{}")
        #expect(layout == Schemas.Layout())
        #expect(layout.mode == .fast)
        #expect(layout.level == ._2)
        #expect(layout.priority == ._5)
        #expect(layout.size == Schemas.Size(width: 3, height: 10))
        #expect(layout.margins == [1, 2, 3, 4])
        #expect(layout.corners == [Schemas.Size(width: 1, height: 2), Schemas.Size(width: 5, height: 10)])
        #expect(layout.origin.x == 1)
        #expect(layout.origin.label == "top")
        #expect(layout.origin.offset?.dx == 0.5)
        #expect(layout.origin.offset?.dy == nil)
        #expect(layout.idOrName == .string("main"))
        #expect(layout.amount == .init(value1: nil, value2: 4.5))
        #expect(layout.shape == .square(.init(kind: .square, side: 2)))
        // A discriminator value no branch names is kept as it is, as decoding keeps it.
        #expect(layout.otherShape == .unknown(["kind": "hexagon", "sides": 6]))
        #expect(layout.metadata == ["owner": "ada", "flags": ["a", 1, true, nil], "nested": ["depth": 2.5]])
        #expect(layout.labels.additionalProperties == ["en": "Hello", "fr": "Bonjour"])
        #expect(layout.anything == [1, "two"])
        #expect(layout.retries == .value(3))
        #expect(layout.note == nil)
    }

    @Test func theDefaultIsWrittenWhenEncodedAndReadBack() throws {
        let layout = Schemas.Layout()
        let text = try jsonText(layout)
        #expect(text.contains(#""mode":"fast""#))
        #expect(text.contains(#""size":{"height":10,"width":3}"#))
        #expect(text.contains(#""shape":{"kind":"square","side":2}"#))
        #expect(text.contains(#""idOrName":"main""#))
        #expect(text.contains(#""amount":4.5"#))
        #expect(text.contains(#""retries":3"#))
        #expect(!text.contains(#""note""#))
        #expect(try roundTrip(layout) == layout)
        #expect(try decode(Schemas.Layout.self, text) == layout)
    }

    @Test func givenValuesReplaceTheDefaults() throws {
        let json = #"""
            {"mode":"safe","level":3,"priority":10,"size":{"width":7,"height":8},"margins":[],"corners":[],
             "origin":{"x":9,"label":"left"},"idOrName":4,"amount":"some","shape":{"kind":"circle","radius":1.5},
             "metadata":{},"labels":{"de":"Hallo"},"anything":null,"retries":null,"note":null}
            """#
        let layout = try decode(Schemas.Layout.self, json)
        #expect(layout.mode == .safe)
        #expect(layout.level == ._3)
        #expect(layout.priority == ._10)
        #expect(layout.size == Schemas.Size(width: 7, height: 8))
        #expect(layout.margins == [])
        #expect(layout.origin == .init(x: 9, label: "left"))
        #expect(layout.idOrName == .integer(4))
        #expect(layout.amount.value1 == "some")
        #expect(layout.shape == .circle(.init(kind: .circle, radius: 1.5)))
        #expect(layout.metadata == [:])
        #expect(layout.labels.additionalProperties == ["de": "Hallo"])
        #expect(layout.anything == nil)
        // A property that allows null keeps an explicit null apart from the default.
        #expect(layout.retries == .null)
        #expect(layout.note == .null)
        #expect(try roundTrip(layout) == layout)
    }

    @Test func aPropertyWithoutItsOwnDefaultTakesTheOneOfTheSchemaItNames() throws {
        let account = try decode(Schemas.Account.self, #"{"requiredStatus":"paused"}"#)
        #expect(account.status == .active)
        #expect(account.statusByAllOf == .active)
        #expect(account.statusByAlias == .active)
        // The property's own default wins over the referenced schema's.
        #expect(account.ownStatus == .paused)
        #expect(account.window == Schemas.Window(width: 640))
        #expect(account == Schemas.Account(requiredStatus: .paused))
        // A required property takes no default: leaving it out is still an error.
        #expect(throws: (any Error).self) { try decode(Schemas.Account.self, "{}") }
        let given = try decode(
            Schemas.Account.self, #"{"status":"paused","statusByAlias":"paused","requiredStatus":"active","window":{}}"#
        )
        #expect(given.status == .paused)
        #expect(given.statusByAlias == .paused)
        #expect(given.window == Schemas.Window(width: nil))
        #expect(try roundTrip(given) == given)
    }

    @Test func aDefaultInsideANestedObjectAppliesThere() throws {
        let size = try decode(Schemas.Size.self, #"{"width":1}"#)
        #expect(size.height == 10)
        #expect(throws: (any Error).self) { try decode(Schemas.Size.self, #"{"height":1}"#) }
        let origin = try decode(Schemas.Layout.OriginPayload.self, #"{"x":2}"#)
        #expect(origin == .init(x: 2, label: "top", offset: nil))
    }
}
