import Foundation
import MarfaHTTP
import MarfaLocal
import MarfaOpenAPIRuntime
import MarfaTypes

// Measures the local instance over loopback, through CurlTransport: item creates per second with
// 16 concurrent clients; reads per second with 16 reading clients (GET /items/{id} and GET /items
// listing pages) while 4 clients create items; and event-stream throughput (events per second
// delivered in total to 16 server-sent-event followers while one writer creates items); and the
// listing rate (items per second served by one client walking `GET /items` pages as a working
// copy's hydrate asks for them: 200 items with metadata, one type, every state and tier).
// Usage: LocalBenchmark [seconds for the create and read measurements, default 3] [items the writer creates, default 2000]
// With LOCAL_BENCH_URL and LOCAL_BENCH_KEY set, it measures the instance answering there (a
// `marfa-local` started with `--requests-per-minute 0`, say under a profiler) instead of its own.

let seconds = CommandLine.arguments.dropFirst().first.flatMap(Double.init) ?? 3
let streamedItems = CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 2000
let createLimit = 100_000
let clients = 16
let readingClients = 16
let writingClients = 4
let followers = 16

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-local-bench-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: folder) }
let environment = ProcessInfo.processInfo.environment
let external = environment["LOCAL_BENCH_URL"].flatMap(URL.init(string:))
let instance: LocalInstance? =
    external == nil
    ? try await LocalInstance.start(dataDirectory: folder, options: .init(requestsPerMinute: nil, log: { print($0) }))
    : nil
let instanceURL = external ?? instance!.url
let key = external == nil ? instance?.bootstrapKey ?? "" : environment["LOCAL_BENCH_KEY"] ?? ""
#if canImport(CCurl)
let transport = CurlTransport(configuration: .init(idleTimeout: .seconds(60)))
#else
let transport = URLSessionTransport(configuration: .init(idleTimeout: .seconds(60)))
#endif

/// Creates one `core.note`; answers its status.
@Sendable func create(_ title: String) async throws -> Int {
    var fields = HTTPFields()
    fields["Authorization"] = "Bearer \(key)"
    fields["Content-Type"] = "application/json"
    let body = #"{"type":"core.note","properties":{"title":"\#(title)","body":"A short body for the benchmark."}}"#
    let (response, answer) = try await transport.send(
        HTTPRequest(method: .post, path: "/items", headerFields: fields), body: HTTPBody(body), baseURL: instanceURL,
        operationID: "createItem")
    _ = try await answer?.collect(upTo: 1 << 20)
    return response.status.code
}

/// `clients` loops of creates until `duration` has passed or `limit` items were made.
func creates(for duration: Duration, limit: Int) async throws -> (count: Int, elapsed: Duration) {
    let start = ContinuousClock.now
    let end = start + duration
    let counter = Counter()
    try await withThrowingTaskGroup(of: Void.self) { group in
        for client in 0..<clients {
            group.addTask {
                var index = 0
                while ContinuousClock.now < end, counter.take(below: limit) {
                    let status = try await create("c\(client)-\(index)")
                    precondition(status == 201, "create answered \(status)")
                    index += 1
                }
            }
        }
        try await group.waitForAll()
    }
    return (counter.value, ContinuousClock.now - start)
}

/// A thread-safe count with a ceiling.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func take(below limit: Int) -> Bool {
        lock.withLock {
            guard count < limit else { return false }
            count += 1
            return true
        }
    }
}

/// GETs `path`; answers the status and the body's bytes.
@Sendable func get(_ path: String, operationID: String) async throws -> (status: Int, body: [UInt8]) {
    var fields = HTTPFields()
    fields["Authorization"] = "Bearer \(key)"
    let (response, answer) = try await transport.send(
        HTTPRequest(method: .get, path: path, headerFields: fields), body: nil, baseURL: instanceURL,
        operationID: operationID)
    let bytes = try await answer?.collect(upTo: 4 << 20) ?? []
    return (response.status.code, Array(bytes))
}

