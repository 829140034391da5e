import Foundation
import MarfaYAML

/// The `marfa-openapi` command line, callable in process so tests drive it.
public enum GeneratorCommand {
    public static let usage = """
        OVERVIEW: Generates Swift from an OpenAPI 3.0 or 3.1 document.

        USAGE: marfa-openapi generate [SPEC] --output DIR [--config FILE [--target NAME]]
                                      [--mode types|client|server ...] [--access public|package|internal]
                                      [--strict] [--shards N] [--allow-folder DIR ...]

        ARGUMENTS:
          SPEC                 The OpenAPI document (YAML or JSON). Optional when the configuration names one.

        OPTIONS:
          --output DIR         Where to write the Swift files (Generated0.swift …).
          --config FILE        A configuration file (see openapi/generator-config.yaml).
          --target NAME        The configuration's section for this target (targets.NAME).
          --mode MODE          types, client or server; repeat for several. Replaces the configuration's modes.
          --access LEVEL       public, package or internal.
          --strict             Fail on any diagnostic, warnings included.
          --shards N           How many files to split the output into (default: the configuration's
                               top-level 'shards', else 8).
          --allow-folder DIR   A folder outside the document's own that its $refs may read; repeat for several.
                               Adds to the configuration's allowedFolders.
          -h, --help           Show this help.

        A $ref may read files in the document's folder and in allowed folders only (links resolved).
        Diagnostics go to standard error as file:line:column: severity: message.
        """

    /// Runs the command with `arguments` (without the program name); answers the exit status.
    public static func run(_ arguments: [String], standardError: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }, standardOutput: (String) -> Void = { print($0) }) -> Int32 {
        do {
            return try execute(arguments, standardError: standardError, standardOutput: standardOutput)
        } catch let error as GeneratorError {
            for diagnostic in error.diagnostics { standardError(diagnostic.description) }
            return 1
        } catch {
            standardError("error: \(error)")
            return 1
        }
    }

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    private static func execute(_ arguments: [String], standardError: (String) -> Void, standardOutput: (String) -> Void) throws -> Int32 {
        var rest = arguments[...]
        if rest.isEmpty || rest.contains("-h") || rest.contains("--help") {
            standardOutput(usage)
            return rest.isEmpty ? 64 : 0
        }
        let command = rest.removeFirst()
        if command == "parse-floor" {
            return ParseFloorCommand.run(rest, standardError: standardError, standardOutput: standardOutput)
        }
        guard command == "generate" else {
            standardError("error: unknown command; use 'marfa-openapi generate' (see --help)")
            return 64
        }
        var spec: String?
        var output: String?
        var configPath: String?
        var target: String?
        var modes: Set<GeneratorConfig.Mode> = []
        var access: GeneratorConfig.Access?
        var strict = false
        var shards: Int?
        var allowedFolders: [String] = []
        func value(_ flag: String) throws -> String {
            guard let next = rest.popFirst(), !next.hasPrefix("--") else { throw UsageError(description: "\(flag) needs a value") }
            return next
        }
        do {
            while let argument = rest.popFirst() {
                switch argument {
                case "--output", "-o": output = try value(argument)
                case "--config": configPath = try value(argument)
                case "--target": target = try value(argument)
                case "--mode":
                    let name = try value(argument)
                    guard let mode = GeneratorConfig.Mode(rawValue: name) else { throw UsageError(description: "unknown mode '\(name)'") }
                    modes.insert(mode)
                case "--access":
                    let name = try value(argument)
                    guard let level = GeneratorConfig.Access(rawValue: name) else { throw UsageError(description: "unknown access '\(name)'") }
                    access = level
                case "--strict": strict = true
                case "--shards":
                    guard let count = Int(try value(argument)), ShardSetting.allowed.contains(count) else { throw UsageError(description: "--shards takes 1 to 64") }
                    shards = count
                case "--allow-folder": allowedFolders.append(try value(argument))
                default:
                    guard !argument.hasPrefix("-"), spec == nil else { throw UsageError(description: "unexpected argument '\(argument)'") }
                    spec = argument
                }
            }
        } catch let error as UsageError {
            standardError("error: \(error.description) (see --help)")
            return 64
        }
        guard let output else {
            standardError("error: --output is required (see --help)")
            return 64
        }
        var configs = [GeneratorConfig()]
        var configFolder = FileManager.default.currentDirectoryPath
        if let configPath {
            configs = try GeneratorConfig.load(path: configPath, target: target)
            configFolder = (configPath as NSString).deletingLastPathComponent
        }
        for index in configs.indices {
            if !modes.isEmpty { configs[index].modes = modes }
            if let access { configs[index].access = access }
            if strict { configs[index].strict = true }
            if let shards { configs[index].shards = shards }
            configs[index].allowedFolders += allowedFolders
        }
        // Several configurations may name several documents; each is generated in its namespace.
        var files: [Generator.File] = []
        var diagnostics: [Diagnostic] = []
        var groups: [(String, [GeneratorConfig])] = []
        for config in configs {
            let path: String
            if let spec {
                path = spec
            } else if let named = config.spec {
                path = named.hasPrefix("/") ? named : (configFolder as NSString).appendingPathComponent(named)
            } else {
                standardError("error: no document: pass SPEC or name one with 'spec' in the configuration")
                return 64
            }
            if let index = groups.firstIndex(where: { $0.0 == path }) { groups[index].1.append(config) } else { groups.append((path, [config])) }
        }
        var allChunks: [[Generator.File]] = []
        for (path, group) in groups {
            let folders = group.flatMap(\.allowedFolders)
            let documents = try Generator.loadDocuments(specPath: path, allowedFolders: folders)
            let result = try Generator.generate(documents: documents, configs: group)
            allChunks.append(result.files)
            diagnostics += result.diagnostics
        }
        files = FileSharder.merge(allChunks)
        for diagnostic in diagnostics { standardError(diagnostic.description) }
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        for file in files {
            let path = (output as NSString).appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            if FileManager.default.contents(atPath: path) != data {
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            }
        }
        return 0
    }
}
