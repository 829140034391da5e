import Foundation
import Marfa

// A second process for the sign-in tests: opens the kept sign-in in the key-store folder it is
// given, makes one server call (renewing the sign-in when the server refuses its token), and
// prints `ok <refreshes>` with the number of refresh requests it sent.
let arguments = CommandLine.arguments
guard arguments.count == 4, let url = URL(string: arguments[1]) else {
    print("usage: signin-probe SERVER-URL KEY-FOLDER SERVICE")
    exit(2)
}
do {
    let auth = try Authorization(
        server: url, client: .init(name: "Reading List", redirect: nil, scopes: []), service: arguments[3],
        store: Keychain(folder: URL(fileURLWithPath: arguments[2])), transport: nil, lockWait: .seconds(10))
    let server = try auth.server(at: url)
    _ = try await server.config()
    print("ok \(auth.refreshCount)")
} catch {
    print("failed \(error)")
    exit(1)
}
