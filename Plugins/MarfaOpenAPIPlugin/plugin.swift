import Foundation
import PackagePlugin

/// Runs `marfa-openapi` for a target at build time.
///
/// The target's settings come from `openapi-generator-config.yaml` (or `.yml`, `.json`) in the
/// target's folder when there is one, else from the package's `openapi/generator-config.yaml`, in the
/// section named after the target. A configuration entry that names no `spec` generates the target's
/// own `openapi.yaml` (or `.yml`, `.json`), as swift-openapi-generator's plugin does. The output is a
/// fixed set of files, so SwiftPM knows them before the tool runs: as many as the configuration's
/// top-level `shards` says (`ShardSetting`), which is the number the tool writes.
@main
struct MarfaOpenAPIPlugin: BuildToolPlugin {
    static let configNames = [
        "openapi-generator-config.yaml", "openapi-generator-config.yml", "openapi-generator-config.json",
    ]
    static let documentNames = ["openapi.yaml", "openapi.yml", "openapi.json"]

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "marfa-openapi")
        let shared = context.package.directoryURL.appending(path: "openapi/generator-config.yaml")
        let config = Self.firstFile(named: Self.configNames, in: target.directoryURL) ?? shared
        let document = Self.firstFile(named: Self.documentNames, in: target.directoryURL)
        let inputs = try specFiles(in: config.deletingLastPathComponent()) + [config] + (document.map { [$0] } ?? [])
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources")
        let shards =
            ShardSetting.topLevelValue(in: try String(contentsOf: config, encoding: .utf8)) ?? ShardSetting.standard
        let files = ShardSetting.fileNames(shards).map { output.appending(path: $0) }
        var arguments = ["generate", "--config", config.path, "--target", target.name, "--output", output.path]
        if let document { arguments += ["--default-spec", document.path] }
        return [
            .buildCommand(
                displayName: "Generating Swift from OpenAPI for \(target.name)",
                executable: tool.url,
                arguments: arguments,
                inputFiles: Array(Set(inputs)).sorted { $0.path < $1.path },
                outputFiles: files)
        ]
    }

    /// The first of `names` that is a file in `folder`.
    private static func firstFile(named names: [String], in folder: URL) -> URL? {
        names.map { folder.appending(path: $0) }.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Every YAML and JSON file under `folder`: the documents a config may name, and what they `$ref`.
    private func specFiles(in folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        return walker.compactMap { $0 as? URL }.filter { ["yaml", "yml", "json"].contains($0.pathExtension) }
            .sorted { $0.path < $1.path }
    }
}
