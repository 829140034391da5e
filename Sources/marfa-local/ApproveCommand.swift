import Foundation
import MarfaLocal

/// `marfa-local approve CODE --data DIR [--scope S]...`: approves a device sign-in as the owner.
struct ApproveCommand {
    static let usage = """
        usage: marfa-local approve CODE --data DIR [--scope SCOPE]...

        Approves, as the owner, the device sign-in waiting with the user code CODE (as the device
        shows it, BCDF-GHJK; any case, the dash optional): every scope it asked for, or only those
        named with --scope (repeatable, or several in one value, space-separated). The device's
        next poll gets its tokens. Run it on the instance's machine: access to DIR is the authority,
        in place of the owner password the consent page asks for.

          --data DIR       the instance's data folder
          --scope SCOPE    approve only this of the scopes asked for
        """

    var code: String
    var data: URL
    var scopes: [String]?

    init(_ words: ArraySlice<String>) throws {
        let options = try CommandOptions(
            words, options: ["--data", "--scope"], repeatable: ["--scope"], positionals: 1, usage: Self.usage)
        guard let code = options.positionals.first else {
            throw CommandFailure(message: "approve needs the user code\n\(Self.usage)")
        }
        guard code.filter(\.isLetter).count == 8, code.allSatisfy({ $0.isLetter || $0 == "-" || $0 == " " }) else {
            throw CommandFailure(message: "\(code) is not a user code: a device shows eight letters, such as BCDF-GHJK")
        }
        self.code = code
        data = URL(fileURLWithPath: try options.required("--data", usage: Self.usage), isDirectory: true)
        let named = options.all("--scope")
        scopes = named.isEmpty ? nil : named
    }

    func run() async throws {
        let approval = try await withFolder(data) { try await $0.approveDeviceSignIn(userCode: code, scopes: scopes) }
        say(
            "marfa-local: approved \(approval.userCode) for \(approval.client): \(approval.scopes.joined(separator: " "))"
        )
    }
}
