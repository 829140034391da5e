import Foundation
import Marfa
import MarfaSQLite

/// Search latency on a hydrated copy beside the raw FTS5 query on the same store, link
/// candidates, and what the index costs per write.
enum SearchBench {
    static let rawSQL = """
        SELECT items.*, bm25(item_search, 10.0, 4.0, 1.0, 1.0) AS rank, snippet(item_search, -1, '[', ']', '…', 12)
        FROM item_search JOIN items ON items.rowid = item_search.rowid
        WHERE item_search MATCH ? AND items.state = 'active' ORDER BY rank, items.id LIMIT 20
        """
    /// The raw ranking a prefix search runs, without excerpts (one statement can't make them for
    /// the hits alone): the newest `prefixRankingBound` matches ranked.
    static let rawBoundedSQL = """
        SELECT items.*, top.rank FROM (
          SELECT item_search.rowid AS hit, bm25(item_search, 10.0, 4.0, 1.0, 1.0) AS rank, items.id AS id
          FROM item_search JOIN items ON items.rowid = item_search.rowid
          WHERE item_search MATCH ? AND items.state = 'active' ORDER BY item_search.rowid DESC LIMIT ?) AS top
        JOIN items ON items.rowid = top.hit ORDER BY top.rank, top.id LIMIT 20
        """

    /// Runs one case 2,000 times and nothing else, for a profiler: `one word`, `two words`, `prefix` or `link`.
    static func repeatCase(_ name: String, copy: WorkingCopy) async throws {
        let anchor = try await copy.items.list(ListFilters(limit: 1)).first?.id ?? ""
        let text =
            name == "two words"
            ? "\(Text.word(17)) \(Text.word(63997))"
            : name == "prefix" ? String(Text.word(17).prefix(4)) : Text.word(17) + " "
        if let index = ProcessInfo.processInfo.environment["BENCH_SEARCH_INDEX_ALONE"] {
            let raw = try SQLiteConnection(path: index, options: .init(readOnly: true, memoryMapBytes: 256 << 20))
            let request = SearchRequest(
                query: FTS5Query(text, prefixLastWord: true)!, types: nil, states: [.active, .archived], tags: [],
                ids: nil, limit: 20)
            for _ in 0..<2000 { _ = try CopySearchIndex.search(request, columns: itemColumns, in: raw) }
            return
        }
        for _ in 0..<2000 {
            if name == "link" {
                _ = try await copy.items.linkCandidates(of: "Note 4", in: anchor)
            } else {
                _ = try await copy.search(text)
            }
        }
    }

    /// The `items` columns the copy's search reads, for the index searched alone.
    static let itemColumns =
        "id, type, state, tier, version, schema_version, source, source_id, occurred_at, created_at, updated_at, properties, tags, extensions"

    static func run(copy: WorkingCopy, store: URL) async throws {
        // The raw queries read the file as the copy's readers do (memory-mapped).
        let raw = try SQLiteConnection(path: store.path, options: .init(readOnly: true, memoryMapBytes: 256 << 20))
        defer { raw.close() }
        // Two words that occur together in a few notes (9 of 100,000), so the two-word search finds
        // something to rank and excerpt.
        let (one, two) = (Text.word(17), Text.word(63997))
        let cases: [(String, String, String)] = [
            ("one word", one, "\"\(one)\""), ("two words", "\(one) \(two)", "\"\(one)\" AND \"\(two)\"*"),
            ("prefix", String(one.prefix(4)), "\"\(one.prefix(4))\"*"),
        ]
        for (label, text, expression) in cases {
            let request = SearchRequest(
                query: FTS5Query(text, prefixLastWord: true)!, types: nil, states: [.active, .archived], tags: [],
                ids: nil, limit: 20)
            // Taken in turn, round by round, so a busy machine slows each of them alike.
            let times = try await sideBySide(
                200,
                [
                    { _ = try await copy.search(text) },
                    { _ = try raw.query(rawSQL, expression) },
                    { _ = try CopySearchIndex.search(request, columns: itemColumns, in: raw) },
                    { _ = try raw.query(rawBoundedSQL, expression, CopySearchIndex.prefixRankingBound) },
                ])
            let (copyTimes, rawTimes, direct, bounded) = (times[0], times[1], times[2], times[3])
            print(
                String(
                    format:
                        "search %@: copy p50 %.2f ms p99 %.2f ms; raw FTS5 p50 %.2f ms p99 %.2f ms; copy/raw p50 %.2f",
                    label, p(copyTimes, 50), p(copyTimes, 99), p(rawTimes, 50), p(rawTimes, 99),
                    p(copyTimes, 50) / p(rawTimes, 50)))
            print(String(format: "  index search alone: p50 %.2f ms", p(direct, 50)))
            guard label == "prefix" else { continue }
            print(
                String(
                    format:
                        "  the same prefix, raw FTS5 ranking the newest %d matches as the copy does, without excerpts: p50 %.2f ms p99 %.2f ms; copy/raw p50 %.2f",
                    CopySearchIndex.prefixRankingBound, p(bounded, 50), p(bounded, 99),
                    p(copyTimes, 50) / p(bounded, 50)))
        }
        let anchor = try await copy.items.list(ListFilters(limit: 1)).first?.id ?? ""
        let read = try await timings(200) { _ = try await copy.items.get(anchor) }
        print(
            String(
                format: "one item read by id (a call's fixed cost: the hop to a store thread and back): p50 %.3f ms",
                p(read, 50)))
        let candidates = try await timings(200) { _ = try await copy.items.linkCandidates(of: "Note 4", in: anchor) }
        print(String(format: "linkCandidates: p50 %.2f ms p99 %.2f ms", p(candidates, 50), p(candidates, 99)))
        try IndexCostBench.run(store: store)
    }

    /// The sorted milliseconds of each of `bodies`, run in turn `count` times.
    static func sideBySide(_ count: Int, _ bodies: [() async throws -> Void]) async throws -> [[Double]] {
        var times = Array(repeating: [Double](), count: bodies.count)
        for _ in 0..<count {
            for (index, body) in bodies.enumerated() {
                let start = ContinuousClock.now
                try await body()
                times[index].append(DrainBench.seconds(ContinuousClock.now - start) * 1000)
            }
        }
        return times.map { $0.sorted() }
    }

    private static func timings(_ count: Int, _ body: () async throws -> Void) async rethrows -> [Double] {
        var times: [Double] = []
        for _ in 0..<count {
            let start = ContinuousClock.now
            try await body()
            times.append(DrainBench.seconds(ContinuousClock.now - start) * 1000)
        }
        return times.sorted()
    }

    private static func p(_ sorted: [Double], _ percentile: Int) -> Double {
        sorted[min(sorted.count - 1, sorted.count * percentile / 100)]
    }
}
