import Foundation

/// Runs the toolchain's `swiftc` against the modules a test bundle was built with, for tests that
/// check what compiles and what doesn't.
public enum Swiftc {
    /// The repository's root folder.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// What one `swiftc` run printed and how it ended.
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
    }

    /// The `Modules` folder holding `module` (a `.swiftmodule` this test bundle was built with):
    /// `$environmentVariable` when set, else found by walking up from the test binary.
    public static func modulesFolder(holding module: String, orFrom environmentVariable: String) -> URL? {
        let fileManager = FileManager.default
        if let path = ProcessInfo.processInfo.environment[environmentVariable], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        var starts = [URL(fileURLWithPath: CommandLine.arguments[0])] + Bundle.allBundles.map(\.bundleURL)
        if let executable = Bundle.main.executableURL { starts.append(executable) }
        #if os(Linux)
        if let path = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.append(URL(fileURLWithPath: path))
        }
        #endif
        for start in starts {
            var folder = start.resolvingSymlinksInPath()
            for _ in 0..<6 {
                folder = folder.deletingLastPathComponent()
                let modules = folder.appendingPathComponent("Modules")
                if fileManager.fileExists(atPath: modules.appendingPathComponent("\(module).swiftmodule").path) {
                    return modules
                }
            }
        }
        return nil
    }

    /// `-I` arguments for `modules` and for the package's C modules (their module maps), which the
    /// Swift modules refer to.
    public static func includeArguments(_ modules: [URL]) -> [String] {
        let sources = repositoryRoot.appendingPathComponent("Sources")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        let cModules = names.sorted().map { sources.appendingPathComponent($0) }.filter {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("module.modulemap").path)
        }
        return (modules + cModules).flatMap { ["-I", $0.path] }
    }

    /// `swiftc` with `arguments` (Swift 6 language mode), on a thread of its own.
    public static func run(_ arguments: [String]) async -> Result {
        let command = ["-swift-version", "6"] + arguments
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: runNow(command)) }
        }
    }

    private static func runNow(_ arguments: [String]) -> Result {
        let process = Process()
        #if canImport(Darwin)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
        process.arguments = ["swiftc"] + arguments
        #else
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        #endif
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch { return Result(status: -1, output: "could not run swiftc: \(error)") }
        let text = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: text, as: UTF8.self))
    }
}
