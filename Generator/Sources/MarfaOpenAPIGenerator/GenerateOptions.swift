/// The options of `marfa-openapi generate` as given on the command line; each one given replaces or
/// adds to what the configuration says.
struct GenerateOptions {
    var spec: String?
    /// The document of a configuration entry that names none (`--default-spec`), as the build plugin
    /// passes the target's `openapi.yaml`.
    var defaultSpec: String?
    var output: String?
    var configPath: String?
    var target: String?
    var modes: Set<GeneratorConfig.Mode> = []
    var access: GeneratorConfig.Access?
    var strict = false
    var fatalErrors = false
    var shards: Int?
    var allowedFolders: [String] = []

    /// A flag or value the command does not accept.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads `arguments` (after the command's name); throws `UsageError` for an unknown flag, a
    /// flag without its value, or a second document.
    init(parsing arguments: ArraySlice<String>) throws(UsageError) {
        var rest = arguments
        func value(_ flag: String) throws(UsageError) -> String {
            guard let next = rest.popFirst(), !next.hasPrefix("--") else {
                throw UsageError(description: "\(flag) needs a value")
            }
            return next
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--output", "-o": output = try value(argument)
            case "--config": configPath = try value(argument)
            case "--target": target = try value(argument)
            case "--mode":
                let name = try value(argument)
                guard let mode = GeneratorConfig.Mode(rawValue: name) else {
                    throw UsageError(description: "unknown mode '\(name)'")
                }
                modes.insert(mode)
            case "--access":
                let name = try value(argument)
                guard let level = GeneratorConfig.Access(rawValue: name) else {
                    throw UsageError(description: "unknown access '\(name)'")
                }
                access = level
            case "--strict": strict = true
            case "--fatal-errors": fatalErrors = true
            case "--shards":
                guard let count = Int(try value(argument)), ShardSetting.allowed.contains(count) else {
                    throw UsageError(description: "--shards takes 1 to 64")
                }
                shards = count
            case "--allow-folder": allowedFolders.append(try value(argument))
            case "--default-spec": defaultSpec = try value(argument)
            default:
                guard !argument.hasPrefix("-"), spec == nil else {
                    throw UsageError(description: "unexpected argument '\(argument)'")
                }
                spec = argument
            }
        }
    }

    /// `config` with the options given on the command line applied over it.
    func applied(to config: GeneratorConfig) -> GeneratorConfig {
        var config = config
        if !modes.isEmpty { config.modes = modes }
        if let access { config.access = access }
        if strict { config.strict = true }
        if fatalErrors { config.fatalErrors = true }
        if let shards { config.shards = shards }
        config.allowedFolders += allowedFolders
        return config
    }
}
