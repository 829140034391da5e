import Foundation
import Marfa
import MarfaHTTP
import MarfaOpenAPIRuntime
import MarfaSQLite

/// `CopyBenchmark drain [writes] [rounds]`: in each of `rounds` rounds (default 5), queues its
/// share of `writes` creates in a copy (timing each) beside as many raw SQLite inserts (the floor),
/// then drains them to a local instance beside as many raw POSTs through the same transport, the
/// two sides taking turns at going first. Prints the medians of the rounds beside the figures over
/// every write, then checks the instance holds every write exactly once.
enum DrainBench {
    /// One round's figures.
    struct Round {
        var queue: [Double]
        var floor: [Double]
        var drainSeconds: Double
        var rawSeconds: Double
    }

    static func run(writes: Int, rounds: Int, local: LocalProcess, folder: URL) async throws {
        let server = try Server(url: local.url, key: local.key)
        let copy = try await WorkingCopy.open(store: folder.appendingPathComponent("drain.sqlite"), server: server)
        _ = try await copy.hydrate(types: ["core.note"], tier: .library)
        let floorPool = try await SQLitePool.open(path: folder.appendingPathComponent("floor.sqlite").path)
        _ = try await floorPool.write { db in try db.execute("CREATE TABLE rows(id TEXT PRIMARY KEY, body TEXT)") }
        var done: [Round] = []
        let share = max(writes / max(rounds, 1), 1)
        for round in 0..<max(rounds, 1) {
            let range = round * share..<(round + 1) * share
            done.append(
                try await Self.round(
                    range, copyFirst: round.isMultiple(of: 2), copy: copy, floor: floorPool, local: local))
        }
        await floorPool.close()
        report(done)
        let total = share * done.count
        let held = try await countNotes(local: local)
        print("the instance holds \(held.total) notes, \(held.queued) distinct queued titles (expected \(total) each)")
        precondition(held.queued == total && held.total == 2 * total, "a write was lost or doubled")
        await copy.close()
    }

    /// Queues and drains the writes numbered `range`, each side beside its floor, `copyFirst` choosing who goes first.
    private static func round(
        _ range: Range<Int>, copyFirst: Bool, copy: WorkingCopy, floor: SQLitePool, local: LocalProcess
    ) async throws -> Round {
        var result = Round(queue: [], floor: [], drainSeconds: 0, rawSeconds: 0)
        let queueWrites = { result.queue = try await queue(range, in: copy) }
        let floorInserts = { result.floor = try await rawInsertLatencies(range, in: floor) }
        let drain = {
            let start = ContinuousClock.now
            let report = try await copy.queue.drain()
            result.drainSeconds = seconds(ContinuousClock.now - start)
            precondition(
                report.answered == range.count && report.verdicts.allSatisfy { $0.verdict == .accepted },
                "the drain answered \(report.answered)")
        }
        let rawPosts = {
            let start = ContinuousClock.now
            for index in range { try await rawCreate("raw \(index)", local: local) }
            result.rawSeconds = seconds(ContinuousClock.now - start)
        }
        for step in copyFirst ? [queueWrites, floorInserts] : [floorInserts, queueWrites] { try await step() }
        for step in copyFirst ? [drain, rawPosts] : [rawPosts, drain] { try await step() }
        return result
    }

    /// Queues one create per index of `range` in `copy`; answers each one's time in milliseconds.
    private static func queue(_ range: Range<Int>, in copy: WorkingCopy) async throws -> [Double] {
        var times: [Double] = []
        times.reserveCapacity(range.count)
        for index in range {
            let start = ContinuousClock.now
            _ = try await copy.items.create(Draft(type: "core.note", properties: ["title": .string("queued \(index)")]))
            times.append(seconds(ContinuousClock.now - start) * 1000)
        }
        return times
    }

