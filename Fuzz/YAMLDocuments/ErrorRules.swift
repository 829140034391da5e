import FuzzSupport
import MarfaYAML

/// What a refusal must carry: a position in the file it names, and a message.
enum ErrorRules {
    static func check(_ error: LoadError, file: String) {
        if error.location.line < 1 || error.location.column < 1 {
            FuzzFinding.report("a load error at \(error.location): \(error)")
        }
        if "\(error)".isEmpty { FuzzFinding.report("a load error with no message at \(error.location)") }
    }
}
