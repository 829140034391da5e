import MarfaYAML

/// `marfa-openapi parse-floor FILE`, left out of the help: libyaml's event parse of the file and
/// nothing more, the floor `make bench-generator` times beside a full `generate` of the same file.
enum ParseFloorCommand {
    /// Parses the file named by `arguments` (exactly one) and prints how many events libyaml gave.
    static func run(
        _ arguments: ArraySlice<String>, standardError: (String) -> Void, standardOutput: (String) -> Void
    ) -> Int32 {
        guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("-") else {
            standardError("error: usage: marfa-openapi parse-floor FILE")
            return 64
        }
        switch ParseFloor.eventCount(path: path) {
        case .success(let events):
            standardOutput("\(events) events")
            return 0
        case .failure(let error):
            standardError(error.description)
            return 1
        }
    }
}
