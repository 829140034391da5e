import MarfaYAML

/// Something the generator has to say about the document: a warning (it generated something, but
/// not all the document asked for) or an error (it refused). Always positioned when the cause has a place.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible, Comparable {
    public enum Severity: String, Sendable, Hashable {
        case note, warning, error
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation?

    public init(_ severity: Severity, _ message: String, at location: SourceLocation?) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `file:line:column: severity: message`, on one line.
    public var description: String {
        let place = location.map { "\($0): " } ?? ""
        return "\(place)\(severity.rawValue): \(message)"
    }

    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        switch (a.location, b.location) {
        case let (x?, y?) where x != y: x < y
        case (nil, _?): true
        case (_?, nil): false
        default: a.message < b.message
        }
    }
}

/// The generator refused the document or its configuration; `diagnostics` hold at least one error.
public struct GeneratorError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public init(_ message: String, at location: SourceLocation?) {
        self.diagnostics = [Diagnostic(.error, message, at: location)]
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Collects diagnostics while the generator works. One per generation; not shared across threads.
final class DiagnosticLog {
    private(set) var diagnostics: [Diagnostic] = []
    private var seen: Set<Diagnostic> = []

    func warning(_ message: String, at location: SourceLocation?) { add(Diagnostic(.warning, message, at: location)) }
    func error(_ message: String, at location: SourceLocation?) { add(Diagnostic(.error, message, at: location)) }
    func note(_ message: String, at location: SourceLocation?) { add(Diagnostic(.note, message, at: location)) }

    func add(_ diagnostic: Diagnostic) {
        if seen.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
