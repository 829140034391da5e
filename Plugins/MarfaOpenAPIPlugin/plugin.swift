import Foundation
import PackagePlugin

/// Runs `marfa-openapi` for a target at build time.
///
/// The target's settings come from `openapi-generator-config.yaml` in the target's folder when there is
/// one, else from the package's `openapi/generator-config.yaml`, in the section named after the target.
/// The output is a fixed set of files, so SwiftPM knows them before the tool runs: as many as the
/// configuration's top-level `shards` says (`ShardSetting`), which is the number the tool writes.
@main
struct MarfaOpenAPIPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "marfa-openapi")
        let local = target.directoryURL.appending(path: "openapi-generator-config.yaml")
        let shared = context.package.directoryURL.appending(path: "openapi/generator-config.yaml")
        let config = FileManager.default.fileExists(atPath: local.path) ? local : shared
        let configFolder = config.deletingLastPathComponent()
        let inputs = try specFiles(in: configFolder) + [config]
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources")
        let shards = ShardSetting.topLevelValue(in: try String(contentsOf: config, encoding: .utf8)) ?? ShardSetting.standard
        let files = ShardSetting.fileNames(shards).map { output.appending(path: $0) }
        return [
            .buildCommand(
                displayName: "Generating Swift from OpenAPI for \(target.name)",
                executable: tool.url,
                arguments: ["generate", "--config", config.path, "--target", target.name, "--output", output.path],
                inputFiles: inputs,
                outputFiles: files)
        ]
    }

    /// Every YAML and JSON file under `folder`: the documents a config may name, and what they `$ref`.
    private func specFiles(in folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { ["yaml", "yml", "json"].contains($0.pathExtension) }
            .sorted { $0.path < $1.path }
    }
}
