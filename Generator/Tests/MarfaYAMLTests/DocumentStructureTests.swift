import Foundation
import MarfaYAML
import Testing

@Suite struct DocumentStructureTests {
    @Test func jsonEscapesAreDecoded() throws {
        let root = try YAMLLoader.parse(
            #"{"u": "\/api\/v1", "e": "\u00e9\u4e2d\ud83d\ude00", "c": "a\tb\n\"q\"\\", "z": "\u0000"}"#, file: "e.json"
        )
        #expect(root["u"]?.string == "/api/v1")
        #expect(root["e"]?.string == "é中😀")
        #expect(root["c"]?.string == "a\tb\n\"q\"\\")
        #expect(root["z"]?.string == "\u{0}")
    }

    @Test func jsonSurrogatePairsAreDecodedAndPositionsKept() throws {
        let root = try YAMLLoader.parse(
            Array(#"{"a": "\ud83d\ude00 \uD83D\uDE03", "b": 1, "lone": "x\udc00y"}"#.utf8), file: "s.json")
        #expect(root["a"]?.string == "😀 😃")
        #expect(root["lone"]?.string == "x\u{FFFD}y")
        #expect(at(try #require(root.entry(forKey: "b")).keyLocation) == "1:36")
        #expect(at(try #require(root["b"]).location) == "1:41")
        #expect(at(try #require(root.entry(forKey: "lone")).keyLocation) == "1:44")
        // Still an error past the rewrite, at the original column.
        #expect(
            parseError(#"{"a": "\ud83d\ude00" "b": 1}"#, file: "s.json")?.description
                == "s.json:1:22: error: did not find expected ',' or '}' (while parsing a flow mapping at 1:1)")
        // In YAML, a surrogate escape outside JSON is left for libyaml to reject.
        #expect(
            parseError("a: \"\\ud83d\"\n", file: "s.yaml")?.message.hasPrefix(
                "found invalid Unicode character escape code") == true)
        // Plain YAML text that merely mentions one is untouched.
        #expect(try YAMLLoader.parse("a: \\ud83d\n", file: "s.yaml")["a"]?.string == "\\ud83d")
    }

    @Test func rawC1ControlCharactersInJSONStringsLoadAndPositionsKept() throws {
        // RFC 8259 allows U+0080–U+009F unescaped; U+0085 must stay text, not a YAML line break.
        let root = try YAMLLoader.parse(
            Array("{\"a\": \"x\u{85}y\u{9F}\", \"b\": 1,\n \"\u{80}\": \"\u{90}\u{91}\", \"c\": []}".utf8),
            file: "c1.json")
        #expect(root["a"]?.string == "x\u{85}y\u{9F}")
        #expect(at(try #require(root.entry(forKey: "b")).keyLocation) == "1:15")
        #expect(at(try #require(root["b"]).location) == "1:20")
        #expect(root["\u{80}"]?.string == "\u{90}\u{91}")
        #expect(at(try #require(root.entry(forKey: "c")).keyLocation) == "2:13")
        // Outside JSON, YAML's rule stands.
        #expect(
            parseError("a: \"x\u{80}\"\n", file: "c1.yaml")?.message.hasPrefix("control characters are not allowed")
                == true)
    }

    @Test func deepJSONNestingLoads() throws {
        let depth = 999
        let json = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        var node = try YAMLLoader.parse(Array(json.utf8), file: "deep.json")
        var levels = 0
        while let first = node.elements?.first {
            node = first
            levels += 1
        }
        #expect(levels == depth)
        #expect(node.int == 1)
        #expect(at(node.location) == "1:1000")

        let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(
            try YAMLLoader.parse(Array(objects.utf8), file: "deep.json").value(
                at: String(repeating: "/a", count: depth))?.int == 1)
    }

    @Test func nestingBeyondTheLimitIsAnError() {
        let json = String(repeating: "[", count: 1001) + String(repeating: "]", count: 1001)
        #expect(
            parseError(json, file: "deep.json")?.description
                == "deep.json:1:1001: error: nesting is deeper than 1000 levels")
        #expect(
            parseError("a: [[[1]]]\n", limits: LoadLimits(maxDepth: 3))?.description
                == "test.yaml:1:6: error: nesting is deeper than 3 levels")
    }

    @Test func scalarRootAndSequenceRoot() throws {
        #expect(try YAMLLoader.parse("hello\n", file: "s.yaml").string == "hello")
        #expect(try YAMLLoader.parse("null", file: "s.yaml").isNull)
        #expect(render(try YAMLLoader.parse("- a\n- 'b'\n", file: "s.yaml")) == "[a, \"b\"]")
        #expect(try YAMLLoader.parse("--- x\n...\n", file: "s.yaml").string == "x")
    }

    @Test func blockScalarsAndStyles() throws {
        let root = try YAMLLoader.parse(
            """
            lit: |
              line 1
              line 2
            fold: >
              a
              b
            plain: multi
              line
            single: 'it''s'

            """, file: "b.yaml")
        #expect(root["lit"]?.string == "line 1\nline 2\n")
        #expect(root["fold"]?.string == "a b\n")
        #expect(root["plain"]?.string == "multi line")
        #expect(root["single"]?.string == "it's")
        #expect(root["lit"]?.scalar?.isPlain == false)
        #expect(root["plain"]?.scalar?.isPlain == true)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let root = try YAMLLoader.parse([0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8), file: "bom.yaml")
        #expect(root["a"]?.int == 1)
        #expect(at(try #require(root["a"]).location) == "1:4")
    }

    @Test func loadReadsFiles() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/spec.yaml"
        try write("a: 1\na: 2\n", to: path)
        let document = try YAMLLoader.loadDocument(path: path)
        #expect(document.root["a"]?.int == 2)
        #expect(document.warnings.count == 1)
        #expect(try YAMLLoader.load(path: path).location.file == path)
    }

    @Test func mappingKeysMayBeAnyScalar() throws {
        let root = try YAMLLoader.parse("1: a\nnull: b\n'q': c\n? |\n  block\n: d\n", file: "k.yaml")
        #expect(root.entries?.map(\.key) == ["1", "null", "q", "block\n"])
    }
}
