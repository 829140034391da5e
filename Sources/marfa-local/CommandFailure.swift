import Foundation
import MarfaLocal

/// Why a command stops before doing its work, and its exit status: 0 for `--help` (the message
/// is then the usage, on standard output), 1 for a refusal (nothing to approve, a key kept
/// nowhere), 2 for a wrong command line or a folder holding no store, 3 when the machine failed
/// (a file or the database unusable), as the `marfa` command line counts them.
struct CommandFailure: Error {
    var message: String
    var status: Int32 = 2

    static func help(_ usage: String) -> CommandFailure { CommandFailure(message: usage, status: 0) }

    /// The failure for an error a command's work threw.
    static func from(_ error: any Error) -> CommandFailure {
        if let failure = error as? CommandFailure { return failure }
        guard let refusal = error as? LocalDataFolderError else {
            return CommandFailure(message: "marfa-local: \(error)", status: 3)
        }
        let status: Int32 =
            switch refusal {
            case .noStore, .needsStart, .badScope, .noScopes, .badName: 2
            case .noKeptSecrets, .secretsExposed, .noDeviceRequest, .sourceTaken: 1
            }
        return CommandFailure(message: "marfa-local: \(refusal)", status: status)
    }
}

func standardError(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }
func say(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }

/// Ends the process for `failure`: the usage on standard output for `--help`, else the message on
/// standard error.
func exit(with failure: CommandFailure) -> Never {
    if failure.status == 0 { say(failure.message) } else { standardError(failure.message) }
    exit(failure.status)
}

/// Runs `body` on the data folder `data`, closing it after.
func withFolder<T>(_ data: URL, _ body: (LocalDataFolder) async throws -> T) async throws -> T {
    let folder = try await LocalDataFolder.open(data)
    do {
        let result = try await body(folder)
        await folder.close()
        return result
    } catch {
        await folder.close()
        throw error
    }
}
