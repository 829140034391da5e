import Foundation

/// `marfa-local` in a process of its own, so the benchmark's resident memory is the copy's alone.
struct LocalProcess {
    let process: Process
    let url: URL
    let key: String

    /// Starts `marfa-local` (built beside this executable) on a free port with no rate limit,
    /// with `arguments` after those.
    static func start(data: URL, arguments: [String] = []) throws -> LocalProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("marfa-local")
        process.arguments = ["--data", data.path, "--port", "0", "--requests-per-minute", "0"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var text = ""
        var url: URL?
        var key: String?
        while url == nil || key == nil {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { throw BenchFailure("marfa-local ended: \(text)") }
            text += String(decoding: data, as: UTF8.self)
            for line in text.split(separator: "\n") {
                if let range = line.range(of: "answering at ") { url = URL(string: String(line[range.upperBound...])) }
                if let range = line.range(of: "keep it): "), line.contains("owner's key") {
                    key = String(line[range.upperBound...])
                }
            }
        }
        return LocalProcess(process: process, url: url!, key: key!)
    }

    func stop() {
        process.interrupt()
        process.waitUntilExit()
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The process's resident memory now, in bytes (VmRSS).
func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
}
