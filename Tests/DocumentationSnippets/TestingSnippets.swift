import Foundation
import Marfa
import MarfaClock
import MarfaLocal
import MarfaTesting
import Testing

/// The code of the "Testing your app" article (MarfaTesting.docc/TestingYourApp.md).
@Suite struct TestingSnippets {
    @Test func aMemoryKeyStoreHoldsKeysAndSignIns() throws {
        // snippet.begin: testing-memory-key-store
        let store = MemoryKeyStore()
        let auth = try Authorization(
            server: URL(string: "https://marfa.example")!,
            client: .init(name: "Reading List", redirect: nil, scopes: ["core.note:read"]),
            service: "com.example.readinglist",
            store: store)
        #expect(try auth.credential() == nil)  // nothing kept yet

        try store.save(key: "marfa_k1_example", service: "com.example.readinglist", account: "default")
        #expect(try store.key(service: "com.example.readinglist", account: "default") == "marfa_k1_example")

        store.makeUnreadable("com.example.readinglist")  // held, as a locked keychain item is
        #expect(throws: Keychain.Failure.self) {
            try store.key(service: "com.example.readinglist", account: "default")
        }
        // snippet.end
    }

    @Test func aLocalInstanceAnswersRealCalls() async throws {
        // snippet.begin: testing-local-instance
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let instance = try await LocalInstance.start(dataDirectory: folder, port: 0)  // a free port
        let server = try Server(url: instance.url, key: try #require(instance.bootstrapKey))

        let settings = try await server.config()
        #expect(settings.instanceID == instance.instanceID)
        await instance.stop()
        // snippet.end
    }

    @Test func theInstanceRunsOnTheTestsClock() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        // snippet.begin: testing-manual-clock-instance
        let clock = ManualClock()
        var options = LocalInstance.Options(requestsPerMinute: 2, log: { _ in })
        options.clock = clock  // stored times, token lifetimes and rate-limit windows read it
        let instance = try await LocalInstance.start(dataDirectory: folder, options: options)
        let server = try Server(url: instance.url, key: try #require(instance.bootstrapKey))

        _ = try await server.config()
        _ = try await server.config()
        await #expect(throws: MarfaError.self) { try await server.config() }  // rateLimited
        clock.advance(by: .seconds(61))  // a minute passes, at once
        _ = try await server.config()
        await instance.stop()
        // snippet.end
    }

    // snippet.begin: testing-clock-in-app-code
    /// App code that waits takes a clock, so a test can move time instead of waiting for it.
    struct Reminder {
        let clock: any MarfaClock

        func remind(after delay: Duration, _ note: String) async throws -> String {
            try await clock.sleep(for: delay)
            return "Reminder: \(note)"
        }
    }
    // snippet.end

    @Test func aReminderFiresWhenTheClockMoves() async throws {
        // snippet.begin: testing-manual-clock
        let clock = ManualClock()
        let reminder = Reminder(clock: clock)
        let fired = Task { try await reminder.remind(after: .seconds(3600), "Read the article") }

        await clock.waitForSleepers(1)  // the reminder is waiting now
        clock.advance(by: .seconds(3600))
        #expect(try await fired.value == "Reminder: Read the article")
        // snippet.end
    }
}
