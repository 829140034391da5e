import MarfaYAML
import Testing

@Suite struct PositionTests {
    let yaml = """
        openapi: 3.1.0
        info:
          title: "Pets"
          tags: [a, 'b']
        paths:
          /pets:
            get: {summary: List}
        list:
          - one
          - k: v

        """

    @Test func yamlNodeAndKeyPositions() throws {
        let root = try YAMLLoader.parse(Array(yaml.utf8), file: "pets.yaml")
        #expect(root.location == SourceLocation(file: "pets.yaml", line: 1, column: 1))
        let entries = try #require(root.entries)
        #expect(entries.map(\.key) == ["openapi", "info", "paths", "list"])
        #expect(entries.map { at($0.keyLocation) } == ["1:1", "2:1", "5:1", "8:1"])
        #expect(at(entries[0].value.location) == "1:10")

        let info = try #require(root["info"])
        #expect(at(info.location) == "3:3")
        #expect(at(try #require(info.entry(forKey: "title")).keyLocation) == "3:3")
        #expect(at(try #require(info["title"]).location) == "3:10")
        let tags = try #require(info["tags"])
        #expect(at(tags.location) == "4:9")
        #expect(tags.elements?.map { at($0.location) } == ["4:10", "4:13"])

        let get = try #require(root.value(at: "/paths/~1pets/get"))
        #expect(at(get.location) == "7:10")
        #expect(at(try #require(get.entry(forKey: "summary")).keyLocation) == "7:11")
        #expect(at(try #require(get["summary"]).location) == "7:20")
        #expect(at(try #require(root.value(at: "/paths")).location) == "6:3")

        let list = try #require(root["list"])
        #expect(at(list.location) == "9:3")
        let items = try #require(list.elements)
        #expect(at(items[0].location) == "9:5")
        #expect(at(items[1].location) == "10:5")
        #expect(at(try #require(items[1].entry(forKey: "k")).keyLocation) == "10:5")
        #expect(at(try #require(items[1]["k"]).location) == "10:8")
    }

    @Test func jsonNodeAndKeyPositions() throws {
        let json = """
            {
              "a": [1, {"b": null}],
              "c\\/d": "\\u00e9x"
            }
            """
        let root = try YAMLLoader.parse(Array(json.utf8), file: "x.json")
        #expect(at(root.location) == "1:1")
        let entries = try #require(root.entries)
        #expect(entries.map(\.key) == ["a", "c/d"])
        #expect(entries.map { at($0.keyLocation) } == ["2:3", "3:3"])
        let a = entries[0].value
        #expect(at(a.location) == "2:8")
        #expect(a.elements?.map { at($0.location) } == ["2:9", "2:12"])
        let inner = try #require(a.elements?[1])
        #expect(at(try #require(inner.entry(forKey: "b")).keyLocation) == "2:13")
        #expect(at(try #require(inner["b"]).location) == "2:18")
        #expect(at(entries[1].value.location) == "3:11")
        #expect(entries[1].value.string == "éx")
        #expect(entries[1].value.scalar?.isPlain == false)
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let root = try YAMLLoader.parse(Array("{\"é😀\": 1}".utf8), file: "u.json")
        #expect(at(try #require(root["é😀"]).location) == "1:8")
    }

    @Test func anchorsAndTagsAreWhereANodeStarts() throws {
        let root = try YAMLLoader.parse("a: &x 1\nb: !!str 2\n", file: "t.yaml")
        #expect(at(try #require(root["a"]).location) == "1:4")
        #expect(at(try #require(root["b"]).location) == "2:4")
    }

    @Test func locationsNameTheFile() throws {
        let root = try YAMLLoader.parse("a: [1]\n", file: "dir/file.yaml")
        #expect(root.value(at: "/a/0")?.location.description == "dir/file.yaml:1:5")
    }
}
