import MarfaYAML

/// Something the generator has to say about the document: a warning (it generated something, but
/// not all the document asked for) or an error (the document is wrong). An error refuses the
/// document unless it is `recoverable`: the generator put something sensible in place of what is
/// wrong (a free-form value for a `$ref` to a schema that does not exist) and goes on, unless the
/// configuration's `fatalErrors` (`--fatal-errors`) makes those refuse too. Always positioned when
/// the cause has a place.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible, Comparable {
    public enum Severity: String, Sendable, Hashable {
        case note, warning, error
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    /// An error the generator worked around; it refuses the document only under `fatalErrors`.
    public var recoverable = false

    public init(_ severity: Severity, _ message: String, at location: SourceLocation?, recoverable: Bool = false) {
        self.severity = severity
        self.message = message
        self.location = location
        self.recoverable = recoverable
    }

    /// Whether this diagnostic refuses the document: an error that is not recoverable, or any
    /// error when `fatalErrors` is set.
    public func refuses(fatalErrors: Bool) -> Bool {
        severity == .error && (fatalErrors || !recoverable)
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

extension Diagnostic {
    /// A document-loading failure as an error at its place, with what to do about it when the
    /// failure is a rule rather than a broken document. Every load failure becomes a diagnostic here.
    public init(_ error: LoadError) {
        var message = error.message
        switch error.kind {
        case .outsideAllowedFolders:
            message +=
                "; to let the generator read it, add its folder to allowedFolders in the generator configuration"
                + " (relative to the configuration file) or pass --allow-folder"
        case .remote:
            message += "; save the file beside the document and refer to it by a relative path"
        case .malformed, .unreadable, .unresolvable:
            break
        }
        self.init(.error, message, at: error.location)
    }

    /// A loading warning (such as a duplicate key) as a warning at its place.
    public init(_ warning: LoadWarning) {
        self.init(.warning, warning.message, at: warning.location)
    }
}

/// The generator refused the document or its configuration; `diagnostics` hold at least one error.
public struct GeneratorError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public init(_ message: String, at location: SourceLocation?) {
        self.diagnostics = [Diagnostic(.error, message, at: location)]
    }

    /// The refusal of a document or configuration that could not be loaded.
    public init(_ error: LoadError) {
        self.diagnostics = [Diagnostic(error)]
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
    /// An error the generator worked around (`Diagnostic.recoverable`): the document still generates.
    func workedAround(_ message: String, at location: SourceLocation?) {
        add(Diagnostic(.error, message, at: location, recoverable: true))
    }

    /// A `$ref` that could not be followed, worked around as `consequence` says.
    func workedAround(_ error: LoadError, _ consequence: String) {
        var diagnostic = Diagnostic(error)
        diagnostic.message += "; " + consequence
        diagnostic.recoverable = true
        add(diagnostic)
    }

    /// A `$ref` that could not be followed, or another load failure met while reading.
    func error(_ error: LoadError) { add(Diagnostic(error)) }

    /// The warnings of every file `documents` has loaded so far (each reported once).
    func warnings(of documents: DocumentSet) {
        for warning in documents.warnings { add(Diagnostic(warning)) }
    }

    func add(_ diagnostic: Diagnostic) {
        if seen.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Whether any diagnostic refuses the document (`Diagnostic.refuses(fatalErrors:)`).
    func refuses(fatalErrors: Bool) -> Bool { diagnostics.contains { $0.refuses(fatalErrors: fatalErrors) } }
}
