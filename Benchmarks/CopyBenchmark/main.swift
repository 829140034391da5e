import Foundation
import Marfa
import MarfaHTTP
import MarfaOpenAPIRuntime

// Measures the working copy against its floor, side by side in one run:
// - hydrate: a copy hydrates N items (default 100,000) from a local instance in another process;
//   the floor fetches the same pages with the raw transport and inserts the same rows with raw
//   SQLite. The copy's search index, built in batches after the hydration returns, is timed
//   beside it. Peak resident memory is sampled while the copy hydrates and indexes.
// - catch up: the copy applies M events (default 10,000) made after its hydration; the floor
//   reads the same copy stream and inserts each event's row.
// - search: one-word, two-word and prefix searches on the hydrated copy beside the raw FTS5 query
//   on the same store; link candidates; the index's cost per item written.
// Usage: CopyBenchmark [items, default 100000] [events, default 10000] [rounds, default 2]
//        CopyBenchmark drain [writes, default 10000] [rounds, default 5]   (see DrainBench)
//        CopyBenchmark files [count, default 200] [KiB, default 1024] [rounds, default 4] [large MiB, default 1024]
//        (see FilesBench and LargeFileBench; large MiB 0 leaves the large file out)
//        CopyBenchmark folders [files, default 5000]   (see FoldersBench)
//        CopyBenchmark seed [creates, default 20000]   (the local instance's create rate alone)

if CommandLine.arguments.dropFirst().first == "drain" {
    let writes = CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 10_000
    let rounds = CommandLine.arguments.dropFirst(3).first.flatMap(Int.init) ?? 5
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-drain-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let local = try LocalProcess.start(data: folder.appendingPathComponent("instance"))
    do {
        try await DrainBench.run(writes: writes, rounds: rounds, local: local, folder: folder)
    } catch {
        print("drain benchmark failed: \(error)")
    }
    local.stop()
    try? FileManager.default.removeItem(at: folder)
    exit(0)
}

if CommandLine.arguments.dropFirst().first == "files" {
    let count = CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 200
    let kib = CommandLine.arguments.dropFirst(3).first.flatMap(Int.init) ?? 1024
    let rounds = CommandLine.arguments.dropFirst(4).first.flatMap(Int.init) ?? 4
    let largeMiB = CommandLine.arguments.dropFirst(5).first.flatMap(Int.init) ?? 1024
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-files-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    print(
        "load average before: \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?")", terminator: ""
    )
    let local = try LocalProcess.start(data: folder.appendingPathComponent("instance"))
    do {
        try await FilesBench.run(count: count, kib: kib, rounds: rounds, local: local, folder: folder)
    } catch {
        print("files benchmark failed: \(error)")
    }
    local.stop()
    if largeMiB > 0 {
        do {
            try await LargeFileBench.run(mib: largeMiB, folder: folder)
        } catch {
            print("large-file benchmark failed: \(error)")
        }
    }
    print(
        "load average after: \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?")", terminator: "")
    try? FileManager.default.removeItem(at: folder)
    exit(0)
}

if CommandLine.arguments.dropFirst().first == "folders" {
    let count = CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 5000
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "marfa-folders-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    print(
        "load average before: \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?")", terminator: ""
    )
    let local = try LocalProcess.start(data: folder.appendingPathComponent("instance"))
    let floor = try LocalProcess.start(data: folder.appendingPathComponent("floor-instance"))
    do {
        try await FoldersBench.run(files: count, local: local, floor: floor, folder: folder)
    } catch {
        print("folders benchmark failed: \(error)")
    }
    local.stop()
    floor.stop()
    print(
        "load average after: \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?")", terminator: "")
    try? FileManager.default.removeItem(at: folder)
    exit(0)
}

if CommandLine.arguments.dropFirst().first == "seed" {
    let count = CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 20_000
    try await SeedBench.run(creates: count)
    exit(0)
}

// BENCH_SEARCH_STORE=path: when the file exists, only the search part runs, on that store
// (offline); otherwise the full run copies its final store there, for repeated search runs.
let keptStore = ProcessInfo.processInfo.environment["BENCH_SEARCH_STORE"].map { URL(fileURLWithPath: $0) }
if let keptStore, FileManager.default.fileExists(atPath: keptStore.path) {
    let copy = try await WorkingCopy.open(store: keptStore)
    if let only = ProcessInfo.processInfo.environment["BENCH_SEARCH_CASE"] {
        try await SearchBench.repeatCase(only, copy: copy)
    } else {
        try await SearchBench.run(copy: copy, store: keptStore)
    }
    await copy.close()
    exit(0)
}

let items = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 100_000
let events = CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 10_000
let rounds = CommandLine.arguments.dropFirst(3).first.flatMap(Int.init) ?? 2

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-copy-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let local = try LocalProcess.start(data: folder.appendingPathComponent("instance"))
defer { local.stop() }
#if canImport(CCurl)
let transport = CurlTransport(configuration: .init(idleTimeout: .seconds(120)))
#else
let transport = URLSessionTransport(configuration: .init(idleTimeout: .seconds(120)))
#endif
let floor = RawFloor(url: local.url, key: local.key, transport: transport)

/// Creates `count` notes with bodies of a realistic length, 16 requests at a time.
func seed(_ count: Int, from start: Int) async throws {
    try await SeedBench.seed(count, from: start, local: local, transport: transport)
}

