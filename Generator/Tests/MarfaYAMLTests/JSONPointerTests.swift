import MarfaYAML
import Testing

@Suite struct JSONPointerTests {
    static let json = #"""
        {"paths": {"/pets/{id}": {"get": 1}}, "a~b": 2, "list": [10, 20], "": 3,
         "sp ace": 4, "pct%": 5, "é": 6, "m~1n": 7}
        """#

    @Test(arguments: [
        ("", "root"),
        ("#", "root"),
        ("/paths/~1pets~1{id}/get", "1"),
        ("#/paths/~1pets~1%7Bid%7D/get", "1"),
        ("#/paths/%7E1pets%7E1%7bid%7d/get", "1"),
        ("/a~0b", "2"),
        ("/m~01n", "7"),
        ("/list/0", "10"),
        ("/list/1", "20"),
        ("/", "3"),
        ("#/sp%20ace", "4"),
        ("/sp ace", "4"),
        ("/pct%", "5"),
        ("#/pct%25", "5"),
        ("/é", "6"),
        ("#/%C3%A9", "6"),
    ])
    func finds(_ pointer: String, _ expected: String) throws {
        let root = try YAMLLoader.parse(Array(Self.json.utf8), file: "p.json")
        let node = try #require(root.value(at: pointer))
        #expect(expected == "root" ? node.entries != nil : node.string == expected)
    }

    @Test(arguments: [
        "paths", "#paths", "/list/01", "/list/2", "/list/-", "/list/+1", "/list/x", "/list/0/x",
        "/a~2b", "/a~", "/sp%20ace", "#/pct%", "#/pct%2", "#/%FF", "/missing", "//",
    ])
    func findsNothing(_ pointer: String) throws {
        let root = try YAMLLoader.parse(Array(Self.json.utf8), file: "p.json")
        #expect(root.value(at: pointer) == nil)
    }

    @Test func tokensAndEscaping() {
        #expect(JSONPointer.tokens(of: "/a~1b/c~0d/") == ["a/b", "c~d", ""])
        // RFC 6901 §6: the fragment is percent-decoded first, so %2F is a separator.
        #expect(JSONPointer.tokens(of: "#/a%2Fb") == ["a", "b"])
        #expect(JSONPointer.tokens(of: "#/a~1b") == ["a/b"])
        #expect(JSONPointer.tokens(of: "") == [])
        #expect(JSONPointer.tokens(of: "x") == nil)
        #expect(JSONPointer.escaped("a/b~c") == "a~1b~0c")
        #expect(JSONPointer.pointer(["components", "schemas", "a/b~"]) == "/components/schemas/a~1b~0")
        #expect(JSONPointer.tokens(of: JSONPointer.pointer(["x/~1", "~0"])) == ["x/~1", "~0"])
        #expect(JSONPointer.percentDecoded("a%20b%c3%a9") == "a bé")
    }

    @Test func asciiAndOtherPointersSplitAlike() {
        // ASCII pointers take a byte-by-byte path; others are split by character. Both agree.
        #expect(JSONPointer.tokens(of: "/e~1x/~0/") == ["e/x", "~", ""])
        #expect(JSONPointer.tokens(of: "/é~1x/~0/") == ["é/x", "~", ""])
        #expect(JSONPointer.tokens(of: "/e~2") == nil)
        #expect(JSONPointer.tokens(of: "/é~2") == nil)
        #expect(JSONPointer.tokens(of: "/e/~") == nil)
        #expect(JSONPointer.tokens(of: "/é/~") == nil)
    }
}
