import MarfaOpenAPIRuntime
import Testing

/// `JSONTextParser` on bytes, as the local instance reads request bodies: RFC 8259, UTF-8
/// throughout, every member named once, and the reason for a refusal.
@Suite struct StrictJSONReaderTests {
    @Test(
        "refuses trailing commas, control bytes and anything else outside the grammar",
        arguments: [
            #"{"a":1,}"#, #"[1,]"#, #"{"a":[1,2,],"b":2}"#, "{\"a\":\"x\u{0}\"}", "\u{FEFF}{}", #"{"a":1}}"#,
            "[1]\u{0}",
        ])
    func refusesSyntax(_ text: String) {
        #expect(throws: JSONTextParser.Failure.self) { try JSONTextParser.parse(Array(text.utf8)) }
    }

    @Test func refusesAMemberNamedTwiceAtAnyDepth() {
        #expect(throws: JSONTextParser.Failure.duplicateMember("type", offset: 12)) {
            try JSONTextParser.parse(Array(#"{"type":"a","type":"b"}"#.utf8))
        }
        #expect(throws: JSONTextParser.Failure.duplicateMember("b", offset: 21)) {
            try JSONTextParser.parse(Array(#"{"a":[{"b":1},{"b":1,"b":2}]}"#.utf8))
        }
        #expect(
            JSONTextParser.parse(#"{"a":{"a":1},"b":{"a":2}}"#) != nil, "the same name in different objects is fine")
    }

    @Test(
        "refuses bytes that are not UTF-8, wherever they are",
        arguments: [
            [0xFF], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC3],
            [0xE2, 0x82],
        ] as [[UInt8]])
    func refusesInvalidUTF8(_ bad: [UInt8]) {
        let body = Array(#"{"ignored":""#.utf8) + bad + Array(#"","a":1}"#.utf8)
        #expect(throws: JSONTextParser.Failure.invalidUTF8(offset: 12)) { try JSONTextParser.parse(body) }
    }

    @Test func readsWellFormedUTF8AndEscapes() throws {
        let text = #"{"é":"😀 中 \u00e9 \ud83d\ude00","n":[1,-2.5e3,null,true]}"#
        let value = try JSONTextParser.parse(Array(text.utf8))
        #expect(
            value == .object(["é": .string("😀 中 é 😀"), "n": .array([.int(1), .double(-2500), .null, .bool(true)])]))
    }

    @Test func refusesNestingPastTheLimitWithItsReason() {
        let deep =
            String(repeating: "[", count: JSONTextParser.maximumDepth + 1)
            + String(repeating: "]", count: JSONTextParser.maximumDepth + 1)
        #expect(throws: JSONTextParser.Failure.tooDeep(offset: JSONTextParser.maximumDepth)) {
            try JSONTextParser.parse(Array(deep.utf8))
        }
    }
}
