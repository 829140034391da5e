import Foundation
import Marfa
import MarfaTesting
import Testing

/// The code of the "Getting started" article (Marfa.docc/GettingStarted.md).
@Suite struct GettingStartedSnippets {
    /// A server made from a key answers its description.
    static func describe(serverURL: URL, apiKey: String) async throws -> InstanceDescription {
        // snippet.begin: getting-started-key
        let server = try Server(url: serverURL, key: apiKey)
        let instance = try await server.instanceDescription()
        print("Connected to \(instance.name), contract \(instance.contract)")
        // snippet.end
        return instance
    }

    /// The server named by the environment, when the process has one.
    static func serverFromEnvironment() throws -> Server? {
        // snippet.begin: getting-started-environment
        // MARFA_API_URL and MARFA_API_KEY; nil when neither is set.
        guard let server = try Server.fromEnvironment() else {
            print("Set MARFA_API_URL and MARFA_API_KEY to connect.")
            return nil
        }
        // snippet.end
        return server
    }

    /// A signed-in server: the kept sign-in, or a new one through the browser.
    static func signedInServer(serverURL: URL, store: any KeyStore) async throws -> Server {
        // snippet.begin: getting-started-sign-in
        let auth = try Authorization(
            server: serverURL,
            client: .init(
                name: "Reading List",
                redirect: URL(string: "com.example.readinglist:/signed-in"),
                scopes: ["core.note:read", "core.note:write"]),
            service: "com.example.readinglist",
            store: store)  // Keychain.system unless given

        let credential: Credential
        if let kept = try auth.credential() {
            credential = kept
        } else {
            // The system's web authentication session on Apple platforms; on Linux, the system
            // browser and a listener on 127.0.0.1 (LoopbackBrowser).
            credential = try await auth.signIn()
        }
        let server = try Server(url: serverURL, credential: credential)
        // snippet.end
        return server
    }

    @Test func aKeyReachesTheInstance() async throws {
        try await SnippetInstance.with { url, key in
            let description = try await Self.describe(serverURL: url, apiKey: key)
            #expect(description.contract == Server.contract)
            #expect(description.name == "Marfa (local)")
        }
    }

    static let environmentNamesNoServer =
        ProcessInfo.processInfo.environment[Server.urlVariable] == nil
        && ProcessInfo.processInfo.environment[Server.keyVariable] == nil

    @Test(.enabled(if: environmentNamesNoServer, "MARFA_API_URL or MARFA_API_KEY is set"))
    func theEnvironmentNamesNoServerWhenNeitherVariableIsSet() throws {
        #expect(try Self.serverFromEnvironment() == nil)
    }
}
