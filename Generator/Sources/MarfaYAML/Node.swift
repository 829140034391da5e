/// A position in a source file; line and column count from 1.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form compilers and editors understand.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// One node of a loaded YAML or JSON document, with where it starts.
///
/// Aliases are resolved when loading: an alias is a copy of the node its anchor marks.
public struct Node: Sendable {
    /// A key and its value in a mapping, in document order.
    public struct Entry: Sendable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: Node
        public init(key: String, keyLocation: SourceLocation, value: Node) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    /// A scalar's text and how it was written.
    public struct Scalar: Sendable, Hashable {
        public var text: String
        /// True for a plain (unquoted) scalar, whose text may be a null, boolean or number.
        public var isPlain: Bool
        /// An explicit tag such as `tag:yaml.org,2002:str`, when the document gave one.
        public var tag: String?
        public init(text: String, isPlain: Bool, tag: String? = nil) {
            self.text = text
            self.isPlain = isPlain
            self.tag = tag
        }
    }

    public enum Kind: Sendable {
        case scalar(Scalar)
        case mapping([Entry])
        case sequence([Node])
    }

    public var kind: Kind
    public var location: SourceLocation

    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}
