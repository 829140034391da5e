import Foundation
import Marfa
import Testing

/// The code of the "The working copy" article (Marfa.docc/WorkingCopyGuide.md).
@Suite struct WorkingCopySnippets {
    static func fill(storeURL: URL, server: Server) async throws -> (WorkingCopy, [Item]) {
        // snippet.begin: copy-open-hydrate
        let copy = try await WorkingCopy.open(store: storeURL, server: server)
        let report = try await copy.hydrate(types: ["core.note"], tier: .library)
        print("held \(report.items) notes from \(report.pages) pages")
        let notes = try await copy.items.list(ListFilters(type: "core.note", tags: ["reading"]))
        // snippet.end
        return (copy, notes)
    }

    static func stayInStep(_ copy: WorkingCopy) async throws -> CatchUpReport {
        // snippet.begin: copy-catch-up
        do {
            return try await copy.catchUp()
        } catch let error as MarfaError where error.isHydrationNeeded {
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            return try await copy.catchUp()
        }
        // snippet.end
    }

    static func follow(_ copy: WorkingCopy) async {
        // snippet.begin: copy-changes
        for await change in copy.changes() {
            switch change.origin {
            case .server(let event, _): print("the instance sent \(event) for \(change.itemId ?? "-")")
            case .serverUnreachable(let error): print("offline: \(error.message)")
            case .stopped(let error): print("stopped following: \(error.message)")
            default: break
            }
        }
        // snippet.end
    }

    static func writeThenDrain(_ copy: WorkingCopy) async throws -> DrainReport {
        // snippet.begin: copy-write-drain
        let title = "Call the plumber"
        let note = try await copy.items.create(Draft(type: "core.note", properties: ["title": .init(title)]))
        _ = try await copy.tags.add("home", to: note.itemId!)
        let report = try await copy.queue.drain()
        for answered in try await copy.queue.takeAnswered() {
            if case .refused(let refusal)? = answered.verdict { print("refused: \(refusal.message ?? refusal.reason)") }
        }
        // snippet.end
        return report
    }

    static func drainOrWaitForSignIn(_ copy: WorkingCopy, freshKey: String) async throws -> DrainReport {
        // snippet.begin: copy-drain-parked
        var report = try await copy.queue.drain()
        if let why = report.stopped {
            // The server refused the credential and renewing it was refused too: the writes wait,
            // parked as blocked(credentialRefused), and status().unsent still counts them.
            let parked = try await copy.queue.all().filter { write in
                if case .blocked(.credentialRefused, _)? = write.verdict { return true }
                return false
            }
            print("\(parked.count) writes wait for a sign-in: \(why)")
            // Once the app signed in again, or gave the copy a new key, the next drain sends them.
            try await copy.useKey(freshKey)
            report = try await copy.queue.drain()
        }
        // snippet.end
        return report
    }

