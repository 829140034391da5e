import Foundation
import Marfa
import MarfaOpenAPIRuntime
import Testing

@Suite("The store's JSON reader")
struct JSONTextParserTests {
    @Test(
        "reads what Foundation's JSONDecoder reads, to the same values",
        arguments: [
            #"{}"#, #"[]"#, #"null"#, #"true"#, #"false"#, #"0"#, #"-0"#, #"42"#, #"-9223372036854775808"#,
            #"9223372036854775807"#,
            #"2.5"#, #"1E-2"#, #"6.02e+23"#, #""""#, #""plain""#, #""quote \" backslash \\ slash \/""#,
            #""\b\f\n\r\t""#, #""\u00e9t\u00C9""#, #""\ud83d\ude00 grin""#, #""café 🌍""#,
            #" { "a" : [ 1 , 2.5 , "x" , null , true , { "b" : { } } ] , "c" : [ ] } "#,
            #"{"title":"Note","body":"Line one\nLine two","tags":["a","b"],"count":3,"ratio":0.5}"#,
        ])
    func agreesWithFoundation(_ text: String) throws {
        let expected = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(JSONTextParser.parse(text) == expected)
    }

    @Test("keeps a number's form: no fraction or exponent and 64 bits is an integer, anything else a double")
    func numbers() {
        #expect(JSONTextParser.parse("1.0") == .double(1))
        #expect(JSONTextParser.parse("1e2") == .double(100))
        #expect(JSONTextParser.parse("9223372036854775808") == .double(9_223_372_036_854_775_808))
        #expect(JSONTextParser.parse("-12") == .int(-12))
    }

    @Test(
        "refuses what is not one JSON value, whatever it is",
        arguments: [
            "", " ", "{", "}", "[1,]", "[,1]", "{\"a\"}", "{\"a\":}", "{\"a\":1,}", "{a:1}", "01", "1.", ".5", "-",
            "1e", "+1",
            "nul", "truex", "\"open", "\"bad \\x escape\"", "\"\\u12\"", "\"tab\there\"", "[1] 2", "1e400", "'single'",
            "[\"a\"\"b\"]",
        ])
    func refuses(_ text: String) {
        #expect(JSONTextParser.parse(text) == nil)
    }

    @Test("a lone surrogate half reads as U+FFFD, as it can't stand alone in a string")
    func loneSurrogates() {
        #expect(JSONTextParser.parse(#""\ud83d x""#) == .string("\u{FFFD} x"))
        #expect(JSONTextParser.parse(#""\ude00""#) == .string("\u{FFFD}"))
        #expect(JSONTextParser.parse(#""\ud83d\u0041""#) == .string("\u{FFFD}A"))
    }

    @Test("nesting past the limit is refused, not a crash")
    func deepNesting() {
        let depth = JSONTextParser.maximumDepth
        #expect(
            JSONTextParser.parse(String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1))
                != nil)
        #expect(JSONTextParser.parse(String(repeating: "[", count: 100_000)) == nil)
        #expect(
            JSONTextParser.parse(
                String(repeating: "{\"a\":", count: depth + 1) + "1" + String(repeating: "}", count: depth + 1)) == nil)
    }

    @Test("the store writes compact text, members in order, escaping only quotes, backslashes and control bytes")
    func writtenText() {
        let value: JSONValue = .object([
            "b": .string("q\" b\\ n\n r\r t\t \u{1}\u{1F} \u{7F} é 😀 /"),
            "a": .array([.int(-1), .double(0.5), .null, .bool(true)]),
        ])
        #expect(
            JSONText.encode(value) == #"{"b":"q\" b\\ n\n r\r t\t \u0001\u001f \#u{7F} é 😀 /","a":[-1,0.5,null,true]}"#)
    }

    @Test("every value the store writes reads back the same: 2,000 generated values")
    func roundTrips() {
        var random = SeededRandom(seed: 0x5EED)
        for _ in 0..<2000 {
            let value = Self.value(depth: 0, random: &random)
            let text = JSONText.encode(value)
            #expect(JSONTextParser.parse(text) == value, "\(text)")
        }
    }

    static func value(depth: Int, random: inout SeededRandom) -> JSONValue {
        switch random.next() % (depth > 3 ? 5 : 7) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2: return .int(Int64(bitPattern: random.next()))
        case 3: return .double(Double(Int64(bitPattern: random.next()) % 1_000_000) / 64 + 0.5)
        case 4: return .string(string(random: &random))
        case 5: return .array((0..<random.next() % 4).map { _ in value(depth: depth + 1, random: &random) })
        default:
            var members: JSONObject = [:]
            for _ in 0..<random.next() % 4 {
                members[string(random: &random)] = value(depth: depth + 1, random: &random)
            }
            return .object(members)
        }
    }

    static func string(random: inout SeededRandom) -> String {
        let pieces = ["a", "é", "\"", "\\", "\n", "\u{1}", "😀", " ", "/", "\u{7F}", "中"]
        return (0..<random.next() % 8).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }
}

/// A small deterministic generator (SplitMix64), so every run checks the same values.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
