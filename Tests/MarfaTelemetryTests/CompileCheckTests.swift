import Foundation
import Testing

/// The built modules and a compiler to type-check `Tests/TelemetryCompileFailure` against them.
enum CompileCheck {
    static let fixtures = OTLPCheck.repositoryRoot.appendingPathComponent("Tests/TelemetryCompileFailure")

    /// The `Modules` folder holding the `MarfaTelemetry` this test bundle was built with: found by
    /// walking up from the test binary, or `$MARFA_TELEMETRY_MODULES`.
    static let modules: URL? = {
        let fileManager = FileManager.default
        if let path = ProcessInfo.processInfo.environment["MARFA_TELEMETRY_MODULES"], !path.isEmpty {
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
                if fileManager.fileExists(atPath: modules.appendingPathComponent("MarfaTelemetry.swiftmodule").path) {
                    return modules
                }
            }
        }
        return nil
    }()

    /// The include folders of the package's C modules (their module maps), which the Swift modules
    /// that `MarfaTelemetry` imports refer to.
    static var cModuleFolders: [URL] {
        let sources = OTLPCheck.repositoryRoot.appendingPathComponent("Sources")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        return names.sorted().map { sources.appendingPathComponent($0) }.filter {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("module.modulemap").path)
        }
    }

    struct Result: Sendable {
        var status: Int32
        var output: String
    }

    /// `swiftc -typecheck` of one fixture, on a thread of its own.
    static func typecheck(_ fixture: String, modules: URL) async -> Result {
        let file = fixtures.appendingPathComponent(fixture)
        var arguments = ["-typecheck", "-swift-version", "6", "-I", modules.path]
        for folder in cModuleFolders { arguments += ["-I", folder.path] }
        arguments.append(file.path)
        let command = arguments
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: run(command)) }
        }
    }

    private static func run(_ arguments: [String]) -> Result {
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

@Suite("Only fixed text compiles")
struct CompileCheckTests {
    @Test func theSeedSampleCompiles() async throws {
        let modules = try #require(CompileCheck.modules, "no built MarfaTelemetry module near the test binary")
        let result = await CompileCheck.typecheck("SeedSample.swift", modules: modules)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(arguments: [
        "RuntimeEventName.swift", "RuntimeAttributeName.swift", "RuntimeAttributeValue.swift",
        "RuntimeAttributeText.swift", "RuntimeOperation.swift", "RuntimeSentence.swift",
    ])
    func aRuntimeStringDoesNotCompile(_ fixture: String) async throws {
        let modules = try #require(CompileCheck.modules, "no built MarfaTelemetry module near the test binary")
        let result = await CompileCheck.typecheck(fixture, modules: modules)
        #expect(result.status != 0)
        let errors = result.output.split(separator: "\n").filter { $0.contains("error:") }
        #expect(errors.contains { $0.contains("'String'") && ($0.contains("StaticString") || $0.contains("AttributeValue")) }, "\(result.output)")
        #expect(!result.output.contains("no such module"), "\(result.output)")
    }

    @Test func everyFixtureIsChecked() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: CompileCheck.fixtures.path).filter { $0.hasSuffix(".swift") }
        #expect(Set(files) == [
            "SeedSample.swift", "RuntimeEventName.swift", "RuntimeAttributeName.swift", "RuntimeAttributeValue.swift",
            "RuntimeAttributeText.swift", "RuntimeOperation.swift", "RuntimeSentence.swift",
        ])
    }
}
