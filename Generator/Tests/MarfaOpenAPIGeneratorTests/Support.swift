import Foundation
import MarfaYAML

@testable import MarfaOpenAPIGenerator

typealias SourceLocation = MarfaYAML.SourceLocation

/// The folder this test target's fixtures are in.
let fixturesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

/// A fresh folder under the temporary directory, removed by the caller with `remove()`.
struct Scratch {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-gen-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `text` to `name` in the folder and answers its path.
    func write(_ name: String, _ text: String) throws -> String {
        let file = (path as NSString).appendingPathComponent(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// What one in-process run of `marfa-openapi` said and answered.
struct CommandResult {
    var status: Int32
    var errors: [String]
    var output: [String]
}

/// Runs the command line in process, collecting standard error and output line by line.
func runCommand(_ arguments: [String]) -> CommandResult {
    var errors: [String] = []
    var output: [String] = []
    let status = GeneratorCommand.run(
        arguments, standardError: { errors.append($0) }, standardOutput: { output.append($0) })
    return CommandResult(status: status, errors: errors, output: output)
}

/// Runs `generate` on `document`, written to `api.yaml` in a scratch folder, with `options`:
/// answers the run, the document's path in its diagnostics, and the Swift written, joined.
func generate(document: String, _ options: [String] = []) throws -> (run: CommandResult, spec: String, swift: String) {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let spec = try scratch.write("api.yaml", document)
    let run = runCommand(["generate", spec, "--output", scratch.file("out")] + options)
    let files = (try? FileManager.default.contentsOfDirectory(atPath: scratch.file("out"))) ?? []
    let swift = try files.sorted().map { try String(contentsOfFile: scratch.file("out/\($0)"), encoding: .utf8) }
    return (run, spec, swift.joined(separator: "\n"))
}

/// Generates `spec` with `config` in process and answers all files' text joined.
func generatedText(_ spec: String, _ config: GeneratorConfig = GeneratorConfig()) throws -> String {
    try Generator.generate(specPath: spec, config: config).files.map(\.contents).joined(separator: "\n")
}

/// A configuration generating every mode.
func allModes(access: GeneratorConfig.Access = .internal) -> GeneratorConfig {
    var config = GeneratorConfig()
    config.modes = [.types, .client, .server]
    config.access = access
    return config
}
