import Foundation
import MarfaSQLite
import Testing

/// A process killed (SIGKILL) in the middle of its transactions leaves a sound database holding
/// exactly the transactions it committed: a prefix of them, each whole.
@Suite struct SQLiteCrashTests {
    static let transactions = 1000
    static let payloadRowsPerTransaction = 8

    @Test func aProbeKilledMidWayLeavesAnIntactPrefix() async throws {
        var generator = SeededGenerator(seed: 0x4D41_5246_4121)
        for _ in 0..<5 {
            let killPoint = Int.random(in: 1...900, using: &generator)
            try await killAndCheck(after: killPoint)
        }
    }

    /// Starts the probe, kills it once it reports commit `killPoint`, then checks the file.
    func killAndCheck(after killPoint: Int) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("probe.sqlite")
        let probe = try ProbeProcess(arguments: [path, String(Self.transactions), "--hold"])
        var lastReported = 0
        var killed = false
        for await line in probe.lines {
            if line.hasPrefix("committed "), let number = Int(line.dropFirst("committed ".count)) {
                lastReported = max(lastReported, number)
            }
            if !killed && (lastReported >= killPoint || line == "done") {
                probe.killNow()
                killed = true
            }
        }
        let end = await probe.termination()
        #expect(killed, "the probe ended before commit \(killPoint)")
        #expect(
            end?.reason == .uncaughtSignal && end?.status == SIGKILL, "the probe ended with \(String(describing: end))")

        let pool = try await SQLitePool.open(path: path)
        let (integrity, sequences, payloadRows) = try await pool.read { db in
            (
                try db.fetchValues(String.self, "PRAGMA integrity_check"),
                try db.fetchValues(Int.self, "SELECT seq FROM probe ORDER BY seq"),
                try db.fetchValue(Int.self, "SELECT count(*) FROM probe_payload") ?? -1
            )
        }
        await pool.close()
        #expect(integrity == ["ok"])
        #expect(sequences == (0..<sequences.count).map { $0 + 1 })
        #expect(
            sequences.count >= lastReported,
            "commit \(lastReported) was reported but only \(sequences.count) are stored")
        #expect(payloadRows == sequences.count * Self.payloadRowsPerTransaction)
    }
}
