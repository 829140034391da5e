import Foundation
import MarfaYAML

/// What to generate from one document: modes, access, filter, names. Read from a configuration file
/// (`openapi/generator-config.yaml`), then overridden by command-line flags.
public struct GeneratorConfig: Sendable, Hashable {
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        case types, client, server
    }

    public enum Access: String, Sendable, Hashable {
        case `public`, package, `internal`
    }

    /// Which operations to keep. An operation is kept when it matches an `include` rule (or there are
    /// none) and matches no `exclude` rule.
    public struct Filter: Sendable, Hashable {
        public var includeTags: Set<String> = []
        public var includeOperations: Set<String> = []
        public var includePaths: Set<String> = []
        public var excludeTags: Set<String> = []
        public var excludeOperations: Set<String> = []
        public var excludePaths: Set<String> = []
        public init() {}

        var isEmpty: Bool { self == Filter() }

        func keeps(operationID: String, path: String, tags: [String]) -> Bool {
            let included =
                (includeTags.isEmpty && includeOperations.isEmpty && includePaths.isEmpty)
                || includeOperations.contains(operationID) || includePaths.contains(path)
                || tags.contains(where: includeTags.contains)
            let excluded =
                excludeOperations.contains(operationID) || excludePaths.contains(path)
                || tags.contains(where: excludeTags.contains)
            return included && !excluded
        }
    }

    /// The document, relative to the configuration file (or the working folder on the command line).
    public var spec: String?
    public var modes: Set<Mode> = [.types, .client]
    public var access: Access = .public
    public var filter = Filter()
    /// Swift names to use instead of the generated ones, keyed by the document's name
    /// (a schema name, an operation ID, or `Schema.property`).
    public var nameOverrides: [String: String] = [:]
    /// Modules the generated files import besides Foundation and the runtime.
    public var additionalImports: [String] = []
    /// An enum that holds everything generated, so several documents can share a module.
    public var namespace: String?
    /// Treat every diagnostic as an error.
    public var strict = false
    /// Refuse the document on any error, the ones the generator works around included (a `$ref` to
    /// a schema the document never defines, generated as a free-form value).
    public var fatalErrors = false
    /// The number of files the output is split into: the configuration file's top-level `shards`.
    public var shards = ShardSetting.standard
    /// Folders besides the document's own that its `$ref`s may read files from. Read from a
    /// configuration file, relative entries are taken from the file's folder; set here, from the
    /// working folder.
    public var allowedFolders: [String] = []
    /// Lines written as `//` comments at the top of every generated file (`additionalFileComments`).
    public var fileComments: [String] = []
    /// What the configuration itself made the generator say: settings of swift-openapi-generator's
    /// that are read but change nothing here, each a warning at its place.
    public var diagnostics: [Diagnostic] = []

    public init() {}

    /// The settings for `target` in a configuration file: its `targets.<target>` section over the
    /// file's top-level settings. A file without `targets` applies to every target.
    public static func load(path: String, target: String?) throws -> [GeneratorConfig] {
        let root: Node
        do {
            root = try YAMLLoader.load(path: path)
        } catch {
            throw GeneratorError(error)
        }
        guard root.entries != nil else {
            throw GeneratorError("The configuration must be a mapping.", at: root.location)
        }
        try checkShardSetting(root, path: path)
        var base = GeneratorConfig()
        try base.apply(root)
        guard let target, let targets = root["targets"] else { return [base] }
        guard let section = targets[target] else {
            throw GeneratorError("The configuration has no target named '\(target)'.", at: targets.location)
        }
        if let list = section.elements {
            return try list.map { node in
                var config = base
                try config.apply(node)
                return config
            }
        }
        var config = base
        try config.apply(section)
        return [config]
    }

    mutating func apply(_ node: Node) throws {
        guard let entries = node.entries else {
            throw GeneratorError("Expected a mapping of settings.", at: node.location)
        }
        for entry in entries {
            let value = entry.value
            switch entry.key {
            case "targets": continue
            case "spec", "document": spec = try Self.string(value)
            case "generate", "modes":
                modes = Set(
                    try Self.strings(value).map { name in
                        guard let mode = Mode(rawValue: name) else {
                            throw GeneratorError(
                                "Unknown mode '\(name)': use types, client or server.", at: value.location)
                        }
                        return mode
                    })
            case "access", "accessModifier":
                let name = try Self.string(value)
                guard let parsed = Access(rawValue: name) else {
                    throw GeneratorError(
                        "Unknown access '\(name)': use public, package or internal.", at: value.location)
                }
                access = parsed
            case "namespace": namespace = try Self.string(value)
            case "strict": strict = value.bool ?? false
            case "fatalErrors": fatalErrors = value.bool ?? false
            case "shards":
                guard let count = value.int, ShardSetting.allowed.contains(count) else {
                    throw GeneratorError("'shards' must be a whole number from 1 to 64.", at: value.location)
                }
                shards = count
            case "additionalImports": additionalImports = try Self.strings(value)
            case "nameOverrides":
                guard let pairs = value.entries else {
                    throw GeneratorError("'nameOverrides' must be a mapping.", at: value.location)
                }
                for pair in pairs { nameOverrides[pair.key] = try Self.string(pair.value) }
            case "filter": try applyFilter(value)
            case "allowedFolders": allowedFolders = try Self.folders(value)
            case "additionalFileComments": fileComments = try Self.strings(value)
            case "namingStrategy", "featureFlags", "typeOverrides": try applyPortedSetting(entry)
            default:
                throw GeneratorError("Unknown setting '\(entry.key)'.", at: entry.keyLocation)
            }
        }
    }

    /// A setting of swift-openapi-generator's that has no effect here: read, checked, and warned about.
    private mutating func applyPortedSetting(_ entry: Node.Entry) throws {
        let value = entry.value
        switch entry.key {
        case "namingStrategy":
            let name = try Self.string(value)
            guard name == "idiomatic" || name == "defensive" else {
                throw GeneratorError(
                    "Unknown naming strategy '\(name)': use idiomatic or defensive.", at: value.location)
            }
            // This generator's names are always idiomatic Swift; only `defensive` asks for something else.
            if name == "defensive" {
                warn(
                    "namingStrategy 'defensive' has no effect: names are always idiomatic Swift here.",
                    at: value.location)
            }
        case "featureFlags":
            for flag in try Self.strings(value) {
                warn("Feature flag '\(flag)' has no meaning for this generator; ignored.", at: value.location)
            }
        default:
            guard value.entries != nil else {
                throw GeneratorError("'\(entry.key)' must be a mapping.", at: value.location)
            }
            warn("'typeOverrides' is not applied: every schema is generated as its own type.", at: entry.keyLocation)
        }
    }

    private mutating func warn(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.warning, message, at: location))
    }

    private mutating func applyFilter(_ node: Node) throws {
        guard let entries = node.entries else { throw GeneratorError("'filter' must be a mapping.", at: node.location) }
        for entry in entries {
            switch entry.key {
            case "tags": filter.includeTags.formUnion(try Self.strings(entry.value))
            case "operations": filter.includeOperations.formUnion(try Self.strings(entry.value))
            case "paths": filter.includePaths.formUnion(try Self.strings(entry.value))
            // swift-openapi-generator's: schemas to declare besides those operations use; every schema is declared here.
            case "schemas": _ = try Self.strings(entry.value)
            case "exclude":
                guard let rules = entry.value.entries else {
                    throw GeneratorError("'exclude' must be a mapping.", at: entry.value.location)
                }
                for rule in rules {
                    switch rule.key {
                    case "tags": filter.excludeTags.formUnion(try Self.strings(rule.value))
                    case "operations": filter.excludeOperations.formUnion(try Self.strings(rule.value))
                    case "paths": filter.excludePaths.formUnion(try Self.strings(rule.value))
                    default:
                        throw GeneratorError(
                            "Unknown exclude rule '\(rule.key)': use tags, operations or paths.", at: rule.keyLocation)
                    }
                }
            default:
                throw GeneratorError(
                    "Unknown filter rule '\(entry.key)': use tags, operations, paths, schemas or exclude.",
                    at: entry.keyLocation)
            }
        }
    }

    /// The folders a setting names, each relative to the configuration file that holds it, and each
    /// an existing folder.
    static func folders(_ node: Node) throws -> [String] {
        try (node.elements ?? [node]).map { entry in
            let name = try string(entry)
            let file = entry.location.file
            var path = name
            if !name.hasPrefix("/"), let slash = file.lastIndex(of: "/") { path = String(file[...slash]) + name }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                let place = path == name ? "" : " ('\(path)')"
                throw GeneratorError(
                    "'allowedFolders' names '\(name)', which is not a folder\(place).", at: entry.location)
            }
            return path
        }
    }

    static func string(_ node: Node) throws -> String {
        guard let text = node.string else { throw GeneratorError("Expected text.", at: node.location) }
        return text
    }

    static func strings(_ node: Node) throws -> [String] {
        if let text = node.string { return [text] }
        guard let list = node.elements else { throw GeneratorError("Expected a list of names.", at: node.location) }
        return try list.map(string)
    }
}