    @Test func aParkedWriteGoesOnceTheCopyHasANewKey() async throws {
        try await SnippetInstance.with { url, key in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "snippet-parked-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let copy = try await WorkingCopy.open(
                store: folder.appendingPathComponent("notes.sqlite"), server: try Server(url: url, key: key))
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            _ = try await copy.items.create(Draft(type: "core.note", properties: ["title": "Waits for a key"]))
            try await copy.useKey("marfa_k1_nosuchkey")
            let report = try await Self.drainOrWaitForSignIn(copy, freshKey: key)
            #expect(report.verdicts.map(\.verdict) == [.accepted])
            #expect(try await copy.status().unsent == 0)
            await copy.close()
        }
    }

    static func attachAndFetch(
        _ copy: WorkingCopy, note noteID: String, photo: URL, receipt: URL, other: WorkingCopy
    ) async throws -> URL {
        // snippet.begin: copy-files
        // Offline: the bytes are copied beside the store and three writes queued.
        let attached = try await copy.items.attach(to: noteID, file: receipt)
        print("attached as \(attached.embed ?? "")")
        // The same, and ![[beach.jpg]] appended to the note's body.
        let embedded = try await copy.items.embed(file: photo, in: noteID)
        _ = try await copy.queue.drain()
        // Another copy fetches the bytes by the hash the file item names, once, checked.
        let fileID = embedded.attached.item.itemId!
        _ = try await other.hydrate(types: ["core.note", "core.file"], tier: .library)
        let hash = try await other.items.get(fileID)!.properties["blob_ref"]!.string!
        let local = try await other.blobs.get(hash)
        // snippet.end
        return local
    }

    @Test func filesAttachDrainAndFetch() async throws {
        try await SnippetInstance.with { url, key in
            let server = try Server(url: url, key: key)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "snippet-files-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let (photo, receipt) = (
                folder.appendingPathComponent("beach.jpg"), folder.appendingPathComponent("receipt.pdf")
            )
            try Data(repeating: 7, count: 4096).write(to: photo)
            try Data("%PDF-1.7 receipt".utf8).write(to: receipt)
            let (copy, _) = try await Self.fill(storeURL: folder.appendingPathComponent("notes.sqlite"), server: server)
            _ = try await copy.hydrate(types: ["core.note", "core.file"], tier: .library)
            let note = try await copy.items.create(
                Draft(type: "core.note", properties: ["title": "Holiday", "body": "Day one"]))
            let other = try await WorkingCopy.open(store: folder.appendingPathComponent("other.sqlite"), server: server)
            let local = try await Self.attachAndFetch(
                copy, note: note.itemId!, photo: photo, receipt: receipt, other: other)
            #expect(try Data(contentsOf: local) == Data(repeating: 7, count: 4096))
            #expect(try await copy.items.get(note.itemId!)?.body == "Day one\n\n![[beach.jpg]]")
            await other.close()
            await copy.close()
        }
    }

    static func orderedProperties() throws -> JSONObject {
        // snippet.begin: copy-ordered-json
        var properties = try JSONObject(json: #"{"title": "Plan", "steps": [1, 2], "due": null}"#)
        properties["owner"] = .init("Ana")  // a new key goes last; a held one keeps its place
        properties.removeValue(forKey: "due")
        print(properties.keys)  // ["title", "steps", "owner"]
        print(properties.json())  // {"title":"Plan","steps":[1,2],"owner":"Ana"}
        // snippet.end
        return properties
    }

    @Test func orderedJSONKeepsItsOrder() throws {
        let properties = try Self.orderedProperties()
        #expect(properties.keys == ["title", "steps", "owner"])
        #expect(properties.json() == #"{"title":"Plan","steps":[1,2],"owner":"Ana"}"#)
    }

    static func writeAndReadARecord(_ copy: WorkingCopy) async throws -> (written: Item, pinned: Date?) {
        // snippet.begin: copy-records
        struct Note: Codable {
            var title: String
            var body: String?
            var pinnedAt: Date?  // written as RFC 3339 text
            enum CodingKeys: String, CodingKey {
                case title, body
                case pinnedAt = "pinned_at"  // the property's name on the item
            }
        }
        let made = try await copy.items.create(try Draft(type: "core.note", encoding: Note(title: "Read later")))
        let item = try await copy.items.get(made.itemId!)!
        var note = try item.decode(Note.self)  // a mismatch throws `validation` naming the field
        note.pinnedAt = Date()
        _ = try await copy.items.update(item.id, try Edit(encoding: note, baseVersion: item.version))
        // snippet.end
        return (try await copy.items.get(item.id)!, note.pinnedAt)
    }

    @Test func theCopyFillsAndAnswersOffline() async throws {
        try await SnippetInstance.with { url, key in
            let server = try Server(url: url, key: key)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "snippet-copy-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let (copy, notes) = try await Self.fill(
                storeURL: folder.appendingPathComponent("notes.sqlite"), server: server)
            #expect(notes.isEmpty)
            #expect(try await Self.stayInStep(copy).reachedHead)
            #expect(try await Self.writeThenDrain(copy).answered == 2)
            let (note, pinned) = try await Self.writeAndReadARecord(copy)
            let held = try #require(note.properties["pinned_at"]?.date)
            #expect(
                abs(held.timeIntervalSince(try #require(pinned))) < 0.001 && note.title == "Read later"
                    && note.properties["pinnedAt"] == nil)
            await copy.close()
        }
    }
}
