/// A type the document declares, before it is written as Swift: a struct, an enum, a type alias, or
/// a namespace holding others. `DeclEmitter` turns it into the Swift representation.
final class Decl {
    struct Property {
        /// `requiredNullable`: the key is always written, with `null` for nil.
        enum Presence {
            case required, requiredNullable, optional, nullableOptional
            case defaulted(SwiftExpr)
        }
        var swiftName: String
        var jsonName: String
        var type: SwiftType
        var presence: Presence
        var doc: [String]
        /// The type the property names directly (not through a list or map), to find recursion.
        var targetName: TypeName?
        var boxed = false
        var deprecated = false
        /// The value is coded through `RFC3339Coding` (it holds date-times).
        var rfc3339 = false

        /// The Swift type of the property as users see it.
        var declaredType: SwiftType {
            switch presence {
            case .required, .defaulted: type
            case .optional, .requiredNullable: .optional(type)
            case .nullableOptional: .optional(.nullable(type))
            }
        }
    }

    struct Structure {
        var properties: [Property]
        /// The value type of `additionalProperties`, when the object keeps unnamed members.
        var additional: SwiftType?
        /// The unnamed members hold date-times, coded through `RFC3339Coding`.
        var additionalRFC3339 = false
        /// `additionalProperties: false`: unnamed members are refused when decoding.
        var closed = false
        /// The allOf fallback: every value decodes from the whole object.
        var composed = false
    }

    struct RawEnum {
        var rawType: SwiftType
        var cases: [(name: String, literal: SwiftLiteral)]
    }

    struct Choice {
        struct Case {
            var name: String
            var type: SwiftType
            var discriminatorValues: [String]
            var targetName: TypeName?
            /// The value is coded through `RFC3339Coding` (it holds date-times).
            var rfc3339 = false
        }
        var cases: [Case]
        var discriminator: String?
        /// `anyOf`: a struct of optional values rather than an enum.
        var isAnyOf = false
        var indirect = false
    }

    enum Kind {
        case structure(Structure)
        case rawEnum(RawEnum)
        case choice(Choice)
        case alias(SwiftType)
        case namespace
        /// Declared by the operation builder as it is written; its children follow its members.
        case declared(SwiftTypeDecl)
    }

    var name: String
    var qualifiedName: TypeName
    var doc: [String]
    var kind: Kind
    var children: [Decl] = []
    var childNames = NameScope(reserved: ["CodingKeys"])

    init(name: String, qualifiedName: TypeName, doc: [String] = [], kind: Kind) {
        self.name = name
        self.qualifiedName = qualifiedName
        self.doc = doc
        self.kind = kind
    }

    /// The declaration as a type where it is used.
    var type: SwiftType { .named(qualifiedName) }

    /// Adds a nested declaration under a name unique in this one.
    func nest(_ suggested: String, doc: [String] = [], kind: Kind) -> Decl {
        let name = childNames.claim(suggested)
        let child = Decl(name: name, qualifiedName: qualifiedName.nested(name), doc: doc, kind: kind)
        children.append(child)
        return child
    }
}

/// Documentation lines for a description, summary or title.
enum Doc {
    /// The first non-empty text's lines, trailing spaces, tabs and carriage returns trimmed, and
    /// empty lines at either end dropped.
    static func lines(_ texts: String?...) -> [String] {
        for case var text? in texts where !text.isEmpty {
            // Without a carriage return, each `\n` byte is a line break of its own (only `\r\n` joins
            // one into a larger character), so the text is split over its UTF-8 bytes, in one pass.
            if let lines = text.withUTF8(byteLines) { return lines }
            return characterLines(text).map(\.trimmingTrailingSpaces).trimmingEmptyEdges
        }
        return []
    }

    /// The lines of `text` split at every break Swift ends a comment at: `\r\n` (one character),
    /// a lone `\r` and a lone `\n`. Text written on Windows (C# XML comments through Swashbuckle)
    /// breaks its lines with `\r\n`, which a split at the character `\n` alone never finds.
    static func characterLines(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            .map(String.init)
    }

    /// The trimmed lines of UTF-8 text split at each `\n`, empty ones at either end dropped; nil
    /// when the text holds a carriage return (split by characters instead).
    private static func byteLines(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var lines: [String] = []
        var start = 0
        for index in 0..<bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\r"): return nil
            case UInt8(ascii: "\n"):
                lines.append(trimmedLine(UnsafeBufferPointer(rebasing: bytes[start..<index])))
                start = index + 1
            default: break
            }
        }
        lines.append(trimmedLine(UnsafeBufferPointer(rebasing: bytes[start...])))
        return lines.trimmingEmptyEdges
    }

    /// One line with trailing spaces and tabs trimmed byte by byte; when the byte before them is not
    /// ASCII (a space can join the character before it), the line is trimmed by characters instead.
    private static func trimmedLine(_ line: UnsafeBufferPointer<UInt8>) -> String {
        var end = line.count
        while end > 0, line[end - 1] == UInt8(ascii: " ") || line[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        if end < line.count, end > 0, line[end - 1] >= 0x80 {
            return String(decoding: line, as: UTF8.self).trimmingTrailingSpaces
        }
        return String(decoding: UnsafeBufferPointer(rebasing: line[..<end]), as: UTF8.self)
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " || text.last == "\t" || text.last == "\r" { text.removeLast() }
        return text
    }
}

extension Array where Element == String {
    var trimmingEmptyEdges: [String] {
        var lines = self
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
