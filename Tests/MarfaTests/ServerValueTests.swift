import Foundation
import Marfa
import Testing

@Suite struct ServerValueTests {
    let credential = Credential(
        server: URL(string: "https://marfa.example")!, accessToken: "marfa_at_s3cretACCESS",
        refreshToken: "marfa_rt_s3cretREFRESH", expiresAt: Date(timeIntervalSince1970: 1_900_000_000),
        scopes: ["core.note:read", "offline_access"], clientID: "client-1")

    @Test func theDescriptionOfAServerNeverShowsTheKey() throws {
        let server = try Server(url: URL(string: "https://marfa.example/prefix")!, key: testKey)
        for text in [
            server.description, server.debugDescription, String(describing: server), String(reflecting: server),
            "\(server)", dumped(server), String(describing: [server]),
        ] {
            #expect(!text.contains("s3cret"), "\(text)")
            #expect(text.contains("https://marfa.example/prefix"), "\(text)")
        }
    }

    @Test func theDescriptionOfASignedInServerNeverShowsATokenOrTheCredential() throws {
        let server = try Server(url: URL(string: "https://marfa.example")!, credential: credential)
        for text in [
            server.description, String(reflecting: server), dumped(server), credential.description,
            String(reflecting: credential), dumped(credential), String(describing: [credential]),
        ] {
            #expect(!text.contains("s3cret"), "\(text)")
        }
        #expect(credential.description.contains("core.note:read"))
        #expect(server.credential == credential)
        #expect(server.key == nil)
    }

    @Test func serversAreEqualByAddressAndCredential() throws {
        let url = URL(string: "https://marfa.example")!
        let a = try Server(url: url, key: testKey)
        #expect(a == (try Server(url: url, key: testKey)))
        #expect(a != (try Server(url: url, key: "marfa_k1_other")))
        #expect(a != (try Server(url: URL(string: "https://other.example")!, key: testKey)))
        #expect(a != (try Server(url: url, credential: credential)))
        #expect(Set([a, try Server(url: url, key: testKey)]).count == 1)
    }

    @Test(arguments: [
        "ftp://marfa.example", "marfa.example", "https://", "https://owner:pw@marfa.example",
        "https://owner@marfa.example",
    ])
    func anAddressThatIsNotAServerIsRefused(_ address: String) throws {
        let url = try #require(URL(string: address))
        let error = #expect(throws: MarfaError.self) { try Server(url: url, key: testKey) }
        #expect(error?.code() == "invalid")
        #expect(error.map { !$0.message.contains("pw") } ?? false)
    }

    @Test func anEmptyKeyIsRefused() {
        #expect(throws: MarfaError.self) { try Server(url: URL(string: "https://marfa.example")!, key: "") }
    }

    @Test func aCredentialOfAnotherServerIsRefused() {
        let error = #expect(throws: MarfaError.self) {
            try Server(url: URL(string: "https://other.example")!, credential: credential)
        }
        #expect(error?.code() == "invalid")
    }

    @Test func aCredentialMatchesItsServerWhateverThePathOrDefaultPort() throws {
        _ = try Server(url: URL(string: "https://MARFA.example:443/api")!, credential: credential)
    }

    @Test func theContractIsTheDocumentsInfoVersion() throws {
        let document = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("openapi/marfa.yaml")
        let text = try String(contentsOf: document, encoding: .utf8)
        let info = try #require(text.range(of: "\ninfo:\n"))
        let version = try #require(text[info.upperBound...].range(of: "version: "))
        let line = text[version.upperBound...].prefix { $0 != "\n" }
        #expect(line.trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")) == String(Server.contract))
    }
}
