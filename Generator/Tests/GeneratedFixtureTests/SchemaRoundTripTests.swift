import Foundation
import MarfaOpenAPIRuntime
import Testing

/// Round trips of the types generated from one fixture per schema feature: each value is encoded with
/// the runtime's encoder, compared with the JSON the document describes, and decoded back.
@Suite struct SchemaRoundTripTests {
    // MARK: nullable (3.0) and type arrays with "null" (3.1)

    @Test func nullableKeepsAbsentApartFromNull() throws {
        typealias Profile = NullableFixture.Components.Schemas.Profile
        let absent = try decode(Profile.self, #"{"name":"Ada","middleName":null}"#)
        #expect(absent.nickname == nil)
        #expect(absent.middleName == nil)
        let null = try decode(Profile.self, #"{"name":"Ada","middleName":null,"nickname":null,"age":null}"#)
        #expect(null.nickname == .null)
        #expect(null.age == .null)
        let value = try decode(Profile.self, #"{"name":"Ada","middleName":"B","nickname":"Countess","age":36}"#)
        #expect(value.nickname == .value("Countess"))
        #expect(value.age == .value(36))
        #expect(value.middleName == "B")

        // Absent stays absent, null is written as null, and a required nullable key is always written.
        #expect(try jsonText(absent) == #"{"middleName":null,"name":"Ada"}"#)
        #expect(try jsonText(null) == #"{"age":null,"middleName":null,"name":"Ada","nickname":null}"#)
        for profile in [absent, null, value] { #expect(try roundTrip(profile) == profile) }
    }

    @Test func typeArraysWithNullKeepAbsentApartFromNull() throws {
        typealias Profile = TypeArraysFixture.Components.Schemas.Profile
        let null = try decode(Profile.self, #"{"name":"Ada","middleName":null,"nickname":null,"scores":null}"#)
        #expect(null.nickname == .null)
        #expect(null.scores == .null)
        let absent = try decode(Profile.self, #"{"name":"Ada","middleName":"B"}"#)
        #expect(absent.nickname == nil)
        #expect(absent.scores == nil)
        let full = Profile(
            name: "Ada", middleName: nil, nickname: .value("C"), scores: .value([1, 2]), idOrName: .integer(7))
        #expect(try jsonText(full) == #"{"idOrName":7,"middleName":null,"name":"Ada","nickname":"C","scores":[1,2]}"#)
        #expect(try decode(Profile.self, #"{"name":"A","middleName":null,"idOrName":"x"}"#).idOrName == .string("x"))
        for profile in [null, absent, full] { #expect(try roundTrip(profile) == profile) }
    }

    @Test func tuplesOfOneTypeAreListsOfIt() throws {
        typealias Place = TypeArraysFixture.Components.Schemas.Place
        let place = try decode(Place.self, #"{"position":[2.35,48.85],"span":[1,2,3]}"#)
        #expect(place.position == [2.35, 48.85])
        #expect(place.span == [1, 2, 3])
        #expect(try roundTrip(place) == place)
    }

    // MARK: const and enum

    @Test func constIsASingleCaseEnum() throws {
        typealias Circle = ConstFixture.Components.Schemas.Circle
        let circle = Circle(kind: .circle, radius: 2.5, version: ._2)
        #expect(try jsonText(circle) == #"{"kind":"circle","radius":2.5,"version":2}"#)
        #expect(try roundTrip(circle) == circle)
        let other = try decode(Circle.self, #"{"kind":"square","radius":1}"#)
        #expect(other.kind == .unknown("square"))
    }

    @Test func enumsDecodeUnknownValues() throws {
        typealias Schemas = EnumsFixture.Components.Schemas
        #expect(try decode(Schemas.Color.self, #""dark-blue""#) == .darkBlue)
        #expect(try decode(Schemas.Color.self, #""purple""#) == .unknown("purple"))
        #expect(try jsonText(Schemas.Color.unknown("purple")) == #""purple""#)
        #expect(try decode(Schemas.Priority.self, "2") == ._2)
        #expect(try decode(Schemas.Priority.self, "9") == .unknown(9))
        #expect(try jsonText(Schemas.Priority.unknown(9)) == "9")
        #expect(Schemas.Color.allCases == [.red, .green, .darkBlue])
        #expect(throws: (any Error).self) { try decode(Schemas.Priority.self, #""high""#) }

        let paint = try decode(Schemas.Paint.self, #"{"color":"teal","priority":7,"finish":"satin"}"#)
        #expect(paint == Schemas.Paint(color: .unknown("teal"), priority: .unknown(7), finish: .unknown("satin")))
        #expect(try jsonText(paint) == #"{"color":"teal","finish":"satin","priority":7}"#)
        #expect(try roundTrip(paint) == paint)
    }

    @Test func valuesWrittenAsNumbersOrBooleansUnderTypeStringAreStrings() throws {
        typealias Schemas = EnumsFixture.Components.Schemas
        #expect(try decode(Schemas.ReportAmount.self, #""4""#) == ._4)
        #expect(try decode(Schemas.ReportAmount.self, #""infinity""#) == .infinity)
        #expect(try jsonText(Schemas.ReportAmount._1) == #""1""#)
        #expect(throws: (any Error).self) { try decode(Schemas.ReportAmount.self, "4") }
        #expect(Schemas.Switch.allCases.map(\.rawValue) == ["true", "false", "1.5"])
        #expect(try decode(Schemas.Switch.self, #""false""#) == Schemas.Switch(rawValue: "false"))
    }

    // MARK: default

    @Test func defaultsApplyWhenAbsent() throws {
        typealias Settings = DefaultsFixture.Components.Schemas.Settings
        let empty = try decode(Settings.self, "{}")
        #expect(empty == Settings())
        #expect(empty.theme == "light")
        #expect(empty.pageSize == 20)
        #expect(empty.ratio == 1.5)
        #expect(empty.enabled)
        #expect(empty.tags == [])
        #expect(empty.mode == .safe)
        #expect(empty.label == nil)
        #expect(empty.since == CalendarDate(year: 2024, month: 2, day: 29))
        #expect(empty.salt.data == Data([0, 1, 255]))
        let given = try decode(
            Settings.self, #"{"theme":"dark","pageSize":5,"enabled":false,"tags":["a"],"mode":"fast"}"#)
        #expect(given == Settings(theme: "dark", pageSize: 5, enabled: false, tags: ["a"], mode: .fast))
        #expect(
            try jsonText(empty)
                == #"{"enabled":true,"mode":"safe","pageSize":20,"ratio":1.5,"salt":"AAH/","since":"2024-02-29","tags":[],"theme":"light"}"#
        )
        #expect(try roundTrip(given) == given)
    }

    // MARK: oneOf, anyOf, allOf

    @Test func allOfMergesProperties() throws {
        typealias Person = CompositionFixture.Components.Schemas.Person
        let person = Person(name: "Ada", age: 36, email: "ada@example.com")
        #expect(try jsonText(person) == #"{"age":36,"email":"ada@example.com","name":"Ada"}"#)
        #expect(try roundTrip(person) == person)
        #expect(throws: (any Error).self) { try decode(Person.self, #"{"name":"Ada"}"#) }
    }

    @Test func oneOfTriesBranchesInOrder() throws {
        typealias Schemas = CompositionFixture.Components.Schemas
        #expect(try decode(Schemas.StringOrNumber.self, #""5""#) == .string("5"))
        #expect(try decode(Schemas.StringOrNumber.self, "5.5") == .number(5.5))
        #expect(try jsonText(Schemas.StringOrNumber.number(2)) == "2")
        #expect(throws: OneOfDecodingError.self) { try decode(Schemas.StringOrNumber.self, "true") }
        let shape = try decode(Schemas.Shape.self, "[1,2]")
        #expect(shape == .array([1, 2]))
        #expect(try roundTrip(Schemas.Shape.named(.init(name: "n"))) == .named(.init(name: "n")))
    }

    @Test func anyOfKeepsEveryMatchingBranch() throws {
        typealias Schemas = CompositionFixture.Components.Schemas
        let both = try decode(Schemas.NamedOrAged.self, #"{"name":"Ada","age":36}"#)
        #expect(both.value1 == Schemas.Named(name: "Ada"))
        #expect(both.value2 == Schemas.Aged(age: 36))
        let one = try decode(Schemas.NamedOrAged.self, #"{"age":1}"#)
        #expect(one.value1 == nil)
        #expect(one.value2 == Schemas.Aged(age: 1))
        #expect(try roundTrip(one) == one)
        #expect(throws: OneOfDecodingError.self) { try decode(Schemas.NamedOrAged.self, #"{"other":1}"#) }
    }

    // MARK: discriminator

    @Test func discriminatorWithMappingUsesMappedValues() throws {
        typealias Schemas = DiscriminatorFixture.Components.Schemas
        let cat = try decode(Schemas.MappedPet.self, #"{"petType":"kitty","meows":true}"#)
        #expect(cat == .cat(.init(petType: "kitty", meows: true)))
        let dog = try decode(Schemas.MappedPet.self, #"{"petType":"puppy","barks":3}"#)
        #expect(dog == .dog(.init(petType: "puppy", barks: 3)))
        let unknown = try decode(Schemas.MappedPet.self, #"{"petType":"Cat","meows":true}"#)
        #expect(unknown == .unknown(["petType": "Cat", "meows": true]))
        #expect(try jsonText(unknown) == #"{"meows":true,"petType":"Cat"}"#)
        for pet in [cat, dog, unknown] { #expect(try roundTrip(pet) == pet) }
    }

    @Test func discriminatorWithoutMappingUsesSchemaNames() throws {
        typealias Schemas = DiscriminatorFixture.Components.Schemas
        let cat = try decode(Schemas.Pet.self, #"{"petType":"Cat","meows":false}"#)
        #expect(cat == .cat(.init(petType: "Cat", meows: false)))
        let dog = try decode(Schemas.Pet.self, #"{"petType":"Dog","barks":1}"#)
        #expect(dog == .dog(.init(petType: "Dog", barks: 1)))
        #expect(try decode(Schemas.Pet.self, #"{"petType":"Fish"}"#) == .unknown(["petType": "Fish"]))
        #expect(try jsonText(dog) == #"{"barks":1,"petType":"Dog"}"#)
        #expect(throws: (any Error).self) { try decode(Schemas.Pet.self, #"{"meows":true}"#) }
    }

    // MARK: additionalProperties

    @Test func additionalPropertiesTrueKeepsUnknownMembers() throws {
        typealias Open = AdditionalFixture.Components.Schemas.Open
        let open = try decode(Open.self, #"{"id":"a","extra":{"x":[1,null]},"flag":true}"#)
        #expect(open.id == "a")
        #expect(open.additionalProperties == ["extra": ["x": [1, nil]], "flag": true])
        #expect(try jsonText(open) == #"{"extra":{"x":[1,null]},"flag":true,"id":"a"}"#)
        #expect(try roundTrip(open) == open)
    }

    @Test func additionalPropertiesSchemaTypesUnknownMembers() throws {
        typealias Schemas = AdditionalFixture.Components.Schemas
        let counts = try decode(Schemas.Counts.self, #"{"total":3,"apples":1,"pears":2}"#)
        #expect(counts == Schemas.Counts(total: 3, additionalProperties: ["apples": 1, "pears": 2]))
        #expect(try jsonText(counts) == #"{"apples":1,"pears":2,"total":3}"#)
        #expect(throws: (any Error).self) { try decode(Schemas.Counts.self, #"{"apples":"many"}"#) }
        let dictionary = try decode(Schemas.Dictionary.self, #"{"a":"x","b":"y"}"#)
        #expect(dictionary.additionalProperties == ["a": "x", "b": "y"])
        #expect(try roundTrip(dictionary) == dictionary)
    }

    @Test func additionalPropertiesFalseRefusesUnknownMembers() throws {
        typealias Closed = AdditionalFixture.Components.Schemas.Closed
        #expect(try decode(Closed.self, #"{"id":"a"}"#) == Closed(id: "a"))
        #expect(throws: (any Error).self) { try decode(Closed.self, #"{"id":"a","other":1}"#) }
        #expect(try roundTrip(Closed(id: "z")) == Closed(id: "z"))
    }

    // MARK: free-form values

    @Test func freeFormValuesKeepAnyJSON() throws {
        typealias Envelope = FreeFormFixture.Components.Schemas.Envelope
        let text = #"{"list":[1,"two",3.5,false,null],"metadata":{"a":{"b":[]}},"payload":{"deep":[{"x":null}]}}"#
        let envelope = try decode(Envelope.self, text)
        #expect(envelope.payload == ["deep": [["x": nil]]])
        #expect(envelope.metadata == ["a": ["b": []]])
        #expect(envelope.list == [1, "two", 3.5, false, nil])
        #expect(try jsonText(envelope) == text)
        #expect(try decode(Envelope.self, #"{"payload":"just text"}"#).payload == "just text")
    }

    // MARK: recursion

    @Test func recursiveTreeNodeRoundTrips() throws {
        typealias TreeNode = RecursionFixture.Components.Schemas.TreeNode
        let root = TreeNode(name: "root")
        let child = TreeNode(name: "child", parent: root, children: [TreeNode(name: "leaf")])
        let tree = TreeNode(name: "top", parent: nil, children: [child])
        #expect(
            try jsonText(tree)
                == #"{"children":[{"children":[{"name":"leaf"}],"name":"child","parent":{"name":"root"}}],"name":"top"}"#
        )
        let copy = try roundTrip(tree)
        #expect(copy == tree)
        #expect(copy.children?.first?.parent?.name == "root")
        var changed = copy
        changed.parent = TreeNode(name: "new")
        #expect(changed.parent?.name == "new")
        #expect(changed != copy)
    }

    @Test func aListOrMapOfItselfIsCodedAsTheListOrMap() throws {
        typealias Schemas = RecursionFixture.Components.Schemas
        let nested = try decode(Schemas.Nested.self, "[[],[[]]]")
        #expect(nested == .value([.value([]), .value([.value([])])]))
        #expect(try jsonText(nested) == "[[],[[]]]")
        let graph = try decode(Schemas.Graph.self, #"{"a":{"b":{}}}"#)
        #expect(try roundTrip(graph) == graph)
        #expect(try jsonText(graph) == #"{"a":{"b":{}}}"#)
        let ping = try decode(Schemas.Ping.self, "[[[]]]")
        #expect(try jsonText(ping) == "[[[]]]")
        #expect(try roundTrip(ping) == ping)
    }

    @Test func recursiveOneOfRoundTrips() throws {
        typealias Schemas = RecursionFixture.Components.Schemas
        let expr = Schemas.Expr.sum(
            .init(
                left: .literal(.init(value: 1)),
                right: .sum(.init(left: .literal(.init(value: 2)), right: .literal(.init(value: 3))))))
        let text = #"{"left":{"value":1},"right":{"left":{"value":2},"right":{"value":3}}}"#
        #expect(try jsonText(expr) == text)
        #expect(try decode(Schemas.Expr.self, text) == expr)
        // An anyOf that names itself reads its other values only.
        #expect(try decode(Schemas.Loose.self, #""text""#) == Schemas.Loose(value2: "text"))
        #expect(throws: OneOfDecodingError.self) { try decode(Schemas.Loose.self, "5") }
        // A value no branch reads is an error, not an endless recursion through the branch that is the union itself.
        #expect(throws: OneOfDecodingError.self) { try decode(Schemas.Expr.self, #""neither""#) }
    }

    // MARK: readOnly and writeOnly

    @Test func readOnlyAndWriteOnlyPropertiesAreOptional() throws {
        typealias Account = ReadWriteFixture.Components.Schemas.Account
        // A request carries no `id`; an answer carries no `password`: both decode.
        let request = try decode(Account.self, #"{"login":"ada","password":"secret"}"#)
        #expect(request == Account(login: "ada", password: "secret"))
        let answer = try decode(Account.self, #"{"id":"7","login":"ada"}"#)
        #expect(answer == Account(id: "7", login: "ada"))
        #expect(try jsonText(answer) == #"{"id":"7","login":"ada"}"#)
        #expect(try roundTrip(request) == request)
    }

    // MARK: formats

    @Test func dateTimeWithAndWithoutFractionalSeconds() throws {
        typealias Record = FormatsFixture.Components.Schemas.Record
        let whole = try decode(
            Record.self, #"{"createdAt":"2024-02-29T12:34:56Z","day":"2024-02-29","small":1,"big":2,"blob":""}"#)
        #expect(whole.createdAt == Date(timeIntervalSince1970: 1_709_210_096))
        let fraction = try decode(
            Record.self, #"{"createdAt":"2024-02-29T12:34:56.250Z","day":"2024-02-29","small":1,"big":2,"blob":""}"#)
        #expect(fraction.createdAt == Date(timeIntervalSince1970: 1_709_210_096.25))
        let offset = try decode(
            Record.self, #"{"createdAt":"2024-02-29T14:34:56+02:00","day":"2024-02-29","small":1,"big":2,"blob":""}"#)
        #expect(offset.createdAt == whole.createdAt)
        #expect(try roundTrip(fraction) == fraction)
        #expect(try roundTrip(whole) == whole)
        #expect(try jsonText(whole).contains(#""createdAt":"2024-02-29T12:34:56Z""#))
        #expect(try jsonText(fraction).contains(#""createdAt":"2024-02-29T12:34:56.25"#))
        #expect(throws: (any Error).self) {
            try decode(Record.self, #"{"createdAt":"yesterday","day":"2024-02-29","small":1,"big":2,"blob":""}"#)
        }
    }

    @Test func dateIntegersAndBytes() throws {
        typealias Record = FormatsFixture.Components.Schemas.Record
        let text =
            #"{"big":9007199254740993,"blob":"aGVsbG8=","createdAt":"2024-01-01T00:00:00Z","day":"2024-02-29","small":-2147483648}"#
        let record = try decode(Record.self, text)
        #expect(record.day == CalendarDate(year: 2024, month: 2, day: 29))
        #expect(record.small == Int32.min)
        #expect(record.big == 9_007_199_254_740_993)
        #expect(record.blob.data == Data("hello".utf8))
        #expect(try jsonText(record) == text)
        #expect(throws: (any Error).self) {
            try decode(
                Record.self,
                #"{"big":1,"blob":"","createdAt":"2024-01-01T00:00:00Z","day":"2024-02-29","small":2147483648}"#)
        }
        #expect(throws: (any Error).self) {
            try decode(
                Record.self, #"{"big":1,"blob":"","createdAt":"2024-01-01T00:00:00Z","day":"2024-02-30","small":1}"#)
        }
        var withRaw = record
        withRaw.raw = Data([0, 1, 2, 255])
        #expect(try roundTrip(withRaw) == withRaw)
    }
}
