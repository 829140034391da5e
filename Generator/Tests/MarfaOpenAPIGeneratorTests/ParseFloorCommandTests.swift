import Testing

/// `marfa-openapi parse-floor FILE`: libyaml's event parse alone, for `make bench-generator`.
@Suite struct ParseFloorCommandTests {
    @Test func printsTheEventCountOfAFile() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write("api.yaml", "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\n")
        let result = runCommand(["parse-floor", spec])
        #expect(result.status == 0)
        #expect(result.output == ["18 events"])
        #expect(result.errors.isEmpty)
    }

    @Test func aFileThatDoesNotParseIsAPositionedError() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write("bad.yaml", "a: [1\n")
        let result = runCommand(["parse-floor", spec])
        #expect(result.status == 1)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.hasPrefix(spec + ":") == true)
    }

    @Test func takesExactlyOneFile() {
        #expect(runCommand(["parse-floor"]).status == 64)
        #expect(runCommand(["parse-floor", "a.yaml", "b.yaml"]).status == 64)
    }
}
