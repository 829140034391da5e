import Foundation
import MarfaOpenAPIRuntime
import Testing

@Suite struct NullableTests {
    struct Patch: Codable, Equatable {
        var retention: Nullable<Int>?
    }

    @Test func keepsAbsentApartFromNull() throws {
        #expect(try JSONCoding.decode(Patch.self, from: Data("{}".utf8)).retention == nil)
        #expect(try JSONCoding.decode(Patch.self, from: Data(#"{"retention":null}"#.utf8)).retention == .null)
        #expect(try JSONCoding.decode(Patch.self, from: Data(#"{"retention":7}"#.utf8)).retention == .value(7))
    }

    @Test func writesEachStateAsItWas() throws {
        #expect(String(decoding: try JSONCoding.encode(Patch(retention: nil)), as: UTF8.self) == "{}")
        #expect(
            String(decoding: try JSONCoding.encode(Patch(retention: .null)), as: UTF8.self) == #"{"retention":null}"#)
        #expect(String(decoding: try JSONCoding.encode(Patch(retention: 7)), as: UTF8.self) == #"{"retention":7}"#)
    }

    @Test func freeFormValuesRoundTrip() throws {
        let value: OpenAPIValue = ["a": [1, 2.5, "x", true, nil], "b": ["c": "d"]]
        let decoded = try JSONCoding.decode(OpenAPIValue.self, from: try JSONCoding.encode(value))
        #expect(decoded == value)
        #expect(decoded["a"]?.array?[1].double == 2.5)
    }
}

@Suite struct OpenAPIValueTextTests {
    @Test func describesItselfAsCompactJSON() throws {
        let value: OpenAPIValue = ["b": [1, 2.5, "x\n\"y\"", true, nil], "a": "\u{1}"]
        #expect(value.description == #"{"b":[1,2.5,"x\n\"y\"",true,null],"a":"\u0001"}"#)
        let decoded = try JSONCoding.decode(OpenAPIValue.self, from: Data(value.description.utf8))
        #expect(decoded == value && decoded.object?.keys == ["b", "a"])
    }

    @Test func codingKeepsMemberOrderAndAGeneratedTypesOrder() throws {
        struct Shape: Codable, Equatable {
            var zeta: Int
            var free: OpenAPIObjectContainer
            var alpha: Date
        }
        let shape = Shape(zeta: 1, free: ["y": 1, "x": [["b": 2, "a": 1]]], alpha: Date(timeIntervalSince1970: 0))
        let text = String(decoding: try JSONCoding.encode(shape), as: UTF8.self)
        #expect(text == #"{"zeta":1,"free":{"y":1,"x":[{"b":2,"a":1}]},"alpha":"1970-01-01T00:00:00Z"}"#)
        let sorted = String(decoding: try JSONCoding.encode(shape, sortingKeys: true), as: UTF8.self)
        #expect(sorted == #"{"alpha":"1970-01-01T00:00:00Z","free":{"y":1,"x":[{"b":2,"a":1}]},"zeta":1}"#)
        let decoded = try JSONCoding.decode(Shape.self, from: Data(text.utf8))
        #expect(decoded == shape && decoded.free.keys == ["y", "x"])
        #expect(decoded.free["x"]?.array?.first?.object?.keys == ["b", "a"])
        #expect(throws: DecodingError.self) { try JSONCoding.decode(Shape.self, from: Data(#"{"zeta":1,}"#.utf8)) }
    }
}

@Suite struct OrderedCodersTests {
    private struct Everything: Codable, Equatable {
        enum Shade: String, Codable { case light, dark }
        var when: Date
        var bytes: Data
        var link: URL
        var small: Int8
        var large: UInt64
        var ratio: Double
        var whole: Double
        var absent: String?
        var shade: Shade
        var grid: [[Int]]
        var nested: [String: Bool]
    }

    private static let text = #"""
        {"when":"2026-12-04T10:00:00.5Z","bytes":"AAEC","link":"https://example.com/a?b=c","small":-8,
        "large":10000000000000000000,"ratio":0.25,"whole":3,"shade":"dark","grid":[[1,2],[]],"nested":{"y":true}}
        """#

    @Test func readsWhatFoundationReadsToTheSameValues() throws {
        let ours = try JSONCoding.decode(Everything.self, from: Data(Self.text.utf8))
        let foundation = try JSONCoding.makeDecoder().decode(Everything.self, from: Data(Self.text.utf8))
        #expect(
            ours == foundation && ours.bytes == Data([0, 1, 2]) && ours.large == 10_000_000_000_000_000_000
                && ours.absent == nil)
        let again = try JSONCoding.decode(Everything.self, from: JSONCoding.encode(ours))
        #expect(again == ours)
    }

    @Test func refusesWhatDoesNotFitNamingThePath() throws {
        let wrong = Self.text.replacingOccurrences(of: #""small":-8"#, with: #""small":300"#)
        #expect(throws: DecodingError.self) { try JSONCoding.decode(Everything.self, from: Data(wrong.utf8)) }
        let missing = Self.text.replacingOccurrences(of: #""shade":"dark","#, with: "")
        do {
            _ = try JSONCoding.decode(Everything.self, from: Data(missing.utf8))
            Issue.record("a missing member decoded")
        } catch DecodingError.keyNotFound(let key, _) {
            #expect(key.stringValue == "shade")
        }
        let nested = Self.text.replacingOccurrences(of: "[[1,2],[]]", with: #"[[1,"2"],[]]"#)
        do {
            _ = try JSONCoding.decode(Everything.self, from: Data(nested.utf8))
            Issue.record("a string decoded as an integer")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["grid", "Index 0", "Index 1"])
        }
        #expect(throws: EncodingError.self) { try JSONCoding.encode(["x": Double.nan]) }
    }
}
