import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The real `marfa-local` executable, built beside the test bundle, run as a developer would.
enum MarfaLocalProcess {
    /// What a finished run printed, and how it ended.
    struct Finished: Sendable {
        let status: Int32
        let output: String
        let errors: String
    }

    /// A `marfa-local` serving until stopped, and what it printed up to its URL line.
    struct Serving: Sendable {
        let process: Process
        let output: String

        /// The value after `prefix` on a printed line, such as the owner's key.
        func value(after prefix: String) -> String? {
            output.split(separator: "\n").first { $0.contains(prefix) }
                .map { String($0[$0.range(of: prefix)!.upperBound...]) }
        }

        var url: URL? { value(after: "answering at ").flatMap(URL.init(string:)) }

        /// Stops it with SIGTERM; answers its exit status.
        func stop() async -> Int32 {
            process.terminate()
            return await withCheckedContinuation { done in
                Thread {
                    process.waitUntilExit()
                    done.resume(returning: process.terminationStatus)
                }.start()
            }
        }
    }

    static let executable: URL = {
        var folders = CommandLine.arguments.filter { $0.contains(".xctest") }.map {
            URL(fileURLWithPath: $0).deletingLastPathComponent()
        }
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        return folders.map { $0.appendingPathComponent("marfa-local") }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
            ?? URL(fileURLWithPath: "/nonexistent/marfa-local")
    }()

    /// Runs `marfa-local` with `arguments` to its end.
    static func run(_ arguments: [String]) async throws -> Finished {
        let (process, output, errors) = try launch(arguments)
        return await withCheckedContinuation { done in
            // Reads both pipes on threads of their own, so no cooperative thread blocks.
            Thread {
                let errorText = LockedText()
                let errorReader = Thread { errorText.set(errors.fileHandleForReading.readDataToEndOfFile()) }
                errorReader.start()
                let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                done.resume(
                    returning: Finished(status: process.terminationStatus, output: text, errors: errorText.wait()))
            }.start()
        }
    }

    /// The line `marfa-local` prints last on starting.
    static let readyLine = "marfa-local: serving until interrupted"

    /// Starts `marfa-local` serving with `arguments` and returns once it printed everything it
    /// prints on starting (or ended: then `Serving.url` is nil and the process has exited).
    static func serve(_ arguments: [String]) async throws -> Serving {
        let (process, output, _) = try launch(arguments)
        let text = await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
            Thread {
                var text = ""
                while !text.contains(MarfaLocalProcess.readyLine) {
                    let data = output.fileHandleForReading.availableData
                    if data.isEmpty { break }
                    text += String(decoding: data, as: UTF8.self)
                }
                done.resume(returning: text)
            }.start()
        }
        return Serving(process: process, output: text)
    }

    private static func launch(_ arguments: [String]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return (process, output, errors)
    }
}

/// Text one thread sets and another waits for.
private final class LockedText: @unchecked Sendable {
    private let condition = NSCondition()
    private var text: String?

    func set(_ data: Data) {
        condition.lock()
        text = String(decoding: data, as: UTF8.self)
        condition.signal()
        condition.unlock()
    }

    func wait() -> String {
        condition.lock()
        defer { condition.unlock() }
        while text == nil { condition.wait() }
        return text ?? ""
    }
}
