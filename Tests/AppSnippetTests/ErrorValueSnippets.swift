import Foundation
import Marfa
import MarfaAPI
import Testing

/// `try?`, `Result`, `async let` and task groups over calls that throw `MarfaError`.
@Suite struct ErrorValueSnippets {
    let server: Server

    init() throws { server = try Server(url: NestedCatchSnippets.offline, key: "k") }

    @Test func tryQuestionMarkGivesNil() async {
        let config = try? await server.config()
        #expect(config == nil)
    }

    @Test func resultCarriesTheError() async throws {
        let made = Result { try Server(url: URL(string: "ftp://example.org")!, key: "k") }
        guard case .failure(let error) = made, let marfa = error as? MarfaError else {
            Issue.record("expected a failure, got \(made)")
            return
        }
        #expect(marfa.code() == "invalid")
        if case .invalid = marfa {} else { Issue.record("expected invalid, got \(marfa)") }
    }

    @Test func asyncLetAndSwitchOnTheCase() async {
        async let description = server.instanceDescription()
        async let config = server.config()
        do {
            _ = try await (description, config)
            Issue.record("an offline server answered")
        } catch let error as MarfaError {
            switch error {
            case .noConnection, .network: #expect(error.isTransient && error.isOffline)
            default: Issue.record("expected offline, got \(error)")
            }
        } catch {
            Issue.record("not a MarfaError: \(error)")
        }
    }

    @Test func taskGroupCollectsTheCodes() async {
        let server = server
        let codes = await withTaskGroup(of: String.self) { group in
            for item in ["a", "b", "c"] {
                group.addTask {
                    do {
                        _ = try await server.snapshots(ofItem: item)
                        return "answered"
                    } catch let error as MarfaError {
                        return error.code()
                    } catch {
                        return "other"
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(codes == ["no_connection", "no_connection", "no_connection"])
    }

    @Test func throwingTaskGroupRethrowsTheFirstError() async {
        let server = server
        await #expect(throws: MarfaError.self) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { _ = try await server.config() }
                group.addTask { _ = try JSONSerialization.jsonObject(with: Data("[1]".utf8)) }
                try await group.waitForAll()
            }
        }
    }

    @Test func codeAndRetryAfterReadAsProperties() {
        let limited = MarfaError.rateLimited(code: "rate_limited", message: "Slow down.", retryAfterSeconds: 7)
        #expect(limited.retryAfterSeconds == 7)
        #expect(limited.code == "rate_limited")
        let inUse = MarfaError.server(status: 409, code: "type_in_use", message: "In use.")
        #expect(inUse.code == "type_in_use")
        #expect(inUse.code() == "server")
        #expect(inUse.retryAfterSeconds == nil)
        switch inUse.code {
        case "type_in_use": break
        default: Issue.record("switch on the code missed")
        }
        #expect("\(MarfaError.canceled.code)" == "canceled")
    }
}
