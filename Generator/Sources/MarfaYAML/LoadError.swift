/// Why a document could not be loaded, and where.
///
/// `description` is one line in the compiler form `file:line:column: error: message`,
/// so editors and CI logs can jump to the spot.
public struct LoadError: Error, CustomStringConvertible, Sendable {
    /// Where the problem is; line and column count from 1.
    public var location: SourceLocation
    /// What is wrong, in plain words, on one line.
    public var message: String
    /// What kind of failure this is, so a caller can say what to do about it.
    public var kind: Kind

    /// The kinds of loading failure.
    public enum Kind: Sendable, Hashable {
        /// The text is not one document the loader accepts: bad syntax, a limit passed, an empty file.
        case malformed
        /// A file could not be read.
        case unreadable
        /// A `$ref` that is not a usable reference, or whose target is missing.
        case unresolvable
        /// A `$ref` to a URL: only local files are read.
        case remote
        /// A `$ref` to a file outside every folder the document may read (symbolic links followed).
        case outsideAllowedFolders
    }

    /// Creates an error; line breaks in `message` are replaced by spaces to keep it on one line.
    public init(_ message: String, at location: SourceLocation, kind: Kind = .malformed) {
        self.location = location
        self.message = oneLine(message)
        self.kind = kind
    }

    public var description: String {
        "\(location.file):\(location.line):\(location.column): error: \(message)"
    }
}

/// Something suspicious that did not stop loading, such as a duplicate mapping key.
///
/// `description` is one line: `file:line:column: warning: message`.
public struct LoadWarning: Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    /// Creates a warning; line breaks in `message` are replaced by spaces.
    public init(_ message: String, at location: SourceLocation) {
        self.location = location
        self.message = oneLine(message)
    }

    public var description: String {
        "\(location.file):\(location.line):\(location.column): warning: \(message)"
    }
}

/// `text` with every line break turned into a space.
func oneLine(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
    return String(text.map { $0.isNewline ? " " : $0 })
}

/// `text` in single quotes for a message: control characters escaped, long text cut short.
func quoted(_ text: String, limit: Int = 60) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit {
            out += "…"
            break
        }
        count += 1
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            out += "\\u{\(String(scalar.value, radix: 16))}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return "'\(out)'"
}
