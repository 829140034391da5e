import Foundation
import Marfa
import Testing

@Suite("JSONObject: an ordered map, read strictly from text and written compactly")
struct JSONObjectTests {
    @Test("a subscript set appends a new key and replaces a held one in place; nil and removeValue close the gap")
    func subscriptsKeepOrder() {
        var object: JSONObject = ["zeta": 1, "alpha": 2]
        object["mid"] = "m"
        object["zeta"] = 9
        #expect(object.keys == ["zeta", "alpha", "mid"] && object["zeta"] == 9)
        #expect(object.removeValue(forKey: "alpha") == 2 && object.removeValue(forKey: "alpha") == nil)
        object["mid"] = nil
        #expect(object.keys == ["zeta"] && object.values == [9])
        for (key, value) in object { #expect(key == "zeta" && value == 9) }
    }

    @Test("a large object, found through its index, behaves as a small one")
    func largeObject() {
        var object = JSONObject((0..<40).map { ("k\($0)", JSONValue($0)) })
        #expect(object.removeValue(forKey: "k5") == 5)
        #expect(object.index(forKey: "k6") == 5 && object["k39"] == 39 && object["k5"] == nil)
        object["k5"] = "back"
        #expect(object.keys.last == "k5" && object.count == 40 && object.index(forKey: "k5") == 39)
        object["k0"] = nil
        #expect(object.keys.first == "k1" && object.index(forKey: "k5") == 38)
    }

    @Test("equality and hashing ignore the order, as JSON's do; the keys still show it")
    func equalityIgnoresOrder() {
        let one: JSONObject = ["a": 1, "b": ["x": 1, "y": 2]]
        let other: JSONObject = ["b": ["y": 2, "x": 1], "a": 1]
        #expect(one == other && Set([one, other]).count == 1 && one.keys != other.keys)
        #expect(one != ["a": 1] && one != ["a": 2, "b": ["x": 1, "y": 2]])
    }

    @Test("json() is compact, keeps the order and gives the same text every time; init(json:) reads it back")
    func jsonRoundTrip() throws {
        let text = #" { "b" : 1 , "a" : [ true , null , 1.5 , "x\n\"é" , { "z" : { } , "y" : [ ] } ] } "#
        let object = try JSONObject(json: text)
        let compact = #"{"b":1,"a":[true,null,1.5,"x\n\"é",{"z":{},"y":[]}]}"#
        #expect(object.json() == compact && object.json() == object.json() && object.description == compact)
        let again = try JSONObject(json: object.json())
        #expect(again == object && again.keys == ["b", "a"] && again["a"]?.array?[4].object?.keys == ["z", "y"])
        #expect(try JSONValue(json: "[1, 2.5, \"3\"]").json() == #"[1,2.5,"3"]"#)
    }

    @Test(
        "init(json:) refuses text outside RFC 8259 with invalid_json, naming the byte and the reason",
        arguments: [
            (#"{"a": 1,}"#, "syntax", 8), ("[1, 2,]", "syntax", 6), (#"{"a": 1} // note"#, "syntax", 9),
            (#"{"a": 1, "a": 2}"#, "duplicate_member", 9), (#"{"a": 1 "b": 2}"#, "syntax", 8),
        ])
    func refusals(_ text: String, reason: String, offset: Int) throws {
        let error = try #require(throws: MarfaError.self) { try JSONObject(json: text) }
        guard case .validation("invalid_json", let message, let details) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(details?["reason"] == .string(reason) && details?["offset"] == .int(Int64(offset)))
        #expect(message.contains("byte \(offset)"))
    }

    @Test("bytes that are not UTF-8 are refused at the first bad byte; text that isn't an object is named")
    func invalidUTF8AndNotAnObject() throws {
        let bytes: [UInt8] = Array(#"{"a": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        let error = try #require(throws: MarfaError.self) { try JSONObject(json: bytes) }
        #expect(error.details?["reason"] == "invalid_utf8" && error.details?["offset"] == 7)
        let notObject = try #require(throws: MarfaError.self) { try JSONObject(json: "[1]") }
        #expect(notObject.details?["reason"] == "not_an_object")
        #expect(try JSONValue(json: "[1]") == [1])
    }

    @Test("nesting up to the limit reads; one level past it is refused as too_deep, not a crash")
    func nestingLimit() throws {
        let limit = JSONValue.nestingLimit
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(throws: Never.self) { try JSONValue(json: deepest) }
        let past = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        let error = try #require(throws: MarfaError.self) { try JSONValue(json: past) }
        #expect(error.details?["reason"] == "too_deep" && error.details?["offset"] == .int(Int64(limit)))
    }

    private struct Page: Codable {
        var title: String
        var extra: JSONObject
        var count: Int
    }

    @Test("a record's fields keep its declaration order, and a JSONObject inside keeps its own both ways")
    func recordsKeepOrder() throws {
        let page = Page(title: "T", extra: ["z": 1, "a": 2], count: 3)
        let value = try JSONValue(encoding: page)
        #expect(value.object?.keys == ["title", "extra", "count"] && value["extra"]?.object?.keys == ["z", "a"])
        #expect(try value.decode(Page.self).extra.keys == ["z", "a"])
        let draft = try Draft(type: "core.note", encoding: page)
        #expect(draft.properties.keys == ["title", "extra", "count"])
        let built = Draft(type: "core.note", values: ["title": "T", "pages": 3, "due": Date(timeIntervalSince1970: 0)])
        #expect(
            built.properties.keys == ["title", "pages", "due"] && built.properties["due"] == "1970-01-01T00:00:00Z")
    }
}

extension MarfaError {
    /// The `details` of a `validation` error, else nil.
    fileprivate var details: JSONObject? {
        if case .validation(_, _, let details) = self { details } else { nil }
    }
}
