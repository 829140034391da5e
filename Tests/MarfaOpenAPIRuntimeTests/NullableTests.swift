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
        #expect(value.description == #"{"a":"\u0001","b":[1,2.5,"x\n\"y\"",true,null]}"#)
        #expect(try JSONCoding.decode(OpenAPIValue.self, from: Data(value.description.utf8)) == value)
    }
}
