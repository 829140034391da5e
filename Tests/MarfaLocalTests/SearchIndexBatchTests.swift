import Foundation
import MarfaSQLite
import Testing

@testable import MarfaLocal

/// The search index follows the writes in batches: a write only notes its text, a search (or the
/// batch after `searchIndexDelay`, or the next start) indexes it, and the index stays exactly the
/// text `item_search` holds through updates and purges of rows waiting and rows indexed.
@Suite struct SearchIndexBatchTests {
    /// Options whose batch never comes on its own during a test: only searches and starts index.
    static var holding: LocalInstance.Options {
        var options = LocalInstance.Options(log: { _ in })
        options.searchIndexDelay = .seconds(3600)
        return options
    }

    /// Rows waiting in `search_pending`, and index rows matching `word`, read beside the instance
    /// through a connection of the test's own (opening a store would index the waiting rows).
    static func state(_ folder: URL, _ word: String) throws -> (waiting: Int, indexed: Int) {
        let db = try SQLiteConnection(
            path: folder.appendingPathComponent(LocalStore.fileName).path, options: .init(readOnly: true))
        defer { db.close() }
        let waiting = try db.fetchValue(Int.self, "SELECT count(*) FROM search_pending") ?? -1
        let indexed =
            try db.fetchValue(Int.self, "SELECT count(*) FROM item_search_index WHERE item_search_index MATCH ?", word)
            ?? -1
        return (waiting, indexed)
    }

    /// FTS5's own check that the index holds exactly the text of `item_search`.
    static func checkIntegrity(_ folder: URL) throws {
        let db = try SQLiteConnection(path: folder.appendingPathComponent(LocalStore.fileName).path)
        defer { db.close() }
        try db.run("INSERT INTO item_search_index (item_search_index, rank) VALUES ('integrity-check', 1)")
    }

