import MarfaYAML
import Testing

/// What a scalar should read as: nil means "not this type".
struct ScalarCase: Sendable, CustomStringConvertible {
    var source: String
    var isNull = false
    var string: String?
    var bool: Bool?
    var int: Int?
    var double: Double?
    var description: String { source }
}

@Suite struct ScalarResolutionTests {
    static let cases: [ScalarCase] = [
        ScalarCase(source: "null", isNull: true),
        ScalarCase(source: "Null", isNull: true),
        ScalarCase(source: "NULL", isNull: true),
        ScalarCase(source: "~", isNull: true),
        ScalarCase(source: "", isNull: true),
        ScalarCase(source: "nULL", string: "nULL"),
        ScalarCase(source: "\"null\"", string: "null"),
        ScalarCase(source: "''", string: ""),
        ScalarCase(source: "!!null ''", isNull: true),
        ScalarCase(source: "true", string: "true", bool: true),
        ScalarCase(source: "True", string: "True", bool: true),
        ScalarCase(source: "TRUE", string: "TRUE", bool: true),
        ScalarCase(source: "false", string: "false", bool: false),
        ScalarCase(source: "False", string: "False", bool: false),
        ScalarCase(source: "FALSE", string: "FALSE", bool: false),
        ScalarCase(source: "yes", string: "yes"),
        ScalarCase(source: "tRUE", string: "tRUE"),
        ScalarCase(source: "'true'", string: "true"),
        ScalarCase(source: "!!bool \"false\"", string: "false", bool: false),
        ScalarCase(source: "42", string: "42", int: 42, double: 42),
        ScalarCase(source: "-17", string: "-17", int: -17, double: -17),
        ScalarCase(source: "+5", string: "+5", int: 5, double: 5),
        ScalarCase(source: "007", string: "007", int: 7, double: 7),
        ScalarCase(source: "0x1F", string: "0x1F", int: 31, double: 31),
        ScalarCase(source: "0xff", string: "0xff", int: 255, double: 255),
        ScalarCase(source: "0o17", string: "0o17", int: 15, double: 15),
        ScalarCase(source: "0o18", string: "0o18"),
        ScalarCase(source: "0x", string: "0x"),
        ScalarCase(source: "0b101", string: "0b101"),
        ScalarCase(source: "1_000", string: "1_000"),
        ScalarCase(source: "99999999999999999999", string: "99999999999999999999", double: 1e20),
        ScalarCase(source: "\"42\"", string: "42"),
        ScalarCase(source: "'42'", string: "42"),
        ScalarCase(source: "!!str 42", string: "42"),
        ScalarCase(source: "! 42", string: "42"),
        ScalarCase(source: "!!int \"42\"", string: "42", int: 42, double: 42),
        ScalarCase(source: "|\n  42", string: "42\n"),
        ScalarCase(source: "3.5", string: "3.5", double: 3.5),
        ScalarCase(source: "-0.25", string: "-0.25", double: -0.25),
        ScalarCase(source: "1e3", string: "1e3", double: 1000),
        ScalarCase(source: "1E+2", string: "1E+2", double: 100),
        ScalarCase(source: "2.5e-1", string: "2.5e-1", double: 0.25),
        ScalarCase(source: ".5", string: ".5", double: 0.5),
        ScalarCase(source: "-.5", string: "-.5", double: -0.5),
        ScalarCase(source: "1.", string: "1.", double: 1),
        ScalarCase(source: ".", string: "."),
        ScalarCase(source: "1e", string: "1e"),
        ScalarCase(source: "1.2.3", string: "1.2.3"),
        ScalarCase(source: ".inf", string: ".inf", double: .infinity),
        ScalarCase(source: "+.Inf", string: "+.Inf", double: .infinity),
        ScalarCase(source: "-.INF", string: "-.INF", double: -.infinity),
        ScalarCase(source: "inf", string: "inf"),
        ScalarCase(source: "infinity", string: "infinity"),
        ScalarCase(source: "0x1p3", string: "0x1p3"),
        ScalarCase(source: "3.1.0", string: "3.1.0"),
        ScalarCase(source: "hello world", string: "hello world"),
    ]

    @Test(arguments: cases)
    func resolves(_ expected: ScalarCase) throws {
        let root = try YAMLLoader.parse("v: \(expected.source)\n", file: "s.yaml")
        let node = try #require(root["v"])
        #expect(node.isNull == expected.isNull)
        #expect(node.string == expected.string)
        #expect(node.bool == expected.bool)
        #expect(node.int == expected.int)
        #expect(node.double == expected.double)
    }

    @Test(arguments: [".nan", ".NaN", ".NAN"])
    func notANumber(_ source: String) throws {
        let node = try #require(try YAMLLoader.parse("v: \(source)\n", file: "s.yaml")["v"])
        #expect(node.double?.isNaN == true)
        #expect(node.int == nil)
    }

    @Test func jsonValues() throws {
        let root = try YAMLLoader.parse(
            #"{"s": "1", "n": 1.5e2, "i": -3, "t": true, "z": null, "e": ""}"#, file: "v.json")
        #expect(root["s"]?.int == nil)
        #expect(root["s"]?.string == "1")
        #expect(root["n"]?.double == 150)
        #expect(root["i"]?.int == -3)
        #expect(root["t"]?.bool == true)
        #expect(root["z"]?.isNull == true)
        #expect(root["z"]?.string == nil)
        #expect(root["e"]?.isNull == false)
        #expect(root["e"]?.string == "")
    }

    @Test func tagsAreKept() throws {
        let root = try YAMLLoader.parse("a: !!str 1\nb: !custom x\nc: 2\n", file: "t.yaml")
        #expect(root["a"]?.scalar?.tag == "tag:yaml.org,2002:str")
        #expect(root["b"]?.scalar?.tag == "!custom")
        #expect(root["c"]?.scalar?.tag == nil)
    }

    @Test func collectionsAreNotScalars() throws {
        let root = try YAMLLoader.parse("m: {a: 1}\ns: [1]\n", file: "c.yaml")
        let m = try #require(root["m"])
        let s = try #require(root["s"])
        #expect(m.string == nil && m.isNull == false && m.int == nil && m.elements == nil)
        #expect(s.string == nil && s.entries == nil && s.elements?.count == 1)
        #expect(s["a"] == nil)
        #expect(m.kindDescription == "a mapping")
        #expect(s.kindDescription == "a sequence")
    }
}
