/// What a fuzz target reports when an input breaks a rule the code under test promises (an error
/// where none may come, a 5xx, two readings of the same bytes that differ): it traps, so libFuzzer
/// keeps the input as a crash like any other.
package enum FuzzFinding {
    /// Stops the run with `message`, naming the rule broken.
    package static func report(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
        fatalError("fuzz finding: \(message)", file: file, line: line)
    }
}
