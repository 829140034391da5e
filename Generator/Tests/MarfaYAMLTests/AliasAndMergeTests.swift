import MarfaYAML
import Testing

@Suite struct AliasAndMergeTests {
    @Test func aliasIsACopyOfTheAnchoredNode() throws {
        let root = try YAMLLoader.parse(
            """
            base: &b {x: 1, y: [a, b]}
            copy: *b
            scalar: &s hello
            again: *s
            key: &k name
            *k : value

            """, file: "a.yaml")
        #expect(render(try #require(root["copy"])) == "{x: 1, y: [a, b]}")
        #expect(root["again"]?.string == "hello")
        #expect(root["name"]?.string == "value")
        // The copy keeps the anchored node's positions; the key of an alias keeps the alias's.
        #expect(at(try #require(root["copy"]).location) == "1:7")
        #expect(at(try #require(root.entry(forKey: "name")).keyLocation) == "6:1")
    }

    @Test func anchorsCanBeRedefined() throws {
        let root = try YAMLLoader.parse("a: &x 1\nb: *x\nc: &x 2\nd: *x\n", file: "a.yaml")
        #expect(render(root) == "{a: 1, b: 1, c: 2, d: 2}")
    }

    @Test func mergeKeyWithOneMapping() throws {
        let root = try YAMLLoader.parse(
            """
            base: &base {a: 1, b: 2}
            derived:
              x: 0
              <<: *base
              b: 3

            """, file: "m.yaml")
        #expect(render(try #require(root["derived"])) == "{x: 0, a: 1, b: 3}")
    }

    @Test func mergeKeyWithSequenceEarlierWins() throws {
        let root = try YAMLLoader.parse(
            """
            one: &one {a: 1, b: 1}
            two: &two {b: 2, c: 2}
            m:
              <<: [*one, *two]
              c: 3

            """, file: "m.yaml")
        #expect(render(try #require(root["m"])) == "{a: 1, b: 1, c: 3}")
    }

    @Test func mergeKeyWithInlineMapping() throws {
        let root = try YAMLLoader.parse("m: {<<: {a: 1}, b: 2}\n", file: "m.yaml")
        #expect(render(try #require(root["m"])) == "{a: 1, b: 2}")
    }

    @Test func quotedMergeKeyIsAnOrdinaryKey() throws {
        let yaml = try YAMLLoader.parse("\"<<\": {a: 1}\n", file: "m.yaml")
        #expect(yaml.entries?.map(\.key) == ["<<"])
        let json = try YAMLLoader.parse("{\"<<\": {\"a\": 1}}", file: "m.json")
        #expect(json.entries?.map(\.key) == ["<<"])
    }

    @Test func mergeOfNonMappingSequenceIsAnError() {
        #expect(
            parseError("m:\n  <<: [{a: 1}, 2]\n", file: "m.yaml")?.description
                == "m.yaml:2:7: error: the merge key '<<' takes a mapping or a sequence of mappings; this sequence holds something else"
        )
    }

    @Test func duplicateKeysKeepTheLastValueAndWarn() throws {
        let document = try YAMLLoader.parseDocument(Array("a: 1\nb: 2\na: 3\n".utf8), file: "d.yaml")
        #expect(render(document.root) == "{a: 3, b: 2}")
        #expect(at(try #require(document.root.entry(forKey: "a")).keyLocation) == "3:1")
        #expect(
            document.warnings.map(\.description) == [
                "d.yaml:3:1: warning: duplicate key 'a' (first at 1:1); the last value is kept"
            ])
    }

    @Test func duplicateKeysInLargeMappings() throws {
        var json = "{"
        for index in 0..<50 { json += "\"k\(index)\": \(index), " }
        json += "\"k7\": \"again\"}"
        let document = try YAMLLoader.parseDocument(Array(json.utf8), file: "d.json")
        #expect(document.root.entries?.count == 50)
        #expect(document.root["k7"]?.string == "again")
        #expect(document.warnings.count == 1)
    }

    @Test func billionLaughsIsStopped() {
        var yaml = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]
        for (previous, name) in zip(names, names.dropFirst()) {
            let aliases = Array(repeating: "*\(previous)", count: 10).joined(separator: ", ")
            yaml += "\(name): &\(name) [\(aliases)]\n"
        }
        let clock = ContinuousClock()
        var error: LoadError?
        let elapsed = clock.measure { error = parseError(yaml, file: "bomb.yaml") }
        #expect(
            error?.message
                == "the document expands to more than 10000000 nodes (aliases are copied); it may be an alias bomb")
        #expect(error?.location.line == 7)
        #expect(elapsed < .seconds(1))
    }

    @Test func nodeLimitIsConfigurable() {
        let yaml = "a: &a [1, 2, 3]\nb: [*a, *a, *a]\n"
        #expect(parseError(yaml, limits: LoadLimits(maxNodes: 1000)) == nil)
        #expect(
            parseError(yaml, limits: LoadLimits(maxNodes: 12))?.description
                == "test.yaml:2:9: error: the document expands to more than 12 nodes (aliases are copied); it may be an alias bomb"
        )
    }
}
