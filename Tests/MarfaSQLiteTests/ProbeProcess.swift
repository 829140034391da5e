import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `sqlite-probe` running as a child process: its output lines as they come, and its end.
final class ProbeProcess: Sendable {
    private let process: Process
    private let input: Pipe
    /// The lines the probe printed, ending when its output closes.
    let lines: AsyncStream<String>
    private let ended: AsyncStream<(Process.TerminationReason, Int32)>

    /// Starts `sqlite-probe` with `arguments`; its standard input stays open until it ends.
    init(arguments: [String]) throws {
        let process = Process()
        process.executableURL = try Self.executable()
        process.arguments = arguments
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        let (lines, lineSink) = AsyncStream.makeStream(of: String.self)
        let (ended, endSink) = AsyncStream.makeStream(of: (Process.TerminationReason, Int32).self)
        // Blocking reads on a thread of their own: they see the end of the output reliably.
        let reading = output.fileHandleForReading
        let reader = Thread {
            let splitter = LineSplitter()
            while true {
                let data = reading.availableData  // what has arrived, waiting for some; empty at the end
                if data.isEmpty { break }
                for line in splitter.append(data) { lineSink.yield(line) }
            }
            lineSink.finish()
        }
        process.terminationHandler = { process in
            endSink.yield((process.terminationReason, process.terminationStatus))
            endSink.finish()
        }
        try process.run()
        reader.start()
        self.process = process
        self.input = input
        self.lines = lines
        self.ended = ended
    }

    /// Sends SIGKILL: the probe dies at once, wherever it is.
    func killNow() { kill(process.processIdentifier, SIGKILL) }

    /// Waits for the probe to end: how (exit or signal) and its status or signal number.
    func termination() async -> (reason: Process.TerminationReason, status: Int32)? {
        for await end in ended { return end }
        return nil
    }

    /// `sqlite-probe`, built beside the test bundle (or in a `.build*` folder of this package).
    static func executable() throws -> URL {
        var folders = CommandLine.arguments.filter { $0.contains(".xctest") }.flatMap { argument -> [URL] in
            let url = URL(fileURLWithPath: argument)
            return [url.deletingLastPathComponent(), url.deletingLastPathComponent().deletingLastPathComponent()]
        }
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        folders += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map {
            $0.bundleURL.deletingLastPathComponent()
        }
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for folder in folders {
            let candidate = folder.appendingPathComponent("sqlite-probe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ProbeMissing(searched: folders.map(\.path))
    }

    struct ProbeMissing: Error { var searched: [String] }
}

/// Cuts bytes arriving in pieces into lines.
private final class LineSplitter: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = Data()

    func append(_ data: Data) -> [String] {
        lock.withLock {
            pending.append(data)
            var lines: [String] = []
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending = Data(pending[(newline + 1)...])
            }
            return lines
        }
    }
}
