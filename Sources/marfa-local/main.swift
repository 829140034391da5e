// `marfa-local`: runs a local Marfa instance (`marfa-local --data DIR --port N`, see ServeCommand),
// and acts as its owner on the instance's own machine: `owner-key` shows the owner's key and
// password again, `approve CODE` approves a device sign-in, `key create --scope S` mints a key.
import Dispatch
import Foundation

/// The command the words name, ready to run; a failure for a wrong command line.
func command(_ words: [String]) throws -> () async throws -> Void {
    switch words.first {
    case "owner-key": return try OwnerKeyCommand(words.dropFirst()).run
    case "approve": return try ApproveCommand(words.dropFirst()).run
    case "key":
        guard words.dropFirst().first == "create" else {
            if words.dropFirst().first.map({ ["--help", "-h"].contains($0) }) ?? false {
                throw CommandFailure.help(KeyCreateCommand.usage)
            }
            throw CommandFailure(message: "marfa-local key takes one command, create\n\(KeyCreateCommand.usage)")
        }
        return try KeyCreateCommand(words.dropFirst(2)).run
    case "help": throw CommandFailure.help(ServeCommand.usage)
    case let word? where !word.hasPrefix("-"):
        throw CommandFailure(message: "unknown command \(word)\n\(ServeCommand.usage)")
    default: return try ServeCommand(words[...]).run
    }
}

let run: () async throws -> Void
do {
    run = try command(Array(CommandLine.arguments.dropFirst()))
} catch {
    exit(with: CommandFailure.from(error))
}
Task {
    do {
        try await run()
        exit(0)
    } catch {
        exit(with: CommandFailure.from(error))
    }
}
dispatchMain()
