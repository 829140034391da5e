/// A command's words after its name, read against the options it takes: `--name value` pairs
/// (each option named in `options`, given once unless in `repeatable`) and up to `positionals`
/// bare words. `--help` or `-h` anywhere stops with the usage.
struct CommandOptions {
    private var values: [String: [String]] = [:]
    private(set) var positionals: [String] = []

    init(
        _ words: ArraySlice<String>, options: Set<String>, repeatable: Set<String> = [], positionals limit: Int = 0,
        usage: String
    ) throws {
        var rest = words
        if rest.contains("--help") || rest.contains("-h") { throw CommandFailure.help(usage) }
        while let word = rest.popFirst() {
            guard word.hasPrefix("-") else {
                guard positionals.count < limit else {
                    throw CommandFailure(message: "unexpected argument \(word)\n\(usage)")
                }
                positionals.append(word)
                continue
            }
            guard options.contains(word) else { throw CommandFailure(message: "unknown option \(word)\n\(usage)") }
            guard let value = rest.popFirst(), !value.isEmpty else {
                throw CommandFailure(message: "\(word) needs a value\n\(usage)")
            }
            guard values[word] == nil || repeatable.contains(word) else {
                throw CommandFailure(message: "\(word) is given twice\n\(usage)")
            }
            values[word, default: []].append(value)
        }
    }

    /// The value of `option`, if given.
    func value(_ option: String) -> String? { values[option]?.last }

    /// Every value of a repeatable `option`, in order.
    func all(_ option: String) -> [String] { values[option] ?? [] }

    /// The value of `option`, or a failure saying it is required.
    func required(_ option: String, usage: String) throws -> String {
        guard let value = value(option) else { throw CommandFailure(message: "\(option) is required\n\(usage)") }
        return value
    }
}