/// Words for bodies, chosen by index so every run writes the same text: 64,000 made-up words of
/// three syllables, drawn so that a few hundred are common and most are rare, as in real text.
enum Text {
    static let syllables = [
        "gar", "den", "riv", "er", "meet", "ing", "bud", "get", "rec", "ipe", "trav", "el", "let", "ter",
        "read", "win", "proj", "ect", "stat", "ion", "har", "bour", "lan", "tern", "orch", "ard", "quar",
        "tz", "vel", "vet", "mead", "ow", "cir", "cuit", "pep", "sad", "dle", "mar", "fa", "sto",
    ]
    static func word(_ index: Int) -> String {
        syllables[index % 40] + syllables[(index / 40) % 40] + syllables[(index / 1600) % 40]
    }
    static func body(_ index: Int) -> String {
        (0..<60).map { position in
            let draw = (index &* 7919 &+ position &* 104_729) % 1_000_003
            // Squaring the draw skews it toward low indexes: a Zipf-like spread of common and rare words.
            let skewed = (draw * draw) / 1_000_003 % 64_000
            return word(64_000 - 1 - skewed)
        }.joined(separator: " ")
    }
}

/// Seconds `body` takes.
func timed<T>(_ body: () async throws -> T) async rethrows -> (T, Double) {
    let start = ContinuousClock.now
    let value = try await body()
    let elapsed = ContinuousClock.now - start
    return (value, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}

/// Samples resident memory every 20 ms on a thread of its own until `finish`, keeping the highest.
final class Peak: @unchecked Sendable {
    private let lock = NSLock()
    private var highest = 0
    private var finished = false
    var value: Int { lock.withLock { highest } }
    var done: Bool { lock.withLock { finished } }
    func see(_ bytes: Int) { lock.withLock { highest = max(highest, bytes) } }
    func finish() { lock.withLock { finished = true } }

    static func sampling() -> Peak {
        let peak = Peak()
        Thread {
            while !peak.done {
                peak.see(residentBytes())
                Thread.sleep(forTimeInterval: 0.02)
            }
        }.start()
        return peak
    }
}

print("seeding \(items) notes…")
let (_, seedSeconds) = try await timed { try await seed(items, from: 0) }
print(String(format: "seeded in %.1f s (%.0f creates/s)", seedSeconds, Double(items) / seedSeconds))

let server = try Server(url: local.url, key: local.key)
var copyTimes: [Double] = []
var indexTimes: [Double] = []
var floorTimes: [Double] = []
var peak = 0
var copy: WorkingCopy?
for round in 0..<rounds {
    let store = folder.appendingPathComponent("copy-\(round).sqlite")
    let opened = try await WorkingCopy.open(store: store, server: server)
    let sampler = Peak.sampling()
    let (report, seconds) = try await timed { try await opened.hydrate(types: ["core.note"], tier: .library) }
    // The search index is built in batches after the hydration returns; a search waits for it.
    // It is done before the floor runs, so the floor has the machine to itself.
    let (_, indexSeconds) = try await timed { try await opened.search(Text.word(17)) }
    sampler.finish()
    let resident = sampler.value
    precondition(report.items == items, "the copy held \(report.items) of \(items)")
    copyTimes.append(seconds)
    indexTimes.append(indexSeconds)
    peak = max(peak, resident)
    let (rows, floorSeconds) = try await timed {
        try await floor.hydrate(type: "core.note", into: folder.appendingPathComponent("floor-\(round).sqlite").path)
    }
    precondition(rows == items)
    floorTimes.append(floorSeconds)
    if let copy { await copy.close() }
    copy = opened
}
let bestCopy = copyTimes.min() ?? 0
let bestFloor = floorTimes.min() ?? 0
let bestRound = copyTimes.firstIndex(of: bestCopy) ?? 0
print(
    String(
        format: "hydrate %d items: copy %.2f s (%.0f items/s), floor %.2f s; copy/floor %.2f; peak resident %.0f MB",
        items, bestCopy, Double(items) / bestCopy, bestFloor, bestCopy / bestFloor, Double(peak) / 1_048_576))
print(
    String(
        format:
            "  search index built after it: %.2f s more (the first search answered %.2f s after the hydration began)",
        indexTimes[bestRound], bestCopy + indexTimes[bestRound]))

guard let copy else { exit(1) }
let status = try await copy.status()
let cursor = status.eventCursor ?? "0"
print("seeding \(events) more notes for the catch-up…")
try await seed(events, from: items)
let (caughtUp, copyCatchUp) = try await timed { try await copy.catchUp() }
precondition(caughtUp.applied == events, "the copy applied \(caughtUp.applied) of \(events)")
let view = try await floor.readView()
let (floorEvents, floorCatchUp) = try await timed {
    try await floor.catchUp(from: cursor, view: view, into: folder.appendingPathComponent("floor-0.sqlite").path)
}
precondition(floorEvents == events, "the floor read \(floorEvents) of \(events)")
print(
    String(
        format: "catch up %d events: copy %.2f s (%.0f events/s), floor %.2f s; copy/floor %.2f",
        events, copyCatchUp, Double(events) / copyCatchUp, floorCatchUp, copyCatchUp / floorCatchUp))
let finalStore = folder.appendingPathComponent("copy-\(rounds - 1).sqlite")
try await SearchBench.run(copy: copy, store: finalStore)
await copy.close()
if let keptStore {
    for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: finalStore.path + suffix) {
        try? FileManager.default.removeItem(atPath: keptStore.path + suffix)
        try FileManager.default.copyItem(atPath: finalStore.path + suffix, toPath: keptStore.path + suffix)
    }
    print("kept the store at \(keptStore.path) for BENCH_SEARCH_STORE runs")
}
