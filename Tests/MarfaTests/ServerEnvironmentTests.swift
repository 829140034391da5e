import Foundation
import Marfa
import Testing

/// One environment and what `Server.fromEnvironment` must make of it.
struct EnvironmentRow: Sendable, CustomTestStringConvertible {
    enum Outcome: Sendable, Equatable {
        case server(url: String)
        case none
        case incomplete(missing: String)
        case notAServer
        case unusableKey
    }

    var name: String
    var environment: [String: String]
    var outcome: Outcome

    var testDescription: String { name }
}

let environmentTable: [EnvironmentRow] = [
    EnvironmentRow(
        name: "both set", environment: ["MARFA_API_URL": "https://marfa.example", "MARFA_API_KEY": testKey],
        outcome: .server(url: "https://marfa.example")),
    EnvironmentRow(
        name: "http with a port and a path",
        environment: ["MARFA_API_URL": "http://127.0.0.1:8080/marfa", "MARFA_API_KEY": testKey],
        outcome: .server(url: "http://127.0.0.1:8080/marfa")),
    EnvironmentRow(
        name: "values with blanks around them",
        environment: ["MARFA_API_URL": " https://marfa.example\n", "MARFA_API_KEY": "\(testKey)\n"],
        outcome: .server(url: "https://marfa.example")),
    EnvironmentRow(name: "neither set", environment: [:], outcome: .none),
    EnvironmentRow(
        name: "both empty", environment: ["MARFA_API_URL": "", "MARFA_API_KEY": ""], outcome: .none),
    EnvironmentRow(
        name: "key missing", environment: ["MARFA_API_URL": "https://marfa.example"],
        outcome: .incomplete(missing: "MARFA_API_KEY")),
    EnvironmentRow(
        name: "key empty", environment: ["MARFA_API_URL": "https://marfa.example", "MARFA_API_KEY": ""],
        outcome: .incomplete(missing: "MARFA_API_KEY")),
    EnvironmentRow(
        name: "address missing", environment: ["MARFA_API_KEY": testKey], outcome: .incomplete(missing: "MARFA_API_URL")
    ),
    EnvironmentRow(
        name: "ftp scheme", environment: ["MARFA_API_URL": "ftp://marfa.example", "MARFA_API_KEY": testKey],
        outcome: .notAServer),
    EnvironmentRow(
        name: "no scheme", environment: ["MARFA_API_URL": "marfa.example", "MARFA_API_KEY": testKey],
        outcome: .notAServer),
    EnvironmentRow(
        name: "no host", environment: ["MARFA_API_URL": "https://", "MARFA_API_KEY": testKey], outcome: .notAServer),
    EnvironmentRow(
        name: "user and password in the address",
        environment: ["MARFA_API_URL": "https://owner:\(testKey)@marfa.example", "MARFA_API_KEY": testKey],
        outcome: .notAServer),
    EnvironmentRow(
        name: "user in the address",
        environment: ["MARFA_API_URL": "https://\(testKey)@marfa.example", "MARFA_API_KEY": testKey],
        outcome: .notAServer),
    EnvironmentRow(
        name: "key with a blank inside",
        environment: ["MARFA_API_URL": "https://marfa.example", "MARFA_API_KEY": "marfa_k1_ s3cret"],
        outcome: .unusableKey),
]

@Suite struct ServerEnvironmentTests {
    @Test(arguments: environmentTable)
    func fromEnvironmentReadsTheAddressAndTheKey(_ row: EnvironmentRow) throws {
        let outcome: EnvironmentRow.Outcome
        var shown: [String] = []
        do {
            if let server = try Server.fromEnvironment(row.environment) {
                outcome = .server(url: server.url.absoluteString)
                #expect(server.key == row.environment["MARFA_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines))
                shown = [server.description, server.debugDescription, String(describing: server), dumped(server)]
            } else {
                outcome = .none
            }
        } catch {
            switch error {
            case .incomplete(let missing): outcome = .incomplete(missing: missing)
            case .notAServer: outcome = .notAServer
            case .unusableKey: outcome = .unusableKey
            }
            shown = [error.description, error.localizedDescription, String(reflecting: error), dumped(error)]
        }
        #expect(outcome == row.outcome)
        for text in shown {
            #expect(!text.contains("s3cret"), "the key shows in \(text)")
        }
    }

    @Test func theProcessEnvironmentIsReadByDefault() throws {
        let environment = ProcessInfo.processInfo.environment
        let server = try Server.fromEnvironment()
        #expect(server == (try Server.fromEnvironment(environment)))
    }
}

/// What `dump` prints for `value`.
func dumped(_ value: Any) -> String {
    var text = ""
    dump(value, to: &text)
    return text
}
