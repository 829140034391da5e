import Foundation
import MarfaLocal

/// `marfa-local owner-key --data DIR`: the owner's key and password the first start printed.
struct OwnerKeyCommand {
    static let usage = """
        usage: marfa-local owner-key --data DIR

        Shows the owner's key and the generated owner password that the first start of DIR
        printed, read from DIR/owner-secrets.json, which only its owner may read (0600). Each is
        checked against the store: a key since revoked or a password since replaced is said to be
        so, and not shown. Exits 1 when DIR keeps neither.
        """

    var data: URL

    init(_ words: ArraySlice<String>) throws {
        let options = try CommandOptions(words, options: ["--data"], usage: Self.usage)
        data = URL(fileURLWithPath: try options.required("--data", usage: Self.usage), isDirectory: true)
    }

    func run() async throws {
        let secrets = try await withFolder(data) { try await $0.ownerSecrets() }
        var shown = false
        if let key = secrets.key {
            if secrets.keyIsLive {
                say("marfa-local: the owner's key: \(key)")
                shown = true
            } else {
                standardError(
                    "marfa-local: the owner's key kept in \(data.path) was revoked; marfa-local key create mints another"
                )
            }
        }
        if let password = secrets.password {
            if secrets.passwordIsCurrent {
                say("marfa-local: the owner password for sign-in pages: \(password)")
                shown = true
            } else {
                standardError(
                    "marfa-local: the owner password kept in \(data.path) was replaced since (--owner-password or POST /owner)"
                )
            }
        }
        guard shown else {
            throw CommandFailure(message: "marfa-local: nothing kept in \(data.path) is still the owner's", status: 1)
        }
    }
}