/// The ids of up to `count` stored items, newest first, read through `GET /items` pages.
func itemIDs(upTo count: Int) async throws -> [String] {
    var ids: [String] = []
    var cursor: String?
    repeat {
        let query = "/items?limit=100" + (cursor.map { "&cursor=\($0)" } ?? "")
        let (status, body) = try await get(query, operationID: "listItems")
        precondition(status == 200, "GET /items answered \(status)")
        let page = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] ?? [:]
        ids += (page["data"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        cursor = page["cursor"] as? String
    } while cursor != nil && ids.count < count
    return Array(ids.prefix(count))
}

/// `readingClients` loops of reads (three `GET /items/{id}` of `ids`, then one `GET /items`
/// listing page, over and over) while `writingClients` loops of creates run, all for `duration`.
/// Answers the reads and the creates done, and the time taken.
func readsWhileWriting(
    for duration: Duration, ids: [String]
) async throws -> (reads: Int, creates: Int, elapsed: Duration) {
    let start = ContinuousClock.now
    let end = start + duration
    let reads = Counter()
    let writes = Counter()
    try await withThrowingTaskGroup(of: Void.self) { group in
        for client in 0..<readingClients {
            group.addTask {
                var index = client * 7
                while ContinuousClock.now < end {
                    let (status, _) =
                        index % 4 == 3
                        ? try await get("/items?limit=20", operationID: "listItems")
                        : try await get("/items/\(ids[(index * 31) % ids.count])", operationID: "getItem")
                    precondition(status == 200, "read answered \(status)")
                    _ = reads.take(below: .max)
                    index += 1
                }
            }
        }
        for client in 0..<writingClients {
            group.addTask {
                var index = 0
                while ContinuousClock.now < end {
                    let status = try await create("w\(client)-\(index)")
                    precondition(status == 201, "create answered \(status)")
                    _ = writes.take(below: .max)
                    index += 1
                }
            }
        }
        try await group.waitForAll()
    }
    return (reads.value, writes.value, ContinuousClock.now - start)
}

/// Opens one follower from the head and counts `id:` lines until `expected` have arrived; answers
/// once its stream is live (after `stream_live`), with a task that ends when it has them all.
func follow(expected: Int) async throws -> Task<Int, any Error> {
    var fields = HTTPFields()
    fields["Authorization"] = "Bearer \(key)"
    let (response, body) = try await transport.send(
        HTTPRequest(method: .get, path: "/events?edges=none", headerFields: fields), body: nil, baseURL: instanceURL,
        operationID: "streamEvents")
    precondition(response.status == 200, "GET /events answered \(response.status)")
    var lines = body!.lines.makeAsyncIterator()
    while let line = try await lines.next(), line != "event: stream_live" {}
    let remaining = lines
    return Task {
        var lines = remaining
        var seen = 0
        while seen < expected, let line = try await lines.next() {
            if line.hasPrefix("id:") { seen += 1 }
        }
        return seen
    }
}

/// The query a working copy's hydrate sends for one page of `core.note` items (`CopyWire.itemsPage`).
let hydratePage = "/items?type=core.note&state=any&tier=all&limit=200&include=metadata"

/// One client walking the hydrate's pages from the newest item, starting over at the end, until
/// `duration` has passed; answers the items served and the time taken. The cursor is found by a
/// byte search and a full page counted as its limit, so the client's own parsing stays out of
/// the measurement (only the last page of each walk is parsed).
func listing(for duration: Duration) async throws -> (items: Int, elapsed: Duration) {
    let start = ContinuousClock.now
    let end = start + duration
    var served = 0
    var cursor: String?
    while ContinuousClock.now < end {
        let encoded = cursor?.addingPercentEncoding(withAllowedCharacters: .alphanumerics)
        let (status, body) = try await get(
            hydratePage + (encoded.map { "&cursor=\($0)" } ?? ""), operationID: "listItems")
        precondition(status == 200, "GET /items answered \(status)")
        cursor = pageCursor(body)
        if cursor != nil {
            served += 200
        } else {
            let page = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] ?? [:]
            served += (page["data"] as? [Any])?.count ?? 0
        }
    }
    return (served, ContinuousClock.now - start)
}

/// The `cursor` of a listing page's JSON, nil when it has none (the last page).
func pageCursor(_ body: [UInt8]) -> String? {
    let marker = Array(#""cursor":""#.utf8)
    guard body.count > marker.count else { return nil }
    for start in stride(from: body.count - marker.count, through: 0, by: -1)
    where body[start..<start + marker.count].elementsEqual(marker) {
        let from = start + marker.count
        guard let close = body[from...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: body[from..<close], as: UTF8.self)
    }
    return nil
}

func rate(_ count: Int, _ elapsed: Duration) -> Double {
    Double(count) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}

// Warm up (connections, statements, code pages).
_ = try await creates(for: .milliseconds(300), limit: 500)

let made = try await creates(for: .milliseconds(Int(seconds * 1000)), limit: createLimit)

_ = try await listing(for: .milliseconds(300))
let listed = try await listing(for: .milliseconds(Int(seconds * 1000)))

let readIDs = try await itemIDs(upTo: 500)
_ = try await readsWhileWriting(for: .milliseconds(300), ids: readIDs)
let mixed = try await readsWhileWriting(for: .milliseconds(Int(seconds * 1000)), ids: readIDs)

var readers: [Task<Int, any Error>] = []
for _ in 0..<followers { readers.append(try await follow(expected: streamedItems)) }
let streamStart = ContinuousClock.now
for index in 0..<streamedItems {
    let status = try await create("s\(index)")
    precondition(status == 201)
}
let writerElapsed = ContinuousClock.now - streamStart
var delivered = 0
for reader in readers { delivered += try await reader.value }
let streamElapsed = ContinuousClock.now - streamStart
await instance?.stop()

func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let space = String(repeating: " ", count: max(0, width - text.count))
    return left ? text + space : space + text
}
print("LocalBenchmark: LocalInstance on 127.0.0.1 (SQLite WAL in a temporary folder), CurlTransport clients")
print(pad("measurement", 58, left: true) + pad("count", 10) + pad("seconds", 10) + pad("per second", 12))
let rows: [(String, Int, Duration)] = [
    ("item creates, \(clients) concurrent clients", made.count, made.elapsed),
    ("items listed, 1 client walking hydrate pages of 200", listed.items, listed.elapsed),
    ("item reads, \(readingClients) clients while \(writingClients) clients create", mixed.reads, mixed.elapsed),
    ("item creates by those \(writingClients) clients", mixed.creates, mixed.elapsed),
    ("item creates, 1 writer while \(followers) followers stream", streamedItems, writerElapsed),
    ("events delivered to \(followers) SSE followers (total)", delivered, streamElapsed),
]
for (name, count, elapsed) in rows {
    let secondsTaken = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(
        pad(name, 58, left: true) + pad(String(count), 10) + pad(String(format: "%.2f", secondsTaken), 10)
            + pad(String(format: "%.0f", rate(count, elapsed)), 12))
}
