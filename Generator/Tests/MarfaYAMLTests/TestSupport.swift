import Foundation
import MarfaYAML

/// A compact flow rendering of a node: plain scalars bare, quoted ones in double quotes.
func render(_ node: Node) -> String {
    switch node.kind {
    case .scalar(let scalar):
        return scalar.isPlain ? scalar.text : "\"\(scalar.text)\""
    case .sequence(let elements):
        return "[" + elements.map(render).joined(separator: ", ") + "]"
    case .mapping(let entries):
        return "{" + entries.map { "\($0.key): \(render($0.value))" }.joined(separator: ", ") + "}"
    }
}

/// `line:column` of a location, for short assertions.
func at(_ location: SourceLocation) -> String { "\(location.line):\(location.column)" }

/// Parses `text`, returning the error it throws, or nil when it parses.
func parseError(_ text: String, file: String = "test.yaml", limits: LoadLimits = .default) -> LoadError? {
    do {
        _ = try YAMLLoader.parse(Array(text.utf8), file: file, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// A fresh empty directory under the system temporary directory.
func makeTemporaryDirectory() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-yaml-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

/// Writes `text` to `path`, creating directories as needed.
func write(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

/// Swift Testing has its own `SourceLocation`; in these tests the name means MarfaYAML's.
typealias SourceLocation = MarfaYAML.SourceLocation
