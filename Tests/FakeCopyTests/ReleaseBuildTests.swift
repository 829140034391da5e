import CompileChecking
import Foundation
import Testing

/// "The product compiles empty in a release build": MarfaTesting's sources, compiled as a release
/// build compiles them (no `DEBUG` condition), declare nothing an app can reach; with `DEBUG` the
/// same probe compiles, so the check can tell the two apart.
@Suite struct ReleaseBuildTests {
    static let sources = Swiftc.repositoryRoot.appendingPathComponent("Sources/MarfaTesting")
    static let probe = Swiftc.repositoryRoot.appendingPathComponent("Tests/ReleaseCompileChecks/UsesMarfaTesting.swift")
    /// SwiftPM's name for this package, which `package` symbols are tied to: its folder's name,
    /// lowercased, with every character that can't be in an identifier made `_` (`wt-files` is
    /// `wt_files`), as SwiftPM passes it to `-package-name`.
    static let packageName = String(
        Swiftc.repositoryRoot.lastPathComponent.lowercased().map {
            $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_"
        })

    /// Emits a `MarfaTesting` module made from its sources into `folder`, with `DEBUG` set or not.
    static func emitModule(into folder: URL, debug: Bool, modules: URL) async throws -> Swiftc.Result {
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        var arguments = [
            "-parse-as-library", "-emit-module", "-module-name", "MarfaTesting", "-package-name", packageName,
            "-emit-module-path", folder.appendingPathComponent("MarfaTesting.swiftmodule").path,
        ]
        if debug { arguments += ["-D", "DEBUG"] }
        arguments += Swiftc.includeArguments([modules]) + files.sorted().map { sources.appendingPathComponent($0).path }
        return await Swiftc.run(arguments)
    }

    @Test(arguments: [true, false])
    func marfaTestingDeclaresItsSymbolsOnlyInADebugBuild(debug: Bool) async throws {
        let modules = try #require(
            Swiftc.modulesFolder(holding: "Marfa", orFrom: "MARFA_MODULES"), "no built Marfa module")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("release-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let emitted = try await Self.emitModule(into: folder, debug: debug, modules: modules)
        #expect(emitted.status == 0, "\(emitted.output)")
        let checked = await Swiftc.run(["-typecheck"] + Swiftc.includeArguments([folder, modules]) + [Self.probe.path])
        if debug {
            #expect(checked.status == 0, "\(checked.output)")
        } else {
            #expect(checked.status != 0)
            #expect(!checked.output.contains("no such module"), "\(checked.output)")
            for symbol in ["FakeCopy", "MemoryKeyStore", "FakeCopyError", "fake"] {
                #expect(checked.output.contains("'\(symbol)'"), "\(symbol) is still declared: \(checked.output)")
            }
        }
    }
}
