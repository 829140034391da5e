import Foundation
import MarfaYAML

/// The `marfa-openapi` command line, callable in process so tests drive it.
public enum GeneratorCommand {
    public static let usage = """
        OVERVIEW: Generates Swift from an OpenAPI 3.0 or 3.1 document.

        USAGE: marfa-openapi generate [SPEC] --output DIR [--config FILE [--target NAME]]
                                      [--mode types|client|server ...] [--access public|package|internal]
                                      [--strict] [--fatal-errors] [--shards N] [--allow-folder DIR ...] [--default-spec FILE]

        ARGUMENTS:
          SPEC                 The OpenAPI document (YAML or JSON). Optional when the configuration names one.

        OPTIONS:
          --output DIR         Where to write the Swift files (Generated0.swift …).
          --config FILE        A configuration file (see openapi/generator-config.yaml).
          --target NAME        The configuration's section for this target (targets.NAME).
          --mode MODE          types, client or server; repeat for several. Replaces the configuration's modes.
          --access LEVEL       public, package or internal.
          --strict             Fail on any diagnostic, warnings included.
          --fatal-errors       Fail on any error, also those generated around (a $ref to a schema the
                               document does not define becomes a free-form value otherwise).
          --shards N           How many files to split the output into (default: the configuration's
                               top-level 'shards', else 8).
          --allow-folder DIR   A folder outside the document's own that its $refs may read; repeat for several.
                               Adds to the configuration's allowedFolders.
          --default-spec FILE  The document of a configuration entry that names none (the build plugin passes
                               the target's openapi.yaml, openapi.yml or openapi.json).
          -h, --help           Show this help.

        A $ref may read files in the document's folder and in allowed folders only (links resolved).
        Diagnostics go to standard error as file:line:column: severity: message.
        """

    /// Runs the command with `arguments` (without the program name); answers the exit status. With
    /// `exitsAfter` (the `marfa-openapi` tool, which exits with that status), what generation built
    /// is not freed: the process's end releases it at once.
    public static func run(
        _ arguments: [String],
        standardError: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
        standardOutput: (String) -> Void = { print($0) }, exitsAfter: Bool = false
    ) -> Int32 {
        do {
            return try execute(
                arguments, standardError: standardError, standardOutput: standardOutput, exitsAfter: exitsAfter)
        } catch let error as GeneratorError {
            for diagnostic in error.diagnostics { standardError(diagnostic.description) }
            return 1
        } catch {
            standardError("error: \(error)")
            return 1
        }
    }

    private static func execute(
        _ arguments: [String], standardError: (String) -> Void, standardOutput: (String) -> Void, exitsAfter: Bool
    ) throws -> Int32 {
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
        let options: GenerateOptions
        do {
            options = try GenerateOptions(parsing: rest)
        } catch {
            standardError("error: \(error.description) (see --help)")
            return 64
        }
        guard let output = options.output else {
            standardError("error: --output is required (see --help)")
            return 64
        }
        guard let groups = try documentGroups(options) else {
            standardError("error: no document: pass SPEC or name one with 'spec' in the configuration")
            return 64
        }
        let (files, diagnostics) = try generate(groups, exitsAfter: exitsAfter)
        for diagnostic in diagnostics { standardError(diagnostic.description) }
        try write(files, to: output)
        return 0
    }

    /// The configurations to generate (the file's, or the defaults), with the command line's options
    /// applied, grouped by the document each names in order; nil when one names no document.
    private static func documentGroups(
        _ options: GenerateOptions
    ) throws -> [(path: String, configs: [GeneratorConfig])]? {
        var configs = [GeneratorConfig()]
        var configFolder = FileManager.default.currentDirectoryPath
        if let configPath = options.configPath {
            configs = try GeneratorConfig.load(path: configPath, target: options.target)
            configFolder = (configPath as NSString).deletingLastPathComponent
        }
        var groups: [(path: String, configs: [GeneratorConfig])] = []
        for config in configs.map(options.applied) {
            let path: String
            if let spec = options.spec {
                path = spec
            } else if let named = config.spec {
                path = named.hasPrefix("/") ? named : (configFolder as NSString).appendingPathComponent(named)
            } else if let fallback = options.defaultSpec {
                path = fallback
            } else {
                return nil
            }
            if let index = groups.firstIndex(where: { $0.path == path }) {
                groups[index].configs.append(config)
            } else {
                groups.append((path, [config]))
            }
        }
        return groups
    }

    /// Each document generated under its configurations (each in its namespace), merged into one set of files.
    /// With `exitsAfter`, the documents and what was built from them are kept to the process's end (`ProcessExit`).
    private static func generate(
        _ groups: [(path: String, configs: [GeneratorConfig])], exitsAfter: Bool
    ) throws -> ([RenderedFile], [Diagnostic]) {
        var runs: [[RenderedFile]] = []
        var diagnostics: [Diagnostic] = []
        for (path, group) in groups {
            let documents = try Generator.loadDocuments(specPath: path, allowedFolders: group.flatMap(\.allowedFolders))
            let result = try Generator.render(documents: documents, configs: group, keepingUntilExit: exitsAfter)
            if exitsAfter { ProcessExit.keep(documents) }
            runs.append(result.files)
            diagnostics += result.diagnostics
        }
        // One document's files are written as rendered; several are joined as text.
        guard runs.count > 1 else { return (runs.first ?? [], diagnostics) }
        let merged = FileSharder.merge(runs.map { $0.map(\.file) }).map { file in
            var text = SourceText(capacity: file.contents.utf8.count)
            text += file.contents
            return RenderedFile(name: file.name, text: text)
        }
        return (merged, diagnostics)
    }

    /// Writes `files` into the folder `output` (made when missing), leaving a file whose contents are unchanged untouched.
    private static func write(_ files: [RenderedFile], to output: String) throws {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        for file in files {
            let path = (output as NSString).appendingPathComponent(file.name)
            let data = file.text.withBytes { Data(buffer: $0) }
            if FileManager.default.contents(atPath: path) != data {
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            }
        }
    }
}
