import FuzzSupport
import MarfaOpenAPIGenerator

/// What the generator's answer must satisfy: files when it succeeds, positioned diagnostics when
/// it refuses ("never silent", "a one-line positioned error").
enum GeneratedRules {
    static func check(_ output: Generator.Output) {
        if output.files.isEmpty { FuzzFinding.report("the generator succeeded with no file") }
        for diagnostic in output.diagnostics where diagnostic.message.isEmpty {
            FuzzFinding.report("a diagnostic with no message: \(diagnostic)")
        }
    }

    static func check(_ error: GeneratorError) {
        if error.diagnostics.isEmpty { FuzzFinding.report("a refusal with no diagnostic: \(error)") }
        for diagnostic in error.diagnostics where diagnostic.message.isEmpty {
            FuzzFinding.report("a diagnostic with no message: \(diagnostic)")
        }
    }
}
