import Foundation
import Marfa
import Testing

/// The quick start of README.md: sign in, open a copy, write offline, drain, search.
@Suite struct QuickStartSnippets {
    /// A device sign-in, kept for the next launch (compiled; a person approves it).
    static func signIn() async throws -> Server {
        // snippet.begin: readme-sign-in
        let serverURL = URL(string: "http://127.0.0.1:8787")!  // make local
        let auth = try Authorization(
            server: serverURL,
            client: .init(name: "Notes", redirect: nil, scopes: ["core.note:read", "core.note:write"]),
            service: "com.example.notes")  // kept in Keychain.system
        let credential: Credential
        if let kept = try auth.credential() {
            credential = kept
        } else {
            let device = try await auth.startDeviceSignIn()
            print("Open \(device.verificationURL) and enter \(device.userCode),")
            print("or run: swift run marfa-local approve \(device.userCode) --data .build/local-data")
            credential = try await device.credential()  // waits for the owner's approval
        }
        let server = try Server(url: serverURL, credential: credential)
        // snippet.end
        return server
    }

    /// The copy: hydrated, written to, drained and searched.
    static func useTheCopy(
        server: Server, storeURL: URL
    ) async throws -> (notes: [Item], report: DrainReport, hits: [SearchHit]) {
        // snippet.begin: readme-copy
        // storeURL: a file of the app's own, such as notes.sqlite in its Application Support folder.
        let copy = try await WorkingCopy.open(store: storeURL, server: server)
        _ = try await copy.hydrate(types: ["core.note"], tier: .library)

        // An item's properties can be the app's own Codable struct, keys as its coding keys say.
        struct Note: Codable {
            var title: String
            var body: String?
        }
        let title = "Call the plumber"  // a variable: or properties: ["title": .init(title)]

        // A write lands in the store at once, online or not, and waits in the queue.
        _ = try await copy.items.create(try Draft(type: "core.note", encoding: Note(title: title), tags: ["home"]))
        let notes = try await copy.items.list(ListFilters(type: "core.note"))
        for note in notes { print(try note.decode(Note.self).title) }

        // With the server there: send what the queue holds, once each, in order.
        let report = try await copy.queue.drain()
        print("\(report.answered) writes answered, \(report.unsent) still queued")

        let hits = try await copy.search("plumb")  // the last word matches as a prefix
        for hit in hits { print(hit.item.id, hit.snippet.text) }
        await copy.close()
        // snippet.end
        return (notes, report, hits)
    }

    @Test func theQuickStartWritesDrainsAndFinds() async throws {
        try await SnippetInstance.with { url, key in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "quick-start-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let (notes, report, hits) = try await Self.useTheCopy(
                server: try Server(url: url, key: key), storeURL: folder.appendingPathComponent("notes.sqlite"))
            #expect(notes.count == 1)
            #expect(report.answered >= 1 && report.unsent == 0, "\(report)")
            #expect(hits.map(\.item.id) == notes.map(\.id))
        }
    }
}
