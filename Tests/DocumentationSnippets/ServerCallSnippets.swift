import Foundation
import Marfa
import MarfaAPI
import Testing

/// The code of the "Calls on the server" article (Marfa.docc/CallsOnTheServer.md).
@Suite struct ServerCallSnippets {
    static func history(of id: String, on server: Server) async throws -> [ItemSnapshot] {
        // snippet.begin: server-item-history
        var page = try await server.snapshots(ofItem: id)
        var history = page.snapshots
        while let next = page.next {
            page = try await server.snapshots(ofItem: id, after: next)
            history += page.snapshots
        }
        for snapshot in history {
            let who = snapshot.writer.map { "\($0.kind.rawValue) \($0.name ?? "")" } ?? "the server"
            print("version \(snapshot.version), written by \(who) at \(snapshot.createdAt)")
        }
        // snippet.end
        return history
    }

    static func keepTheBinLonger(on server: Server) async throws -> InstanceConfig {
        // snippet.begin: server-change-settings
        let settings = try await server.config()
        var patch = InstanceConfigPatch()
        patch.trashRetentionDays = .set(60)
        patch.auditRetentionDays = .clear  // back to the server's default
        let stored = try await server.updateConfig(patch, expecting: settings.instanceID)
        // snippet.end
        return stored
    }

    static func changeIcon(on server: Server) async throws -> (String?, String?) {
        // snippet.begin: server-type-icon
        let entry = "app.readinglist.entry"
        let icon = try await server.setTypeIcon("lucide:scale", ofType: entry)
        // Show the author's icon again:
        let authors = try await server.setTypeIcon(nil, ofType: entry)
        // snippet.end
        return (icon, authors)
    }

    static func longerWait(on server: Server) async throws -> InstanceDescription {
        // snippet.begin: server-timeout
        let description = try await server.instanceDescription(timeout: .seconds(60))
        // snippet.end
        return description
    }

    @Test func theSettingsChangeIsStored() async throws {
        try await SnippetInstance.with { url, key in
            let server = try Server(url: url, key: key)
            let stored = try await Self.keepTheBinLonger(on: server)
            #expect(stored.trashRetentionDays == 60)
            #expect(stored.auditRetentionDays == nil)
            #expect(stored.instanceID == (try await server.instanceDescription()).instanceID)
        }
    }

    @Test func theTypeIconIsSetThenRemoved() async throws {
        try await SnippetInstance.with { url, key in
            let server = try Server(url: url, key: key)
            try await APIClientSnippets.registerEntry(with: Client(server))
            let (icon, authors) = try await Self.changeIcon(on: server)
            #expect(icon == "lucide:scale")
            #expect(authors == nil)
        }
    }

    @Test func aMissingItemHasNoHistory() async throws {
        try await SnippetInstance.with { url, key in
            let server = try Server(url: url, key: key)
            await #expect(throws: MarfaError.self) { try await Self.history(of: "no-such-item", on: server) }
        }
    }
}
