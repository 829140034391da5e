import Foundation
import MarfaHTTP
import MarfaHTTPServer
import MarfaOpenAPIRuntime

// Measures the client transports on the same MicroHTTPDServer over loopback, each beside the plain
// library under it: CurlTransport beside a raw libcurl loop (where libcurl is linked: Linux), and
// URLSessionTransport beside plain URLSession data tasks. Small requests per second (one at a time,
// and 16 at once) and streamed-download throughput.
// Usage: HTTPBenchmark [seconds per measurement, default 3]
//        HTTPBenchmark one <contender> <path> <concurrency> <seconds>   (one contender alone, for a profiler)

/// `one`'s arguments: a contender's name, the path, how many loops, for how long.
let only: (name: String, path: String, concurrency: Int, seconds: Double)? = {
    let arguments = CommandLine.arguments
    guard arguments.count == 6, arguments[1] == "one", let concurrency = Int(arguments[4]),
        let seconds = Double(arguments[5])
    else { return nil }
    return (arguments[2], arguments[3], concurrency, seconds)
}()
let seconds = only?.seconds ?? CommandLine.arguments.dropFirst().first.flatMap(Double.init) ?? 3
let duration = Duration.milliseconds(Int(seconds * 1000))
let streamBytes = 64 << 20

/// One 64 KiB block repeated, so the server spends little on making the body.
struct Blocks: AsyncSequence, Sendable {
    static let block = ArraySlice([UInt8](repeating: 0x61, count: 64 << 10))
    let count: Int
    func makeAsyncIterator() -> Iterator { Iterator(left: count) }
    struct Iterator: AsyncIteratorProtocol {
        var left: Int
        mutating func next() async throws -> ArraySlice<UInt8>? {
            guard left > 0 else { return nil }
            left -= 1
            return Blocks.block
        }
    }
}

let server = MicroHTTPDServer()
try server.register({ _, _, _ in (HTTPResponse(status: 200), HTTPBody("hello")) }, method: .get, path: "/small")
try server.register(
    { _, _, _ in
        (HTTPResponse(status: 200), HTTPBody(Blocks(count: streamBytes >> 16), length: .known(Int64(streamBytes))))
    }, method: .get, path: "/stream")
try server.start()
let baseURL = server.url

/// What one measurement counts.
typealias Tally = (requests: Int, bytes: Int)

/// A client under measurement: runs `concurrency` loops of GET `path` for a duration. `reference`
/// names the contender it is compared with.
struct Contender: Sendable {
    let name: String
    var reference: String? = nil
    let run: @Sendable (_ path: String, _ concurrency: Int, _ duration: Duration) async throws -> Tally
}

/// Loops of GET `path` through `transport` for `duration`, reading every body to its end.
func loops(
    through transport: any ClientTransport, _ path: String, concurrency: Int, for duration: Duration
)
    async throws -> Tally
{
    let end = ContinuousClock.now + duration
    return try await withThrowingTaskGroup(of: Tally.self) { group in
        for _ in 0..<concurrency {
            group.addTask {
                var requests = 0
                var bytes = 0
                while ContinuousClock.now < end {
                    let (response, body) = try await transport.send(
                        HTTPRequest(method: .get, path: path), body: nil, baseURL: baseURL, operationID: "bench")
                    precondition(response.status == 200)
                    if let body { for try await chunk in body { bytes += chunk.count } }
                    requests += 1
                }
                return (requests, bytes)
            }
        }
        return try await group.reduce(into: (0, 0)) { total, one in
            total.requests += one.requests
            total.bytes += one.bytes
        }
    }
}

func transportContender(_ name: String, _ transport: any ClientTransport, reference: String) -> Contender {
    Contender(name: name, reference: reference) { path, concurrency, duration in
        try await loops(through: transport, path, concurrency: concurrency, for: duration)
    }
}

/// The clients this platform has, in column order: each transport, then the library under it.
func makeContenders() -> [Contender] {
    var contenders: [Contender] = []
    #if canImport(CCurl)
    contenders.append(
        transportContender(
            "CurlTransport", CurlTransport(configuration: .init(idleTimeout: .seconds(10))), reference: "raw libcurl"))
    contenders.append(
        Contender(name: "raw libcurl") { path, concurrency, duration in
            await RawCurl.run(url: baseURL.absoluteString + path, threads: concurrency, duration: duration)
        })
    #endif
    contenders.append(
        transportContender(
            "URLSessionTransport", URLSessionTransport(configuration: .init(idleTimeout: .seconds(10))),
            reference: "plain URLSession"))
    contenders.append(
        Contender(name: "plain URLSession") { path, concurrency, duration in
            try await PlainURLSession.run(
                url: URL(string: baseURL.absoluteString + path)!, concurrency: concurrency, duration: duration)
        })
    return contenders
}
let contenders = makeContenders()

