import FuzzSupport
import MarfaOpenAPIRuntime

/// What a complete head the parser answers must satisfy.
enum HeadRules {
    /// The status is a final code of a class, 100 to 599 (an interim 1xx other than 101 is never answered),
    /// and there are fewer fields than lines (the status line and the blank line hold none).
    static func check(status: Int, fields: HTTPFields, lines: Int) {
        guard (100...599).contains(status) else { FuzzFinding.report("status \(status) is outside 100...599") }
        if (100..<200).contains(status) && status != 101 {
            FuzzFinding.report("interim status \(status) answered as final")
        }
        guard fields.count <= max(0, lines - 2) else {
            FuzzFinding.report("\(fields.count) fields from \(lines) lines")
        }
        for field in fields where field.name.isEmpty { FuzzFinding.report("a field with an empty name") }
    }
}
