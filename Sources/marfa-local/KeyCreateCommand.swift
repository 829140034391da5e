import Foundation
import MarfaLocal

/// `marfa-local key create --scope S... --data DIR`: mints a key holding scopes.
struct KeyCreateCommand {
    static let usage = """
        usage: marfa-local key create --scope SCOPE [--scope SCOPE]... [--label LABEL] [--source SOURCE] --data DIR

        Mints a key holding exactly the scopes named (repeatable, or several in one value,
        space-separated), in the sign-in scope grammar: core.note:read, app.notes.*:write,
        edge.*:write, metadata.types:write, schema.write, ... (the sign-in article's scope table).
        Prints the key alone on standard output (it is shown once: only its hash is stored) and
        what it holds on standard error. Run it on the instance's machine.

          --data DIR          the instance's data folder
          --scope SCOPE       a scope the key holds
          --label LABEL       what the key is for (marfa-local key)
          --source SOURCE     the source its writes are stamped with (a new cli-... one); no other
                              live key's
        """

    var data: URL
    var scopes: [String]
    var label: String
    var source: String?

    init(_ words: ArraySlice<String>) throws {
        let options = try CommandOptions(
            words, options: ["--data", "--scope", "--label", "--source"], repeatable: ["--scope"], usage: Self.usage)
        data = URL(fileURLWithPath: try options.required("--data", usage: Self.usage), isDirectory: true)
        scopes = options.all("--scope")
        guard !scopes.isEmpty else {
            throw CommandFailure(message: "key create needs at least one --scope\n\(Self.usage)")
        }
        label = options.value("--label") ?? "marfa-local key"
        source = options.value("--source")
    }

    func run() async throws {
        let key = try await withFolder(data) { try await $0.createKey(scopes: scopes, label: label, source: source) }
        standardError("marfa-local: key \(key.id) (source \(key.source)) holds: \(key.scopes.joined(separator: " "))")
        say(key.plaintext)
    }
}
