import Foundation
import MarfaHTTP
import MarfaOpenAPIRuntime

/// The local instance's create rate alone: `creates` notes with realistic bodies, 16 requests at a
/// time, into a fresh `marfa-local` in another process (the seeding every copy bench starts with).
/// With SEED_BENCH_PAUSE set, it waits for a line on standard input before seeding, so a profiler
/// can attach to the printed process id.
enum SeedBench {
    static func run(creates: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "marfa-seed-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        print(
            "load average before: \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?")",
            terminator: "")
        let local = try LocalProcess.start(data: folder.appendingPathComponent("instance"))
        defer { local.stop() }
        if ProcessInfo.processInfo.environment["SEED_BENCH_PAUSE"] != nil {
            print("marfa-local is process \(local.process.processIdentifier); press return to seed")
            _ = readLine()
        }
        #if canImport(CCurl)
        let transport = CurlTransport(configuration: .init(idleTimeout: .seconds(120)))
        #else
        let transport = URLSessionTransport(configuration: .init(idleTimeout: .seconds(120)))
        #endif
        let start = ContinuousClock.now
        try await seed(creates, from: 0, local: local, transport: transport)
        let seconds =
            Double((ContinuousClock.now - start).components.attoseconds) / 1e18
            + Double((ContinuousClock.now - start).components.seconds)
        print(String(format: "seeded %d notes in %.2f s: %.0f creates/s", creates, seconds, Double(creates) / seconds))
        let instanceCPU = cpuTimes(ofProcess: local.process.processIdentifier)
        let benchCPU = cpuTimes(ofProcess: ProcessInfo.processInfo.processIdentifier)
        let perCreate = { (seconds: Double) in seconds / Double(creates) * 1e6 }
        print(
            String(
                format: "CPU per create: instance %.0f µs (user %.0f, system %.0f), this client %.0f µs",
                perCreate(instanceCPU.user + instanceCPU.system), perCreate(instanceCPU.user),
                perCreate(instanceCPU.system), perCreate(benchCPU.user + benchCPU.system)))
    }

    /// Creates `count` notes with bodies of a realistic length, 16 requests at a time.
    static func seed(_ count: Int, from start: Int, local: LocalProcess, transport: any ClientTransport) async throws {
        let (url, key) = (local.url, local.key)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0..<16 {
                group.addTask {
                    var fields = HTTPFields()
                    fields["Authorization"] = "Bearer \(key)"
                    fields["Content-Type"] = "application/json"
                    for index in stride(from: start + client, to: start + count, by: 16) {
                        let body =
                            #"{"type":"core.note","properties":{"title":"Note \#(index)","body":"\#(Text.body(index))"}}"#
                        let (response, answer) = try await transport.send(
                            HTTPRequest(method: .post, path: "/items", headerFields: fields), body: HTTPBody(body),
                            baseURL: url, operationID: "createItem")
                        _ = try await answer?.collect(upTo: 1 << 20)
                        guard response.status == 201 else { throw BenchFailure("create answered \(response.status)") }
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}

/// User and system CPU seconds `pid` has used so far (from /proc; 0 where there is none).
func cpuTimes(ofProcess pid: Int32) -> (user: Double, system: Double) {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
    else { return (0, 0) }
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    // After the name: state is field 3, utime field 14 and stime field 15 (1-based, whole line).
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return (0, 0) }
    let tick = Double(sysconf(Int32(_SC_CLK_TCK)))
    return (user / tick, system / tick)
}
