import Foundation

/// Runs `Scripts/otlp-check.py` with the project's virtual environment: the official
/// opentelemetry-proto definitions parse a logs body, and the OTLP JSON rules are checked.
enum OTLPCheck {
    /// The repository's root, from this file's place in it.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `$MARFA_TELEMETRY_PYTHON`, else `.build/telemetry-venv/bin/python` (made by `make deps`).
    static let python: URL = {
        if let path = ProcessInfo.processInfo.environment["MARFA_TELEMETRY_PYTHON"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return repositoryRoot.appendingPathComponent(".build/telemetry-venv/bin/python")
    }()

    static let script = repositoryRoot.appendingPathComponent("Scripts/otlp-check.py")

    /// Whether the checker can run: the interpreter is there and imports opentelemetry-proto.
    static let isAvailable: Bool = {
        guard FileManager.default.isExecutableFile(atPath: python.path) else { return false }
        let result = run(Array(#"{"resourceLogs":[{"scopeLogs":[]}]}"#.utf8))
        return result.status == 0
    }()

    /// Why the checker can't run, for a skipped test.
    static let unavailableReason =
        "the OTLP check needs \(python.path) with opentelemetry-proto: run `make deps` (or set MARFA_TELEMETRY_PYTHON)"

    struct Result: Sendable {
        var status: Int32
        var message: String
    }

    /// Checks `body` (gzip or plain JSON), blocking the calling thread.
    static func run(_ body: [UInt8]) -> Result {
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path]
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            return Result(status: -1, message: "could not start \(python.path): \(error)")
        }
        input.fileHandleForWriting.write(Data(body))
        try? input.fileHandleForWriting.close()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, message: String(decoding: message, as: UTF8.self))
    }

    /// Checks `body` on a thread of its own, so no task of the cooperative pool blocks.
    static func check(_ body: [UInt8]) async -> Result {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: run(body)) }
        }
    }
}
