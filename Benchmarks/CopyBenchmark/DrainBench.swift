import Foundation
import Marfa
import MarfaHTTP
import MarfaOpenAPIRuntime
import MarfaSQLite

/// `CopyBenchmark drain [writes]`: queues `writes` creates in a copy (timing each), drains them to a
/// local instance, and beside it sends as many raw POSTs one after another through the same
/// transport; then checks the instance holds every write exactly once.
enum DrainBench {
    static func run(writes: Int, local: LocalProcess, folder: URL) async throws {
        let server = try Server(url: local.url, key: local.key)
        let copy = try await WorkingCopy.open(store: folder.appendingPathComponent("drain.sqlite"), server: server)
        _ = try await copy.hydrate(types: ["core.note"], tier: .library)
        var latencies: [Double] = []
        latencies.reserveCapacity(writes)
        for index in 0..<writes {
            let start = ContinuousClock.now
            _ = try await copy.items.create(Draft(type: "core.note", properties: ["title": .string("queued \(index)")]))
            latencies.append(seconds(ContinuousClock.now - start))
        }
        latencies.sort()
        let p50 = latencies[latencies.count / 2] * 1000
        let p99 = latencies[min(latencies.count - 1, latencies.count * 99 / 100)] * 1000
        let slow = latencies.filter { $0 > 0.0005 }.count
        let p999 = latencies[min(latencies.count - 1, latencies.count * 999 / 1000)] * 1000
        let floor = try await rawInsertLatencies(writes, folder: folder)
        print(
            String(
                format:
                    "queue a write (store + journal): p50 %.3f ms, p99 %.3f ms; floor (one raw SQLite insert per transaction, WAL, same pool): p50 %.3f ms, p99 %.3f ms",
                p50, p99, floor.p50, floor.p99))
        print(String(format: "  the copy's tail: p99.9 %.3f ms; %d of %d writes over 0.5 ms", p999, slow, writes))

        let drainStart = ContinuousClock.now
        let report = try await copy.queue.drain()
        let drainSeconds = seconds(ContinuousClock.now - drainStart)
        precondition(
            report.answered == writes && report.verdicts.allSatisfy { $0.verdict == .accepted },
            "the drain answered \(report.answered)")

        let rawStart = ContinuousClock.now
        for index in 0..<writes { try await rawCreate("raw \(index)", local: local) }
        let rawSeconds = seconds(ContinuousClock.now - rawStart)
        print(
            String(
                format: "drain %d writes: copy %.2f s (%.0f writes/s), raw POST loop %.2f s; copy/raw %.2f",
                writes, drainSeconds, Double(writes) / drainSeconds, rawSeconds, drainSeconds / rawSeconds))
        let held = try await countNotes(local: local)
        print("the instance holds \(held.total) notes, \(held.queued) distinct queued titles (expected \(writes) each)")
        precondition(held.queued == writes && held.total == 2 * writes, "a write was lost or doubled")
        await copy.close()
    }

    /// One row inserted per transaction through a `SQLitePool` on a scratch file, timed.
    private static func rawInsertLatencies(_ count: Int, folder: URL) async throws -> (p50: Double, p99: Double) {
        let pool = try await SQLitePool.open(path: folder.appendingPathComponent("floor.sqlite").path)
        _ = try await pool.write { db in try db.execute("CREATE TABLE rows(id TEXT PRIMARY KEY, body TEXT)") }
        var times: [Double] = []
        for index in 0..<count {
            let start = ContinuousClock.now
            _ = try await pool.write { db in
                try db.run("INSERT INTO rows VALUES (?, ?)", "row \(index)", String(repeating: "x", count: 200))
            }
            times.append(seconds(ContinuousClock.now - start) * 1000)
        }
        await pool.close()
        times.sort()
        return (times[times.count / 2], times[min(times.count - 1, times.count * 99 / 100)])
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
