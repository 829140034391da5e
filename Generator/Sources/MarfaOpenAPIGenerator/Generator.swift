import MarfaYAML

/// The generator: load → model → resolve → IR → emit. Deterministic: the same document and
/// configuration give the same files, byte for byte.
public enum Generator {
    /// One generated source file.
    public struct File: Sendable, Hashable {
        public var name: String
        public var contents: String
    }

    public struct Output: Sendable {
        public var files: [File]
        public var diagnostics: [Diagnostic]
    }

    /// Generates Swift for the document at `specPath`. Throws `GeneratorError` when the document is
    /// refused, or when `config.strict` is set and there is any diagnostic.
    public static func generate(specPath: String, config: GeneratorConfig) throws -> Output {
        let documents = try loadDocuments(specPath: specPath, allowedFolders: config.allowedFolders)
        return try generate(documents: documents, configs: [config])
    }

    /// The document at `specPath`, ready to follow its `$ref`s into files of its own folder and of
    /// `allowedFolders` (absolute, or relative to the working folder). Throws `GeneratorError` at
    /// the place a file cannot be read or parsed.
    public static func loadDocuments(specPath: String, allowedFolders: [String]) throws(GeneratorError) -> DocumentSet {
        do {
            return try DocumentSet(rootPath: specPath, allowedFolders: allowedFolders)
        } catch {
            throw GeneratorError(error)
        }
    }

    /// Generates Swift for several documents into one set of files (each in its own `namespace`).
    public static func generate(documents: DocumentSet, configs: [GeneratorConfig]) throws -> Output {
        try generate(documents: documents, configs: configs, keepingUntilExit: false)
    }

    /// `generate(documents:configs:)`; with `keepingUntilExit` (a process that exits right after),
    /// what each configuration's pass built is kept to the end of the process instead of freed.
    static func generate(documents: DocumentSet, configs: [GeneratorConfig], keepingUntilExit: Bool) throws -> Output {
        let rendered = try render(documents: documents, configs: configs, keepingUntilExit: keepingUntilExit)
        return Output(files: rendered.files.map(\.file), diagnostics: rendered.diagnostics)
    }

    /// `generate(documents:configs:keepingUntilExit:)` with each file's text left as bytes.
    static func render(
        documents: DocumentSet, configs: [GeneratorConfig], keepingUntilExit: Bool
    ) throws -> (files: [RenderedFile], diagnostics: [Diagnostic]) {
        let log = DiagnosticLog()
        // The configuration's own warnings, once each however many entries inherit them.
        var configurationWarnings = Set<Diagnostic>()
        for diagnostic in configs.flatMap(\.diagnostics) where configurationWarnings.insert(diagnostic).inserted {
            log.add(diagnostic)
        }
        log.warnings(of: documents)
        var chunks = RenderedChunks()
        var shards = ShardSetting.standard
        for config in configs {
            shards = config.shards
            try generateChunks(
                documents: documents, config: config, log: log, into: &chunks, keepingUntilExit: keepingUntilExit)
        }
        // Files that `$ref`s reached while reading have their warnings too.
        log.warnings(of: documents)
        let diagnostics = log.diagnostics
        let fatalErrors = configs.contains(where: \.fatalErrors)
        if log.refuses(fatalErrors: fatalErrors) || (configs.contains(where: \.strict) && !diagnostics.isEmpty) {
            throw GeneratorError(
                diagnostics.filter { configs.contains(where: \.strict) || $0.refuses(fatalErrors: fatalErrors) })
        }
        let comments = configs.flatMap(\.fileComments).reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        return (FileSharder.shard(chunks, into: shards, imports: imports(configs), comments: comments), diagnostics)
    }

    static func imports(_ configs: [GeneratorConfig]) -> [String] {
        var modules = ["Foundation", "MarfaOpenAPIRuntime"]
        for config in configs {
            for module in config.additionalImports where !modules.contains(module) { modules.append(module) }
        }
        return modules
    }
}
