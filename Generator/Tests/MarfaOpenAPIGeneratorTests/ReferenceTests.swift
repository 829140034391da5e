import Foundation
import Testing

@testable import MarfaOpenAPIGenerator

/// Whole-file reference tests: every fixture document generates exactly the files committed under
/// `Generator/Tests/References/<fixture>/`. After a deliberate change to the output, rewrite them
/// with `make update-references` (`UPDATE_REFERENCES=1` on this suite) and review the diff.
@Suite struct ReferenceTests {
    /// One fixture document and the configuration it is generated with.
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var spec: String
        var config: GeneratorConfig
        var description: String { name }
    }

    static let referencesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("References").path

    static let updating = ProcessInfo.processInfo.environment["UPDATE_REFERENCES"] == "1"

    /// The GeneratedFixtureTests documents with their entries of that target's configuration (as the
    /// build plugin generates them), and the petstore document in every mode with public access.
    static let cases: [Case] = {
        let configPath = FixtureGenerationTests.folder + "/../openapi-generator-config.yaml"
        let configs = (try? GeneratorConfig.load(path: configPath, target: "GeneratedFixtureTests")) ?? []
        var cases = configs.compactMap { config -> Case? in
            guard let spec = config.spec else { return nil }
            let name = ((spec as NSString).lastPathComponent as NSString).deletingPathExtension
            return Case(
                name: name, spec: FixtureGenerationTests.folder + "/" + (spec as NSString).lastPathComponent,
                config: config)
        }
        cases.append(Case(name: "petstore", spec: fixturesFolder + "/petstore.yaml", config: allModes(access: .public)))
        return cases
    }()

    @Test(arguments: cases)
    func generatedFilesMatchTheReferences(_ fixture: Case) throws {
        let output = try Generator.generate(specPath: fixture.spec, config: fixture.config)
        #expect(output.diagnostics.filter { $0.severity != .note }.map(\.description) == [])
        let folder = Self.referencesFolder + "/" + fixture.name
        if Self.updating {
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for file in output.files {
                try Data(file.contents.utf8).write(to: URL(fileURLWithPath: folder + "/" + file.name))
            }
            return
        }
        let committed = (try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) ?? []
        #expect(
            committed == output.files.map(\.name).sorted(),
            "References/\(fixture.name) holds other files; run 'make update-references'")
        for file in output.files {
            let expected = (try? String(contentsOfFile: folder + "/" + file.name, encoding: .utf8)) ?? ""
            if let diff = TextDiff.describe(expected: expected, actual: file.contents) {
                Issue.record(
                    "References/\(fixture.name)/\(file.name) differs from the generated file (run 'make update-references' after a deliberate change):\n\(diff)"
                )
            }
        }
    }

    @Test(.disabled(if: updating, "the references are being rewritten"))
    func everyReferenceFolderHasAFixture() throws {
        #expect(Self.cases.count >= 19)
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.referencesFolder).filter {
            !$0.hasPrefix(".")
        }.sorted()
        #expect(folders == Self.cases.map(\.name).sorted())
    }

    @Test func theDiffShowsTheFirstDifferingLinesWithTheirNumbers() {
        let diff = TextDiff.describe(expected: "a\nb\nc\nd\ne", actual: "a\nb\nC\nd\ne")
        #expect(
            diff == """
                @@ expected line 3, 1 line(s) → actual line 3, 1 line(s) @@
                    1   a
                    2   b
                    3 - c
                    3 + C
                    4   d
                    5   e
                """)
        #expect(TextDiff.describe(expected: "same", actual: "same") == nil)
    }
}
