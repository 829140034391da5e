import CompileChecking
import Foundation
import Testing

/// The built modules and a compiler to type-check `Tests/TelemetryCompileFailure` against them.
enum CompileCheck {
    static let fixtures = Swiftc.repositoryRoot.appendingPathComponent("Tests/TelemetryCompileFailure")

    /// The `Modules` folder holding the `MarfaTelemetry` this test bundle was built with, or
    /// `$MARFA_TELEMETRY_MODULES`.
    static let modules = Swiftc.modulesFolder(holding: "MarfaTelemetry", orFrom: "MARFA_TELEMETRY_MODULES")

    /// `swiftc -typecheck` of one fixture.
    static func typecheck(_ fixture: String, modules: URL) async -> Swiftc.Result {
        let file = fixtures.appendingPathComponent(fixture)
        return await Swiftc.run(["-typecheck"] + Swiftc.includeArguments([modules]) + [file.path])
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
        #expect(
            errors.contains {
                $0.contains("'String'") && ($0.contains("StaticString") || $0.contains("AttributeValue"))
            }, "\(result.output)")
        #expect(!result.output.contains("no such module"), "\(result.output)")
    }

    @Test func everyFixtureIsChecked() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: CompileCheck.fixtures.path).filter {
            $0.hasSuffix(".swift")
        }
        #expect(
            Set(files) == [
                "SeedSample.swift", "RuntimeEventName.swift", "RuntimeAttributeName.swift",
                "RuntimeAttributeValue.swift",
                "RuntimeAttributeText.swift", "RuntimeOperation.swift", "RuntimeSentence.swift",
            ])
    }
}
