import Foundation
import Marfa
import Testing

@Suite("Values: JSONValue from Swift values and Encodable ones")
struct JSONValueConversionTests {
    private struct Address: Codable, Equatable {
        var city: String
        var postCode: String?
        enum CodingKeys: String, CodingKey {
            case city
            case postCode = "post_code"
        }
    }

    private struct Contact: Codable, Equatable {
        var name: String
        var tags: [String]
        var address: Address
        var score: Double
    }

    @Test("variables of every scalar kind become the JSON value of their kind")
    func scalarsFromVariables() {
        let title = "Groceries"
        let count = 3
        let large = UInt64.max
        let ratio = 0.25
        let done = true
        let when = Date(timeIntervalSince1970: 1_700_000_000)
        let missing: String? = nil
        #expect(JSONValue(title) == .string("Groceries"))
        #expect(JSONValue(count) == .int(3))
        #expect(JSONValue(Int8(-4)) == .int(-4))
        #expect(JSONValue(large) == .double(Double(UInt64.max)))
        #expect(JSONValue(ratio) == .double(0.25))
        #expect(JSONValue(done) == .bool(true))
        #expect(JSONValue(when) == .string("2023-11-14T22:13:20Z"))
        #expect(JSONValue(missing) == .null)
        #expect(JSONValue(when).date == when)
    }

    @Test("arrays, dictionaries and a [String: any JSONRepresentable] builder take variables")
    func collectionsFromVariables() {
        let title = "Call back"
        let tags = ["work", "phone"]
        let sizes: [String: Int] = ["small": 1]
        let draft = Draft(type: "core.task", properties: ["title": .init(title), "tags": .init(tags)])
        #expect(draft.properties == ["title": "Call back", "tags": ["work", "phone"]])
        #expect(JSONValue(sizes) == ["small": 1])
        let built = Draft(type: "core.task", values: ["title": title, "done": false, "rank": 2, "labels": tags])
        #expect(built.properties == ["title": "Call back", "done": false, "rank": 2, "labels": ["work", "phone"]])
        #expect(JSONValue(members: ["n": 1.5, "s": title]) == ["n": 1.5, "s": "Call back"])
    }

    @Test("typed accessors answer their kind and nil for any other")
    func accessors() {
        let value: JSONValue = ["n": 2, "f": 2.5, "s": "x", "b": true, "a": [1], "o": ["k": nil]]
        #expect(value["n"]?.integer == 2 && value["n"]?.number == 2)
        #expect(value["f"]?.number == 2.5 && value["f"]?.integer == nil)
        #expect(value["s"]?.string == "x" && value["s"]?.number == nil && value["s"]?.date == nil)
        #expect(value["b"]?.bool == true && value["b"]?.integer == nil)
        #expect(value["a"]?.array == [1] && value["o"]?.object == ["k": .null])
    }

    @Test("an Encodable value is encoded with its coding keys, nested, nil optionals left out")
    func fromEncodable() throws {
        let contact = Contact(
            name: "Ada", tags: ["a", "b"], address: Address(city: "London", postCode: nil), score: 1.5)
        let value = try JSONValue(encoding: contact)
        #expect(value == ["name": "Ada", "tags": ["a", "b"], "address": ["city": "London"], "score": 1.5])
        #expect(try value.decode(Contact.self) == contact)
    }

    @Test("a number JSON cannot hold is refused, naming the field")
    func nonFiniteRefused() throws {
        let contact = Contact(name: "Ada", tags: [], address: Address(city: "X"), score: .infinity)
        let error = try #require(throws: MarfaError.self) { try JSONValue(encoding: contact) }
        guard case .invalid(let message) = error else {
            Issue.record("expected invalid, got \(error)")
            return
        }
        #expect(message.contains("`score`"))
    }

    @Test("a value of another shape is refused as validation naming the nested field")
    func decodingNamesField() throws {
        let value: JSONValue = ["name": "Ada", "tags": ["a", 2], "address": ["city": "London"], "score": 1]
        let error = try #require(throws: MarfaError.self) { try value.decode(Contact.self) }
        guard case .validation(let code, let message, let details) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(code == "record_mismatch" && details?["field"] == "tags[1]" && message.contains("`tags[1]`"))
        let noCity: JSONValue = ["name": "Ada", "tags": [], "address": ["post_code": "N1"], "score": 1]
        let missing = try #require(throws: MarfaError.self) { try noCity.decode(Contact.self) }
        guard case .validation(_, _, let missingDetails) = missing else {
            Issue.record("got \(missing)")
            return
        }
        #expect(missingDetails?["field"] == "address.city")
    }
}