/// `one`: a warm-up, then one run of the contender alone.
func runOne(_ only: (name: String, path: String, concurrency: Int, seconds: Double)) async throws {
    guard let contender = contenders.first(where: { $0.name == only.name }) else { fatalError("no \(only.name)") }
    let warmUp = try await contender.run(only.path, only.concurrency, .milliseconds(200))
    let tally = try await contender.run(only.path, only.concurrency, duration)
    print(
        "\(only.name) \(only.path) ×\(only.concurrency): \(tally.requests) requests, \(tally.bytes) bytes "
            + "(and \(warmUp.requests) warming up)")
}

/// Alternates short rounds of every contender so background load hits all alike; answers the
/// median rate of each (requests or megabytes per second over the round's real length, which a
/// transfer begun near its end stretches), in `contenders` order.
func measure(_ path: String, concurrency: Int, megabytes: Bool, _ contenders: [Contender]) async throws -> [Double] {
    let rounds = 5
    let slice = duration / rounds
    var rates = Array(repeating: [Double](), count: contenders.count)
    for _ in 0..<rounds {
        for (index, contender) in contenders.enumerated() {
            let start = ContinuousClock.now
            let tally = try await contender.run(path, concurrency, slice)
            let took = ContinuousClock.now - start
            let seconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
            rates[index].append((megabytes ? Double(tally.bytes) / 1e6 : Double(tally.requests)) / seconds)
        }
    }
    return rates.map { $0.sorted()[rounds / 2] }
}

func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let space = String(repeating: " ", count: max(0, width - text.count))
    return left ? text + space : space + text
}

/// Ratio columns: each transport over the library under it, then URLSessionTransport over CurlTransport.
func ratioColumns() -> [(name: String, over: Int, under: Int)] {
    var ratios: [(name: String, over: Int, under: Int)] = []
    for (index, contender) in contenders.enumerated() {
        if let reference = contender.reference, let under = contenders.firstIndex(where: { $0.name == reference }) {
            let name = contender.name.replacingOccurrences(of: "Transport", with: "")
            ratios.append(("\(name)/\(reference.split(separator: " ").first!)", index, under))
        }
    }
    if let curl = contenders.firstIndex(where: { $0.name == "CurlTransport" }),
        let session = contenders.firstIndex(where: { $0.name == "URLSessionTransport" })
    {
        ratios.append(("URLSession/Curl", session, curl))
    }
    return ratios
}

/// Every row, measured, then printed with the ratio columns.
func runAll() async throws {
    // Warm up every path (connections, handles, code pages).
    for contender in contenders { _ = try await contender.run("/small", 16, .milliseconds(300)) }
    let rows: [(String, [Double])] = [
        ("small GET, sequential (req/s)", try await measure("/small", concurrency: 1, megabytes: false, contenders)),
        (
            "small GET, 16 concurrent (req/s)",
            try await measure("/small", concurrency: 16, megabytes: false, contenders)
        ),
        ("streamed 64 MiB GET (MB/s)", try await measure("/stream", concurrency: 1, megabytes: true, contenders)),
    ]
    let ratios = ratioColumns()
    print("HTTPBenchmark: MicroHTTPDServer on 127.0.0.1; \(seconds) s per measurement, medians of 5 alternating rounds")
    var header = pad("measurement", 34, left: true)
    for contender in contenders { header += pad(contender.name, contender.name.count + 3) }
    for ratio in ratios { header += pad(ratio.name, ratio.name.count + 3) }
    print(header)
    for (name, rates) in rows {
        var line = pad(name, 34, left: true)
        for (index, contender) in contenders.enumerated() {
            line += pad(String(format: "%.0f", rates[index]), contender.name.count + 3)
        }
        for ratio in ratios {
            line += pad(String(format: "%.2f", rates[ratio.over] / rates[ratio.under]), ratio.name.count + 3)
        }
        print(line)
    }
}

// The main thread waits for the work instead of running it as an async main: valgrind 3.19 (used
// to profile `one`) crashes on an async main.
let finished = DispatchSemaphore(value: 0)
Task.detached {
    do {
        if let only { try await runOne(only) } else { try await runAll() }
    } catch {
        print("HTTPBenchmark: \(error)")
        exit(1)
    }
    await server.shutdown()
    finished.signal()
}
finished.wait()
