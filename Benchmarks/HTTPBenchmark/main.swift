import Foundation
import MarfaHTTP
import MarfaOpenAPIRuntime

// Measures CurlTransport against plain libcurl on the same MicroHTTPDServer over loopback:
// small requests per second (one at a time, and 16 at once) and streamed-download throughput.
// Usage: HTTPBenchmark [seconds per measurement, default 3]

let seconds = CommandLine.arguments.dropFirst().first.flatMap(Double.init) ?? 3
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
let transport = CurlTransport(configuration: .init(idleTimeout: .seconds(10)))
let baseURL = server.url

/// Runs `concurrency` loops of GET `path` through the transport for `duration`.
func ours(_ path: String, concurrency: Int, for duration: Duration) async throws -> (requests: Int, bytes: Int) {
    let end = ContinuousClock.now + duration
    return try await withThrowingTaskGroup(of: (Int, Int).self) { group in
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
            total.requests += one.0
            total.bytes += one.1
        }
    }
}

/// The same loops on plain libcurl.
func raw(_ path: String, concurrency: Int, for duration: Duration) async -> (requests: Int, bytes: Int) {
    await RawCurl.run(url: baseURL.absoluteString + path, threads: concurrency, duration: duration)
}

/// Alternates short rounds of both clients so background load hits both alike; answers the
/// median rate of each (requests or megabytes per second).
func measure(_ path: String, concurrency: Int, megabytes: Bool) async throws -> (ours: Double, raw: Double) {
    let rounds = 5
    let slice = duration / rounds
    let perSecond = Double(slice.components.seconds) + Double(slice.components.attoseconds) / 1e18
    func rate(_ result: (requests: Int, bytes: Int)) -> Double {
        (megabytes ? Double(result.bytes) / 1e6 : Double(result.requests)) / perSecond
    }
    var oursRates: [Double] = []
    var rawRates: [Double] = []
    for _ in 0..<rounds {
        oursRates.append(rate(try await ours(path, concurrency: concurrency, for: slice)))
        rawRates.append(rate(await raw(path, concurrency: concurrency, for: slice)))
    }
    return (oursRates.sorted()[rounds / 2], rawRates.sorted()[rounds / 2])
}

// Warm up both paths (connections, handles, code pages).
_ = try await ours("/small", concurrency: 16, for: .milliseconds(300))
_ = await raw("/small", concurrency: 16, for: .milliseconds(300))

let rows: [(String, (ours: Double, raw: Double))] = [
    ("small GET, sequential (req/s)", try await measure("/small", concurrency: 1, megabytes: false)),
    ("small GET, 16 concurrent (req/s)", try await measure("/small", concurrency: 16, megabytes: false)),
    ("streamed 64 MiB GET (MB/s)", try await measure("/stream", concurrency: 1, megabytes: true)),
]
await server.shutdown()

func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let space = String(repeating: " ", count: max(0, width - text.count))
    return left ? text + space : space + text
}
print("HTTPBenchmark: MicroHTTPDServer on 127.0.0.1; \(seconds) s per measurement, medians of 5 alternating rounds")
print(pad("measurement", 34, left: true) + pad("CurlTransport", 15) + pad("raw libcurl", 13) + pad("ours/raw", 10))
for (name, result) in rows {
    print(
        pad(name, 34, left: true) + pad(String(format: "%.0f", result.ours), 15)
            + pad(String(format: "%.0f", result.raw), 13) + pad(String(format: "%.2f", result.ours / result.raw), 10))
}
