import Foundation
import Testing

@testable import MarfaOpenAPIGenerator

/// The number of generated files is one setting: the configuration's top-level `shards`, read the
/// same way by the build plugin (`ShardSetting.topLevelValue(in:)`), the command line and `make generate`;
/// and joining the files of several documents keeps every file.
@Suite struct ShardSettingTests {
    static let document =
        "openapi: 3.0.3\ninfo: {title: t, version: \"1\"}\npaths:\n  /a:\n    get:\n      operationId: getA\n      responses:\n        '204': {description: none}\n"

    @Test func thePluginReadsTheTopLevelLineOnly() {
        #expect(ShardSetting.topLevelValue(in: "spec: a.yaml\nshards: 3\n") == 3)
        #expect(ShardSetting.topLevelValue(in: "shards: 12   # fewer files build slower\r\nspec: a.yaml") == 12)
        #expect(ShardSetting.topLevelValue(in: "targets:\n  A:\n    shards: 3\n") == nil)
        #expect(ShardSetting.topLevelValue(in: "spec: a.yaml\n") == nil)
        #expect(ShardSetting.fileNames(3) == ["Generated0.swift", "Generated1.swift", "Generated2.swift"])
    }

    @Test func theCommandLineWritesAsManyFilesAsTheConfigurationSays() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.write("api.yaml", Self.document)
        let config = try scratch.write(
            "config.yaml",
            "shards: 3  # one setting for every target\ntargets:\n  A: {spec: api.yaml, generate: [types, client]}\n")
        #expect(try GeneratorConfig.load(path: config, target: "A").map(\.shards) == [3])
        #expect(
            runCommand(["generate", "--config", config, "--target", "A", "--output", scratch.file("out")]).status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.file("out")).sorted()
                == ShardSetting.fileNames(3))

        // Without a setting, the standard number; the flag still overrides either.
        let plain = try scratch.write("plain.yaml", "spec: api.yaml\n")
        #expect(try GeneratorConfig.load(path: plain, target: nil).map(\.shards) == [ShardSetting.standard])
        #expect(
            runCommand([
                "generate", "--config", config, "--target", "A", "--output", scratch.file("two"), "--shards", "2",
            ]).status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.file("two")).sorted()
                == ShardSetting.fileNames(2))
    }

    @Test func aSettingThePluginWouldNotReadIsRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let inTarget = try scratch.write("target.yaml", "targets:\n  A:\n    spec: api.yaml\n    shards: 3\n")
        let error = try #require(throws: GeneratorError.self) { try GeneratorConfig.load(path: inTarget, target: "A") }
        #expect(
            error.diagnostics.map(\.message) == [
                "'shards' is one setting for every target of the file; set it at the top level."
            ])
        #expect(error.diagnostics.first?.location?.line == 4)

        let inList = try scratch.write("list.yaml", "targets:\n  A:\n    - {spec: api.yaml, shards: 3}\n")
        #expect(throws: GeneratorError.self) { try GeneratorConfig.load(path: inList, target: "A") }

        let flow = try scratch.write("flow.yaml", "{spec: api.yaml, shards: 3}\n")
        let refused = try #require(throws: GeneratorError.self) { try GeneratorConfig.load(path: flow, target: nil) }
        #expect(refused.diagnostics.first?.message.hasPrefix("Write 'shards: N' on a line of its own") == true)
    }

    @Test func mergingKeepsEveryFileEveryImportAndEveryLine() {
        func file(_ index: Int, _ imports: [String], _ body: String) -> Generator.File {
            Generator.File(
                name: "Generated\(index).swift",
                contents: SwiftRenderer.fileHeader(imports: imports) + (body.isEmpty ? "" : "\n" + body))
        }
        let first = [file(0, ["Foundation"], "enum A {}\n"), file(1, ["Foundation"], "")]
        let second = [
            file(0, ["Foundation", "MarfaTypes"], "/// B.\nenum B {}\n"), file(1, ["Foundation"], "enum C {}\n"),
            file(2, ["Foundation"], "enum D {}\n"),
        ]
        let merged = FileSharder.merge([first, second])
        #expect(merged.map(\.name) == ShardSetting.fileNames(3))
        #expect(
            merged[0].contents == SwiftRenderer.fileHeader(imports: ["Foundation", "MarfaTypes"])
                + "\nenum A {}\n\n/// B.\nenum B {}\n")
        #expect(merged[1].contents == second[1].contents)
        #expect(merged[2].contents == second[2].contents)
        #expect(FileSharder.merge([second, first]).map(\.name) == ShardSetting.fileNames(3))
        #expect(FileSharder.merge([]).isEmpty)
    }

    @Test func severalDocumentsShareTheFilesTheSettingSays() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.write("a.yaml", Self.document)
        _ = try scratch.write("b.yaml", Self.document.replacingOccurrences(of: "getA", with: "getB"))
        let config = try scratch.write(
            "config.yaml",
            "shards: 2\ntargets:\n  T:\n    - {spec: a.yaml, namespace: A, generate: [types]}\n    - {spec: b.yaml, namespace: B, generate: [types]}\n"
        )
        #expect(
            runCommand(["generate", "--config", config, "--target", "T", "--output", scratch.file("out")]).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.file("out")).sorted()
        #expect(names == ShardSetting.fileNames(2))
        let text = try names.map { try String(contentsOfFile: scratch.file("out/" + $0), encoding: .utf8) }.joined()
        #expect(text.contains("internal enum A {}") || text.contains("public enum A {}"))
        #expect(
            text.contains("enum GetA: MarfaOpenAPIRuntime.GeneratedOperation {")
                && text.contains("enum GetB: MarfaOpenAPIRuntime.GeneratedOperation {"))
    }
}
