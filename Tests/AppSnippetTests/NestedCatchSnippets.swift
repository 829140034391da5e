import Foundation
import Marfa
import MarfaAPI
import Testing

/// Error handling as an app writes it, against a server nothing listens on: each snippet must
/// compile (the Swift 6.3 compiler once crashed on the first two) and see `noConnection`.
@Suite struct NestedCatchSnippets {
    /// Port 9 (discard) on loopback: nothing listens, so every call fails at once and sends nothing.
    static let offline = URL(string: "http://127.0.0.1:9")!

    @Test func nestedDoCatchWithAFoundationCallBetween() async throws {
        var seen: [String] = []
        do {
            let server = try Server(url: Self.offline, key: "k")
            let data = try JSONEncoder().encode(["note": "text"])
            seen.append("encoded \(data.count)")
            do {
                _ = try await server.config()
            } catch let error as MarfaError {
                seen.append(error.isOffline ? "offline" : "online")
            }
        } catch {
            seen.append("other")
        }
        #expect(seen == ["encoded 15", "offline"])
    }

    @Test func nestedDoCatchAroundAGeneratedCall() async throws {
        var seen = ""
        do {
            let api = Client(try Server(url: Self.offline, key: "k"))
            let missing = URL(fileURLWithPath: "/nonexistent/notes.txt")
            if FileManager.default.fileExists(atPath: missing.path) { _ = try Data(contentsOf: missing) }
            do {
                _ = try await api.listAuditLog().ok.body.json
            } catch let error as MarfaError {
                seen = error.code()
            }
        } catch {
            seen = "other"
        }
        #expect(seen == "no_connection")
    }

    @Test func catchingOneCaseByPattern() async {
        let outcome: String
        do {
            _ = try await Server(url: Self.offline, key: "k").snapshots(ofItem: "")
            outcome = "answered"
        } catch MarfaError.invalid(let message) {
            outcome = message
        } catch MarfaError.notFound {
            outcome = "not found"
        } catch {
            outcome = "other"
        }
        #expect(outcome == "The item ID is empty.")
    }

    @Test func aFoundationErrorIsNotAMarfaError() async {
        var caught: [String] = []
        do {
            _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/notes.txt"))
            _ = try await Server(url: Self.offline, key: "k").config()
        } catch let error as MarfaError {
            caught.append("marfa \(error.code())")
        } catch {
            caught.append("foundation")
        }
        #expect(caught == ["foundation"])
    }
}
