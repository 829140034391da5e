import Foundation
import MarfaOpenAPIRuntime
import Synchronization
import Testing

private typealias M = MultiFileFixture
private typealias MOps = MultiFileFixture.Operations
private typealias Note = MultiFileFixture.Components.Schemas.Note
private typealias Folder = MultiFileFixture.Components.Schemas.Folder

/// Keeps notes by id: `createNote` stores one (404 for an empty title), `getNote` answers it or 404,
/// `listNotes` answers the first `limit` of them.
private final class NoteServer: M.APIProtocol {
    private let notes = Mutex<[Note]>([])

    func createNote(_ input: MOps.CreateNote.Input) async throws -> MOps.CreateNote.Output {
        guard case .json(let new) = input.body, !new.title.isEmpty else {
            return .notFound(.init(body: .json(.init(message: "no folder for an untitled note"))))
        }
        let note = notes.withLock { notes in
            let note = Note(id: "n\(notes.count + 1)", title: new.title)
            notes.append(note)
            return note
        }
        return .created(.init(headers: .init(location: "/notes/\(note.id)"), body: .json(note)))
    }

    func getNote(_ input: MOps.GetNote.Input) async throws -> MOps.GetNote.Output {
        guard let note = notes.withLock({ $0.first { $0.id == input.path.noteId } }) else {
            return .notFound(.init(body: .json(.init(message: "no note \(input.path.noteId)"))))
        }
        return .ok(.init(body: .json(note)))
    }

    func listNotes(_ input: MOps.ListNotes.Input) async throws -> MOps.ListNotes.Output {
        let all = notes.withLock { $0 }
        return .ok(.init(body: .json(Array(all.prefix(input.query.limit ?? all.count)))))
    }
}

/// The document split over files (path items, an operation, parameters, bodies, responses and
/// schemas in other YAML and JSON files) compiles and works through its client and server.
@Suite struct MultiFileTests {
    private let transport = InMemoryTransport()
    private let client: M.Client

    init() throws {
        try NoteServer().registerHandlers(on: transport)
        client = M.Client(serverURL: testServerURL, transport: transport)
    }

    @Test func operationsFromEveryFileWork() async throws {
        let created = try await client.createNote(body: .json(.init(title: "Groceries"))).created
        #expect(created.headers.location == "/notes/n1")
        #expect(try created.body.json == Note(id: "n1", title: "Groceries"))
        #expect(try await client.getNote(path: .init(noteId: "n1")).ok.body.json.title == "Groceries")
        _ = try await client.createNote(body: .json(.init(title: "Books"))).created
        #expect(try await client.listNotes(query: .init(limit: 1)).ok.body.json.map(\.id) == ["n1"])
        #expect(transport.lastRequest?.path == "/notes?limit=1")
    }

    @Test func aResponseComponentInAnotherFileIsOneType() async throws {
        // getNote's 404 refers to the root's component, createNote's to the file: one type for both.
        let missing: M.Components.Responses.NotFound = try await client.getNote(path: .init(noteId: "n9")).notFound
        #expect(try missing.body.json.message == "no note n9")
        let refused: M.Components.Responses.NotFound = try await client.createNote(body: .json(.init(title: "")))
            .notFound
        #expect(try refused.body.json.message == "no folder for an untitled note")
    }

    @Test func schemasInACycleAcrossFilesRoundTrip() throws {
        let root = Folder(name: "root")
        let inner = Folder(name: "inner", notes: [Note(id: "n1", title: "A", folder: root)], parent: root)
        #expect(
            try jsonText(inner)
                == #"{"name":"inner","notes":[{"folder":{"name":"root"},"id":"n1","title":"A"}],"parent":{"name":"root"}}"#
        )
        #expect(try roundTrip(inner) == inner)
    }
}
