import MarfaOpenAPIGenerator
import MarfaYAML
import Testing

/// The contract generates cleanly: strict mode, every mode, and every target the build plugin
/// generates from it, with no diagnostic at all.
@Suite struct ContractValidationTests {
    @Test func generatesEveryModeWithoutDiagnostics() throws {
        var config = GeneratorConfig()
        config.modes = Set(GeneratorConfig.Mode.allCases)
        config.strict = true
        let output = try generate(config)
        #expect(output.diagnostics.map(\.description) == [])
        #expect(!output.files.isEmpty)
    }

    @Test(arguments: GeneratorConfig.Mode.allCases)
    func generatesEachModeWithoutDiagnostics(mode: GeneratorConfig.Mode) throws {
        var config = GeneratorConfig()
        config.modes = [mode]
        config.strict = true
        let output = try generate(config)
        #expect(output.diagnostics.map(\.description) == [])
    }

    /// The targets `openapi/generator-config.yaml` names, which the build plugin generates.
    static let configuredTargets: [String] = {
        let config = try? YAMLLoader.load(path: ContractFiles.generatorConfig)
        return config?["targets"]?.entries?.map(\.key) ?? []
    }()

    @Test func generatorConfigNamesTheTypesTarget() {
        #expect(Self.configuredTargets.contains("MarfaTypes"), "no targets read from \(ContractFiles.generatorConfig)")
    }

    @Test(arguments: configuredTargets)
    func generatesConfiguredTargetWithoutDiagnostics(target: String) throws {
        let configs = try GeneratorConfig.load(path: ContractFiles.generatorConfig, target: target)
        for var config in configs {
            config.strict = true
            let output = try generate(config)
            #expect(output.diagnostics.map(\.description) == [], "target \(target)")
        }
    }

    /// Generates the contract, turning a refusal into a failure that lists each diagnostic.
    private func generate(_ config: GeneratorConfig) throws -> Generator.Output {
        do {
            return try Generator.generate(specPath: ContractFiles.contract, config: config)
        } catch let error as GeneratorError {
            Issue.record("the contract does not generate cleanly:\n\(error.description)")
            throw error
        }
    }
}
