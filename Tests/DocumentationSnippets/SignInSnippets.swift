import Foundation
import Marfa

#if canImport(SwiftUI) && canImport(AuthenticationServices)
import AuthenticationServices
import SwiftUI
#endif

/// The code of the "Signing in" article (Marfa.docc/SigningIn.md). Compiled, never called: each
/// needs a person to approve.
enum SignInSnippets {
    #if canImport(AuthenticationServices)
    @MainActor
    static func browserSignIn(auth: Authorization, window: ASPresentationAnchor) async throws -> Server {
        // snippet.begin: sign-in-browser
        let credential = try await auth.signIn(presentingFrom: window)
        let server = try Server(url: auth.server, credential: credential)
        // snippet.end
        return server
    }
    #endif

    #if canImport(SwiftUI) && canImport(AuthenticationServices)
    @available(iOS 16.4, macOS 13.3, *)
    struct SignInButton: View {
        let auth: Authorization
        @Environment(\.webAuthenticationSession) private var webAuthenticationSession

        // snippet.begin: sign-in-swiftui
        var body: some View {
            Button("Sign in") {
                Task {
                    do {
                        _ = try await auth.signIn(using: webAuthenticationSession)
                    } catch SignInError.canceled {
                        // The person closed the page: nothing to show.
                    } catch {
                        print((error as? SignInError)?.message ?? "\(error)")
                    }
                }
            }
        }
        // snippet.end
    }
    #endif

    // snippet.begin: sign-in-loopback
    #if os(Linux)  // LoopbackBrowser is declared on Linux only
    /// Linux and command-line tools: the system browser, back to a listener on 127.0.0.1.
    static func loopbackSignIn(auth: Authorization) async throws -> Credential {
        try await auth.signIn(with: LoopbackBrowser())
    }
    #endif
    // snippet.end

    static func deviceSignIn(auth: Authorization) async throws -> Credential {
        // snippet.begin: sign-in-device
        let device = try await auth.startDeviceSignIn()
        print("Open \(device.verificationURL) and enter \(device.userCode)")
        do {
            let credential = try await device.credential()  // waits for the person's decision
            print("Signed in with \(credential.scopes.joined(separator: ", "))")
            return credential
        } catch SignInError.expired {
            print("The code expired at \(device.expiresAt). Start again.")
            throw SignInError.expired
        }
        // snippet.end
    }

    static func signOut(auth: Authorization) async throws {
        // snippet.begin: sign-in-sign-out
        let revoked = try await auth.signOut()
        if !revoked {
            print("Remove Reading List from your connected apps to end its approval.")
        }
        // snippet.end
    }

    static func replacedGrant(credential: Credential) {
        // snippet.begin: sign-in-replaced-grant
        if credential.replacedGrantStands {
            print("The earlier approval may still stand: remove it from your connected apps.")
        }
        // snippet.end
    }

    static func sharedKeychain() throws -> Authorization {
        // snippet.begin: sign-in-shared-keychain
        let shared = Keychain(accessGroup: "TEAMID.com.example.readinglist", appGroup: "group.com.example.readinglist")
        let auth = try Authorization(
            server: URL(string: "https://marfa.example")!,
            client: .init(
                name: "Reading List", redirect: URL(string: "com.example.readinglist:/signed-in"),
                scopes: ["core.note:read"]),
            service: "com.example.readinglist",
            store: shared)
        // snippet.end
        return auth
    }
}