    /// Prints the medians of the rounds, each beside the same figure over every write.
    private static func report(_ rounds: [Round]) {
        let all = rounds.flatMap(\.queue).sorted()
        let floor = rounds.flatMap(\.floor).sorted()
        let roundP99 = median(rounds.map { percentile($0.queue.sorted(), 0.99) })
        let floorRoundP99 = median(rounds.map { percentile($0.floor.sorted(), 0.99) })
        print(
            String(
                format:
                    "queue a write (store + journal): p50 %.3f ms, p99 %.3f ms (median of %d rounds' p99s: %.3f); floor (one raw SQLite insert per transaction, WAL, same pool): p50 %.3f ms, p99 %.3f ms (rounds: %.3f)",
                percentile(all, 0.5), percentile(all, 0.99), rounds.count, roundP99, percentile(floor, 0.5),
                percentile(floor, 0.99), floorRoundP99))
        print(
            String(
                format: "  the copy's tail: p99.9 %.3f ms; %d of %d writes over 0.5 ms", percentile(all, 0.999),
                all.filter { $0 > 0.5 }.count, all.count))
        let drain = rounds.map(\.drainSeconds).reduce(0, +)
        let raw = rounds.map(\.rawSeconds).reduce(0, +)
        let ratios = rounds.map { $0.drainSeconds / $0.rawSeconds }
        print(
            String(
                format:
                    "drain %d writes: copy %.2f s (%.0f writes/s), raw POST loop %.2f s; copy/raw %.2f, median of %d rounds %.2f (rounds: %@)",
                all.count, drain, Double(all.count) / drain, raw, drain / raw, rounds.count, median(ratios),
                ratios.map { String(format: "%.2f", $0) }.joined(separator: " ")))
    }

    private static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    private static func median(_ values: [Double]) -> Double { percentile(values.sorted(), 0.5) }

    /// One row inserted per transaction through `pool` for each index of `range`; answers each one's time in milliseconds.
    private static func rawInsertLatencies(_ range: Range<Int>, in pool: SQLitePool) async throws -> [Double] {
        var times: [Double] = []
        times.reserveCapacity(range.count)
        for index in range {
            let start = ContinuousClock.now
            _ = try await pool.write { db in
                try db.run("INSERT INTO rows VALUES (?, ?)", "row \(index)", String(repeating: "x", count: 200))
            }
            times.append(seconds(ContinuousClock.now - start) * 1000)
        }
        return times
    }

    private static func rawCreate(_ title: String, local: LocalProcess) async throws {
        var fields = HTTPFields()
        fields["Authorization"] = "Bearer \(local.key)"
        fields["Content-Type"] = "application/json"
        fields["Idempotency-Key"] = UUID().uuidString.lowercased()
        let body = #"{"type":"core.note","properties":{"title":"\#(title)"}}"#
        let (response, answer) = try await Server.defaultTransport.send(
            HTTPRequest(method: .post, path: "/items", headerFields: fields), body: HTTPBody(body), baseURL: local.url,
            operationID: "createItem")
        _ = try await answer?.collect(upTo: 1 << 20)
        guard response.status == 201 else { throw BenchFailure("a raw create answered \(response.status)") }
    }

    private static func countNotes(local: LocalProcess) async throws -> (total: Int, queued: Int) {
        let floor = RawFloor(url: local.url, key: local.key, transport: DefaultTransport.make())
        var titles: [String] = []
        var cursor: String?
        repeat {
            var path = "/items?type=core.note&limit=200"
            if let cursor {
                path += "&cursor=\(cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? cursor)"
            }
            let page = try JSONSerialization.jsonObject(with: Data(try await floor.get(path))) as? [String: Any] ?? [:]
            for row in page["data"] as? [[String: Any]] ?? [] {
                titles.append(((row["properties"] as? [String: Any])?["title"] as? String) ?? "")
            }
            cursor = page["cursor"] as? String
        } while cursor != nil
        return (titles.count, Set(titles.filter { $0.hasPrefix("queued ") }).count)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
