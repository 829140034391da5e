import Foundation
import Marfa
import Testing

/// The code of the "Handling errors" article (Marfa.docc/HandlingErrors.md).
@Suite struct ErrorSnippets {
    /// What the app shows after a failed call.
    enum Next: Equatable {
        case showOffline, askToSignIn, tryLater, hydrate
        case show(String)
    }

    static func loadSettings(from server: Server) async -> Next? {
        // snippet.begin: errors-sort
        do {
            _ = try await server.config()
        } catch let error as MarfaError {
            if error.isOffline { return .showOffline }  // network, noConnection
            if error.isKeyRefusal { return .askToSignIn }  // asking again can't clear it
            if error.isTransient { return .tryLater }
            if error.isHydrationNeeded { return .hydrate }
            return .show(error.message)  // fit to show a person
        } catch {
            return .show("\(error)")
        }
        // snippet.end
        return nil
    }

    static func describe(_ error: MarfaError) -> String {
        // snippet.begin: errors-cases
        switch error {
        case .rateLimited(_, _, let retryAfterSeconds):
            return "Busy: ask again in \(retryAfterSeconds ?? 60) seconds."
        case .validation(let code, let message, _):
            return "\(code): \(message)"
        case .server(status: 409, code: "type_in_use", let message):
            return message
        default:
            return "\(error.code()): \(error.message)"  // code() is a stable word, such as not_found
        }
        // snippet.end
    }

    static func isInUse(_ error: MarfaError) -> Bool {
        // snippet.begin: errors-code-property
        error.code == "type_in_use"  // the server's own code where the case carries one
        // snippet.end
    }

    @Test func anUnreachableServerIsOffline() async throws {
        let server = try Server(url: SnippetInstance.nothingListens, key: "any")
        #expect(await Self.loadSettings(from: server) == .showOffline)
    }

    @Test func aWrongKeyAsksToSignIn() async throws {
        try await SnippetInstance.with { url, _ in
            let server = try Server(url: url, key: "marfa_k1_not_a_key")
            #expect(await Self.loadSettings(from: server) == .askToSignIn)
        }
    }

    @Test func eachCaseDescribes() {
        #expect(
            Self.describe(.rateLimited(code: "rate_limited", message: "Slow down.", retryAfterSeconds: 5))
                == "Busy: ask again in 5 seconds.")
        #expect(Self.describe(.server(status: 409, code: "type_in_use", message: "In use.")) == "In use.")
        #expect(Self.isInUse(.server(status: 409, code: "type_in_use", message: "In use.")))
        #expect(Self.describe(.notFound(code: "not_found", message: "No such item.")) == "not_found: No such item.")
    }
}
