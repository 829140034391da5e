import Foundation
import MarfaTelemetry
import Testing

@Suite("Telemetry destinations")
struct DestinationTests {
    typealias Refusal = Telemetry.ConfigurationError

    @Test(arguments: [
        ("ftp://eu.i.posthog.com", Refusal.notHTTPS),
        ("http://eu.i.posthog.com", .notHTTPS),
        ("http://10.0.0.5:8000", .notHTTPS),
        ("http://127.evil.example", .notHTTPS),
        ("http://127.0.0.1.evil.example", .notHTTPS),
        ("eu.i.posthog.com", .noHost),
        ("https://", .noHost),
        ("https://someone@eu.i.posthog.com", .credentialsInHost),
        ("https://someone:pass@eu.i.posthog.com", .credentialsInHost),
        ("http://user:pass@127.0.0.1:9000", .credentialsInHost),
        ("https://eu.i.posthog.com/?token=x", .queryOrFragmentInHost),
        ("https://eu.i.posthog.com/#part", .queryOrFragmentInHost),
    ])
    func refusesHost(_ host: String, _ refusal: Refusal) throws {
        let url = try #require(URL(string: host))
        #expect(throws: refusal) { try Telemetry.Destination(host: url, projectToken: "phc_token") }
    }

    @Test(arguments: [
        "https://eu.i.posthog.com", "https://us.i.posthog.com/", "https://posthog.example.org:8443/ingest",
        "http://127.0.0.1:8123", "http://127.1.2.3", "http://localhost:9000", "http://[::1]:9000",
    ])
    func acceptsHost(_ host: String) throws {
        let url = try #require(URL(string: host))
        let destination = try Telemetry.Destination(host: url, projectToken: "phc_token")
        #expect(destination.host == url)
        #expect(destination.projectToken == "phc_token")
    }

    @Test(arguments: [
        ("", Refusal.emptyToken),
        (" ", .blankInToken),
        ("phc_abc def", .blankInToken),
        ("phc_abc\t", .blankInToken),
        ("phc_abc\n", .blankInToken),
        ("\u{00A0}phc_abc", .blankInToken),
        ("phc_\u{2003}abc", .blankInToken),
        ("phc_abc\u{0}", .blankInToken),
        ("phc_abc\r\nX-Injected: 1", .blankInToken),
    ])
    func refusesToken(_ token: String, _ refusal: Refusal) throws {
        let url = try #require(URL(string: "https://eu.i.posthog.com"))
        #expect(throws: refusal) { try Telemetry.Destination(host: url, projectToken: token) }
    }

    @Test func refusalsNeverRepeatTheToken() throws {
        let url = try #require(URL(string: "http://eu.i.posthog.com"))
        let token = "phc_NeverShownToken x"
        do {
            _ = try Telemetry.Destination(host: url, projectToken: token)
            Issue.record("an http host that is not loopback was accepted")
        } catch {
            #expect(!String(describing: error).contains("phc_NeverShownToken"))
            #expect(!error.localizedDescription.contains("phc_NeverShownToken"))
        }
    }
}
