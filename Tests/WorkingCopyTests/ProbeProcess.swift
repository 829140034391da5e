import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Starts `copy-probe` with `arguments`, its standard output piped.
func startProbe(_ arguments: [String]) throws -> (process: Process, output: Pipe) {
    let process = Process()
    process.executableURL = probeURL
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    return (process, output)
}

/// Runs `copy-probe` with `arguments`; answers its output's last line.
func runProbe(_ arguments: [String]) throws -> String {
    let (process, output) = try startProbe(arguments)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
}

/// The `copy-probe` executable, built beside the test bundle.
let probeURL: URL = {
    var folders = CommandLine.arguments.filter { $0.contains(".xctest") }.map {
        URL(fileURLWithPath: $0).deletingLastPathComponent()
    }
    folders.append(Bundle.main.bundleURL)
    folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
    return folders.map { $0.appendingPathComponent("copy-probe") }.first {
        FileManager.default.isExecutableFile(atPath: $0.path)
    }
        ?? URL(fileURLWithPath: "/nonexistent/copy-probe")
}()

/// Runs `copy-probe` with `arguments` and kills it with SIGKILL once `enough` holds for what it has
/// printed; answers that output and whether the kill ended it (false: it ended first).
func killProbe(
    _ arguments: [String], once enough: @escaping @Sendable (String) -> Bool
) async throws -> (said: String, killed: Bool) {
    let (process, output) = try startProbe(arguments)
    let pid = process.processIdentifier
    let said = await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
        // Reads the probe's output on a thread of its own, so no cooperative thread blocks.
        Thread {
            var text = ""
            while !enough(text) {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            kill(pid, SIGKILL)
            process.waitUntilExit()
            done.resume(returning: text)
        }.start()
    }
    return (said, process.terminationReason == .uncaughtSignal)
}