    @Test func aWriteOnlyNotesItsTextAndASearchIndexesItFirst() async throws {
        try await LocalTestInstance.with(options: Self.holding) { local in
            let id = try await SearchTests.item(local, #"{"title":"Kingfisher","body":"blue and orange"}"#)
            #expect(try Self.state(local.folder, "kingfisher") == (1, 0))
            #expect(try await SearchTests.found(local, "kingfisher") == [id])
            #expect(try Self.state(local.folder, "kingfisher") == (0, 1))
        }
    }

    @Test func theIndexStaysExactThroughUpdatesAndPurgesOfWaitingAndIndexedRows() async throws {
        try await LocalTestInstance.with(options: Self.holding) { local in
            let indexedThenChanged = try await SearchTests.item(local, #"{"title":"heron"}"#)
            let indexedThenPurged = try await SearchTests.item(local, #"{"title":"ibis"}"#)
            #expect(try await SearchTests.found(local, "heron") == [indexedThenChanged])
            // Now both are indexed; these three wait.
            let waitingThenChanged = try await SearchTests.item(local, #"{"title":"stork"}"#)
            let waitingThenPurged = try await SearchTests.item(local, #"{"title":"crane"}"#)
            for (id, title) in [(indexedThenChanged, "egret"), (waitingThenChanged, "plover")] {
                let answer = try await local.send(
                    .patch, "/items/\(id)", json: #"{"version":1,"properties":{"title":"\#(title)"}}"#)
                #expect(answer.status == 200, "\(answer.text)")
            }
            for id in [indexedThenPurged, waitingThenPurged] {
                #expect(try await local.send(.delete, "/items/\(id)").status == 200)
                #expect(try await local.send(.delete, "/items/\(id)/purge").status == 200)
            }
            // Replaced text leaves the index with the write; the new text waits for the batch.
            #expect(try Self.state(local.folder, "heron") == (2, 0))
            #expect(try await SearchTests.found(local, "egret") == [indexedThenChanged])
            #expect(try await SearchTests.found(local, "plover") == [waitingThenChanged])
            for gone in ["heron", "ibis", "stork", "crane"] {
                #expect(try await SearchTests.found(local, gone) == [], "\(gone)")
            }
            #expect(try Self.state(local.folder, "egret") == (0, 1))
            try Self.checkIntegrity(local.folder)
        }
    }

    @Test func batchesPastTheMergeThresholdStayExactAndFound() async throws {
        try await LocalTestInstance.with(options: Self.holding) { local in
            // Each search indexes what waits as a segment of its own: 20 of them, past `automerge`.
            for batch in 0..<20 {
                for note in 0..<3 { _ = try await SearchTests.item(local, #"{"title":"wader b\#(batch) n\#(note)"}"#) }
                #expect(try await SearchTests.found(local, "b\(batch)").count == 3)
            }
            #expect(try Self.state(local.folder, "wader") == (0, 60))
            let db = try SQLiteConnection(
                path: local.folder.appendingPathComponent(LocalStore.fileName).path, options: .init(readOnly: true))
            defer { db.close() }
            let automerge = try db.fetchValue(Int.self, "SELECT v FROM item_search_index_config WHERE k = 'automerge'")
            #expect(automerge == ItemSearchIndex.automerge)
            try Self.checkIntegrity(local.folder)
        }
    }

    /// A batch whose terms pass FTS5's default 1 MiB of memory is still written as one segment
    /// (`pendingTermBytes`), and everything in it is found.
    @Test func aLargeBatchIsWrittenAsOneSegment() async throws {
        try await LocalTestInstance.with(options: Self.holding) { local in
            for item in 0..<20 {
                let words = (0..<4_000).map { "w\(item)x\($0)" }.joined(separator: " ")
                _ = try await SearchTests.item(local, #"{"title":"sandpiper","body":"\#(words)"}"#)
            }
            #expect(try await SearchTests.found(local, "sandpiper").count == 20)
            #expect(try await SearchTests.found(local, "w19x3999").count == 1)
            let db = try SQLiteConnection(
                path: local.folder.appendingPathComponent(LocalStore.fileName).path, options: .init(readOnly: true))
            defer { db.close() }
            // A segment's pages are the rows of `_data` from 2^37 up, their ids starting with the segment's.
            let segments = try db.fetchValue(
                Int.self, "SELECT count(DISTINCT rowid >> 37) FROM item_search_index_data WHERE rowid >= (1 << 37)")
            #expect(segments == 1)
            try Self.checkIntegrity(local.folder)
        }
    }

    @Test func rowsLeftWaitingAtAStopAreIndexedAtTheNextStart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-search-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await LocalInstance.start(dataDirectory: folder, options: Self.holding)
        let local = LocalTestInstance(instance: first, folder: folder, key: try #require(first.bootstrapKey))
        _ = try await SearchTests.item(local, #"{"title":"Cormorant"}"#)
        await first.stop()
        #expect(try Self.state(folder, "cormorant") == (1, 0))
        let second = try await LocalInstance.start(dataDirectory: folder, options: Self.holding)
        #expect(try Self.state(folder, "cormorant") == (0, 1))
        await second.stop()
        try Self.checkIntegrity(folder)
    }

    @Test func aSearchIndexesWhileRowsMayWaitOrAnotherIndexingRuns() {
        let indexing = SearchIndexing(delay: .zero)
        #expect(!indexing.begin(), "no write yet")
        #expect(indexing.noteWrite(), "the first write schedules a batch")
        #expect(!indexing.noteWrite(), "one is scheduled already")
        indexing.scheduledBatchStarts()
        #expect(indexing.begin(), "the batch takes the mark")
        // A search meanwhile indexes too: its write waits behind the batch's on the writer.
        #expect(indexing.begin())
        indexing.end()
        indexing.end()
        #expect(!indexing.begin(), "nothing waits and nothing runs")
        #expect(indexing.noteWrite(), "a write after the batch schedules the next")
        #expect(indexing.begin())
        indexing.end()
    }
}
