import Foundation
import Testing

@testable import MarfaOpenAPIGenerator

/// Generates a document made of `yaml` (everything after its `openapi` and `info` lines) in every
/// mode with internal access, expects no diagnostic, and answers every file's text joined.
func snippet(
    _ yaml: String, openapi: String = "3.1.0", sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> String {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let spec = try scratch.write("api.yaml", "openapi: \(openapi)\ninfo: {title: t, version: \"1\"}\n" + yaml)
    let output = try Generator.generate(specPath: spec, config: allModes())
    #expect(output.diagnostics.map(\.message) == [], sourceLocation: sourceLocation)
    return output.files.map(\.contents).joined(separator: "\n")
}

/// Expects the lines of `block`, exactly and in a row, among the lines of `text`. When they are not
/// there, the issue shows how the lines that start like the block differ from it.
func expectBlock(_ block: String, in text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let expected = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard !expected.isEmpty, lines.count >= expected.count else {
        Issue.record("The output is shorter than the expected block.", sourceLocation: sourceLocation)
        return
    }
    let starts = lines.indices.filter { $0 + expected.count <= lines.count && lines[$0] == expected[0] }
    if starts.contains(where: { Array(lines[$0..<($0 + expected.count)]) == expected }) { return }
    guard let start = starts.first else {
        Issue.record(
            "The output has no line\n\(expected[0])\nof the expected block:\n\(block)", sourceLocation: sourceLocation)
        return
    }
    let actual = lines[start..<(start + expected.count)].joined(separator: "\n")
    Issue.record(
        "The output differs from the expected block:\n\(TextDiff.describe(expected: block, actual: actual) ?? "")",
        sourceLocation: sourceLocation)
}
