/// Reads YAML 1.1/1.2 and JSON text into `Node` trees, with libyaml's event parser.
///
/// - Every node and mapping key carries its 1-based line and column (columns count Unicode
///   characters). A node's position is where it starts, including its anchor or tag if any.
/// - Aliases become copies of their anchored node, positions included. An alias to an anchor
///   not yet seen, or to a node that contains the alias, is an error at the alias.
/// - A plain `<<` key merges a mapping, or a sequence of mappings, into the mapping that holds it:
///   keys written in the mapping win, and earlier mappings in a merge sequence win over later ones.
///   Merged entries take the place of the `<<` key. A quoted `"<<"` is an ordinary key.
/// - Mapping keys must be scalars. A duplicate key keeps its first place in the order but takes
///   the last value and key position; each duplicate is reported as a `LoadWarning`.
/// - A file must hold exactly one document: no document (or an empty one) is an error, and so is
///   a second document, at the `---` or content that starts it.
/// - JSON is read as flow YAML, so every JSON text loads (JSON strings are quoted scalars).
/// - `LoadLimits` bounds alias expansion and nesting depth.
public enum YAMLLoader: Sendable {
    /// Parses `bytes` (UTF-8, or UTF-16 with a byte order mark) as one document, reporting
    /// positions against `file`.
    public static func parse(_ bytes: [UInt8], file: String, limits: LoadLimits = .default) throws(LoadError) -> Node {
        try parseDocument(bytes, file: file, limits: limits).root
    }

    /// Parses a string as one document, reporting positions against `file`.
    public static func parse(_ text: String, file: String, limits: LoadLimits = .default) throws(LoadError) -> Node {
        try parseDocument(Array(text.utf8), file: file, limits: limits).root
    }

    /// Reads and parses the file at `path`; positions name the file by `path` as given.
    /// A file that cannot be read is an error at `path:1:1` saying why.
    public static func load(path: String, limits: LoadLimits = .default) throws(LoadError) -> Node {
        try loadDocument(path: path, limits: limits).root
    }

    /// Like `parse`, also returning the warnings (duplicate keys). Text that is not UTF-8 (nor
    /// UTF-16 with a byte order mark) and has no character of several bytes in UTF-8 is read as
    /// Windows-1252, with a warning where libyaml found it was not UTF-8.
    public static func parseDocument(
        _ bytes: [UInt8], file: String, limits: LoadLimits = .default
    ) throws(LoadError) -> LoadedDocument {
        do {
            return try EventParser.parse(bytes, file: file, limits: limits)
        } catch  where error.message.contains("UTF-8") && WindowsLatinText.mightBe(bytes) {
            let read = try EventParser.parse(WindowsLatinText.utf8(from: bytes), file: file, limits: limits)
            let warning = LoadWarning("The file is not UTF-8; it is read as Windows-1252.", at: error.location)
            return LoadedDocument(root: read.root, warnings: [warning] + read.warnings)
        }
    }

    /// Like `load`, also returning the warnings (duplicate keys).
    public static func loadDocument(path: String, limits: LoadLimits = .default) throws(LoadError) -> LoadedDocument {
        let bytes: [UInt8]
        switch FileBytes.read(path: path) {
        case .success(let read): bytes = read
        case .failure(let failure):
            throw LoadError(
                "cannot read \(quoted(path, limit: 400)): \(failure.reason)",
                at: SourceLocation(file: path, line: 1, column: 1), kind: .unreadable)
        }
        return try parseDocument(bytes, file: path, limits: limits)
    }
}
