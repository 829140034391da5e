import Foundation
import MarfaYAML

/// Writes a schema's `default` as a Swift expression of the type generated for the schema: literals
/// for scalars, lists and free-form values, enum cases, `.init(...)` for structs, a case for a union.
/// A value that does not fit the type, or that Swift cannot spell (raw binary `Data`), is refused with
/// the place and the reason, so the caller can keep the property optional and say why.
final class DefaultValueWriter {
    /// Why the last value was refused, and where in the value.
    struct Refusal {
        var message: String
        var location: SourceLocation
    }

    /// Every declaration by its qualified name, to follow the types a value is written as; indexed
    /// the first time a value names a declared type.
    private(set) lazy var declarations: [TypeName: Decl] = Self.index(roots)
    private let roots: [Decl]
    private(set) var refusal: Refusal?
    /// The optional members the last value's structs leave out, by their struct's name and index: their
    /// own defaults, if any, are evaluated whenever the value is made.
    private(set) var omitted: [(type: TypeName, property: Int)] = []
    /// Work left before a value is given up as too large (unions try each branch).
    private var budget = 0
    /// Where the last value was read in another spelling than its own, and how: a boolean or a
    /// number written as text (`"true"`, read as the value it spells), or written for text
    /// (`default: true` on a string, read as its text). The caller notes each.
    private var respelled: [(location: SourceLocation, note: String)] = []
    /// How many unions the value being written is inside: there, text stays text (a union of an
    /// integer and a string takes `"5"` as the string).
    private var unionDepth = 0

    /// A writer of values of the types declared in `roots` and the declarations they hold.
    init(roots: [Decl]) {
        self.roots = roots
    }

    /// A note at each part of the last value that was read in another spelling than its own.
    func noteValuesReadFromText(in log: DiagnosticLog) {
        for (location, note) in respelled { log.note(note, at: location) }
    }

    /// Each declaration under `roots`, by its qualified name (the last in tree order, for a name used twice).
    private static func index(_ roots: [Decl]) -> [TypeName: Decl] {
        var declarations: [TypeName: Decl] = [:]
        func index(_ decl: Decl) {
            declarations[decl.qualifiedName] = decl
            decl.children.forEach(index)
        }
        roots.forEach(index)
        return declarations
    }

    /// `value` as an expression of `type`, or nil with `refusal` set.
    func expression(_ value: Node, as type: SwiftType) -> SwiftExpr? {
        refusal = nil
        omitted = []
        respelled = []
        unionDepth = 0
        budget = 10_000
        return write(value, as: type, depth: 0)
    }

    // MARK: Types

    private func write(_ value: Node, as type: SwiftType, depth: Int) -> SwiftExpr? {
        budget -= 1
        guard depth < 48, budget > 0 else { return refuse("it is nested too deeply to be written", at: value) }
        switch type {
        case .optional(let wrapped):
            return value.isNull ? .literal(.nil) : write(value, as: wrapped, depth: depth + 1)
        case .array(let elementType):
            guard let elements = value.elements else { return misfit("a list", value) }
            var written: [SwiftExpr] = []
            for element in elements {
                guard let expr = write(element, as: elementType, depth: depth + 1) else { return nil }
                written.append(expr)
            }
            return .array(written)
        case .dictionary(_, let valueType):
            return dictionary(value, of: valueType, depth: depth)
        case .generic(let name, let arguments)
        where name == TypeName("MarfaOpenAPIRuntime", "Nullable") && arguments.count == 1:
            if value.isNull { return .implicitMember("null") }
            return write(value, as: arguments[0], depth: depth + 1).map {
                .call(.implicitMember("value"), [SwiftArgument($0)])
            }
        case .named(let name):
            return named(value, name, depth: depth)
        default:
            return refuse("a value of this type cannot be written in Swift", at: value)
        }
    }

    private func dictionary(_ value: Node, of valueType: SwiftType, depth: Int) -> SwiftExpr? {
        guard let entries = value.entries else { return misfit("an object", value) }
        var pairs: [(key: SwiftExpr, value: SwiftExpr)] = []
        for entry in entries {
            guard let expr = write(entry.value, as: valueType, depth: depth + 1) else { return nil }
            pairs.append((.string(entry.key), expr))
        }
        return .dictionary(pairs)
    }

    private func named(_ value: Node, _ name: TypeName, depth: Int) -> SwiftExpr? {
        switch SwiftType.named(name) {
        case .string: return (text(value) ?? textOfValue(value)).map { .literal(.string($0)) } ?? misfit("text", value)
        case .int, .swift("Int64"): return integer(value, in: Int.min...Int.max)
        case .swift("Int32"): return integer(value, in: Int(Int32.min)...Int(Int32.max))
        case .double, .swift("Float"): return number(value)
        case .bool:
            let bool = value.bool ?? spelledInText(value) { ["true": true, "false": false][$0] }
            return bool.map { .literal(.bool($0)) } ?? misfit("true or false", value)
        case .openAPIValue: return freeForm(value, depth: depth)
        case .objectContainer: return value.entries == nil ? misfit("an object", value) : freeForm(value, depth: depth)
        case .foundation("Date"):
            guard let text = text(value), let seconds = DateTimeLiteral.seconds(text) else {
                return misfit("an RFC 3339 date-time", value)
            }
            return .call(
                .type(.foundation("Date")), [SwiftArgument("timeIntervalSince1970", .literal(.double(seconds)))])
        case .runtime("CalendarDate"):
            guard let text = text(value), let (year, month, day) = DateTimeLiteral.calendarDay(text) else {
                return misfit("a date such as 2024-05-31", value)
            }
            return .call(
                .type(.runtime("CalendarDate")),
                [
                    SwiftArgument("year", .integer(year)), SwiftArgument("month", .integer(month)),
                    SwiftArgument("day", .integer(day)),
                ])
        case .runtime("Base64EncodedData"):
            guard let text = text(value), let data = Data(base64Encoded: text) else {
                return misfit("base64 text", value)
            }
            let bytes = SwiftExpr.call(
                .type(.array(.swift("UInt8"))), [SwiftArgument(.array(data.map { .integer(Int($0)) }))])
            return .call(.type(.runtime("Base64EncodedData")), [SwiftArgument(bytes)])
        case .foundation("Data"):
            return refuse("a \(name.name) cannot be written as a Swift literal", at: value)
        default: break
        }
        guard let decl = declarations[name] else { return refuse("its type is not known here", at: value) }
        switch decl.kind {
        case .alias(let target): return write(value, as: target, depth: depth + 1)
        case .rawEnum(let raw): return enumCase(value, raw)
        case .structure(let structure): return self.structure(value, structure, of: name, depth: depth)
        case .choice(let choice):
            return choice.isAnyOf ? anyOf(value, choice, depth: depth) : oneOf(value, choice, of: name, depth: depth)
        case .namespace, .declared: return refuse("its type is not a value type", at: value)
        }
    }

    // MARK: Scalars

    /// The text of a string: a quoted scalar, or a plain one that is not a number, a boolean or null.
    func text(_ value: Node) -> String? {
        guard let scalar = value.scalar, !value.isNull else { return nil }
        guard scalar.isResolvable else { return scalar.text }
        return value.double == nil && value.bool == nil ? scalar.text : nil
    }

    /// The text a plain boolean or number is written with (`true`, `0.5`), noted in `respelled`;
    /// nil for anything else, and inside a union (where a branch may take the value itself).
    private func textOfValue(_ value: Node) -> String? {
        guard unionDepth == 0, let scalar = value.scalar, scalar.isResolvable, value.bool != nil || value.double != nil
        else { return nil }
        respelled.append(
            (value.location, "This default is a boolean or a number where its schema is text; its text is used."))
        return scalar.text
    }

    /// The value `read` finds in the text of a quoted scalar, noted in `respelled`; nil for
    /// anything else.
    private func spelledInText<T>(_ value: Node, _ read: (String) -> T?) -> T? {
        guard unionDepth == 0, let scalar = value.scalar, !scalar.isResolvable, Self.isJSONLiteral(scalar.text),
            let found = read(scalar.text)
        else { return nil }
        respelled.append(
            (value.location, "This default is text that spells a value of its schema's type; the value is used."))
        return found
    }

    /// Whether `text` is made of what a JSON `true`, `false` or number is made of (its characters;
    /// the reading that follows checks the grammar).
    private static func isJSONLiteral(_ text: String) -> Bool {
        if text == "true" || text == "false" { return true }
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first) else { return false }
        return bytes.allSatisfy { (0x30...0x39).contains($0) || "-+.eE".utf8.contains($0) }
    }

    private func integer(_ value: Node, in range: ClosedRange<Int>) -> SwiftExpr? {
        let int = value.int ?? value.double.flatMap { Int(exactly: $0) } ?? spelledInText(value) { Int($0) }
        guard let int, range.contains(int) else {
            return misfit(
                value.int == nil ? "an integer" : "an integer from \(range.lowerBound) to \(range.upperBound)", value)
        }
        return .literal(.integer(String(int)))
    }

    private func number(_ value: Node) -> SwiftExpr? {
        let double = value.double ?? spelledInText(value) { Double($0) }
        guard let double, double.isFinite else { return misfit("a finite number", value) }
        return .literal(.double(double))
    }

    /// Any JSON value, as `OpenAPIValue` literals spell it.
    private func freeForm(_ value: Node, depth: Int) -> SwiftExpr? {
        if let elements = value.elements {
            var written: [SwiftExpr] = []
            for element in elements {
                guard let expr = freeForm(element, depth: depth + 1) else { return nil }
                written.append(expr)
            }
            return .array(written)
        }
        if value.entries != nil { return dictionary(value, of: .openAPIValue, depth: depth) }
        if value.isNull { return .literal(.nil) }
        if let text = text(value) { return .literal(.string(text)) }
        if let bool = value.bool { return .literal(.bool(bool)) }
        if let int = value.int { return .literal(.integer(String(int))) }
        return number(value)
    }

    // MARK: Declarations

    private func enumCase(_ value: Node, _ raw: Decl.RawEnum) -> SwiftExpr? {
        let isInteger = raw.rawType == .int
        let match = raw.cases.first { c in
            switch c.literal {
            case .string(let caseText): return !isInteger && text(value) == caseText
            case .integer(let caseText): return isInteger && value.int != nil && Int(caseText) == value.int
            default: return false
            }
        }
        guard let match else { return misfit("one of the enum's values", value) }
        return .implicitMember(match.name)
    }

    /// `.init(...)` with the object's members; a required member must be there, an unknown one is
    /// kept in `additionalProperties` (refused when the schema closes the object, else dropped as
    /// decoding drops it).
    private func structure(_ value: Node, _ s: Decl.Structure, of name: TypeName, depth: Int) -> SwiftExpr? {
        if s.composed {
            var arguments: [SwiftArgument] = []
            for p in s.properties {
                guard let expr = write(value, as: p.declaredType, depth: depth + 1) else { return nil }
                arguments.append(SwiftArgument(p.swiftName, expr))
            }
            return .call(.implicitMember("init"), arguments)
        }
        guard let entries = value.entries else { return misfit("an object", value) }
        var arguments: [SwiftArgument] = []
        for (index, p) in s.properties.enumerated() {
            guard let entry = entries.first(where: { $0.key == p.jsonName }) else {
                switch p.presence {
                case .required, .requiredNullable:
                    return refuse("the required member '\(p.jsonName)' is missing", at: value)
                case .optional, .nullableOptional, .defaulted:
                    omitted.append((name, index))
                    continue
                }
            }
            let type: SwiftType
            switch p.presence {
            case .required, .optional, .defaulted: type = p.type
            case .requiredNullable: type = .optional(p.type)
            case .nullableOptional: type = .nullable(p.type)
            }
            guard let expr = write(entry.value, as: type, depth: depth + 1) else { return nil }
            arguments.append(SwiftArgument(p.swiftName, expr))
        }
        let known = Set(s.properties.map(\.jsonName))
        let unknown = entries.filter { !known.contains($0.key) }
        if let additional = s.additional, !unknown.isEmpty {
            var pairs: [(key: SwiftExpr, value: SwiftExpr)] = []
            for entry in unknown {
                guard let expr = write(entry.value, as: additional, depth: depth + 1) else { return nil }
                pairs.append((.string(entry.key), expr))
            }
            arguments.append(SwiftArgument("additionalProperties", .dictionary(pairs)))
        } else if s.closed, let first = unknown.first {
            return refuse("the schema allows no member '\(first.key)'", at: first.value)
        }
        return .call(.implicitMember("init"), arguments)
    }

    /// The case the value selects: by the discriminator when there is one (a value it does not name
    /// is `unknown`), else the first branch the value fits, as decoding tries them.
    private func oneOf(_ value: Node, _ choice: Decl.Choice, of name: TypeName, depth: Int) -> SwiftExpr? {
        unionDepth += 1
        defer { unionDepth -= 1 }
        if let property = choice.discriminator {
            guard let tag = value[property].flatMap(text) else {
                return misfit("an object with the text member '\(property)'", value)
            }
            guard let match = choice.cases.first(where: { $0.discriminatorValues.contains(tag) }) else {
                return freeForm(value, depth: depth).map { .call(.implicitMember("unknown"), [SwiftArgument($0)]) }
            }
            return write(value, as: match.type, depth: depth + 1).map {
                .call(.implicitMember(match.name), [SwiftArgument($0)])
            }
        }
        for c in choice.cases where c.type.unwrapped.typeName != name {
            let kept = omitted.count
            if let expr = write(value, as: c.type, depth: depth + 1) {
                return .call(.implicitMember(c.name), [SwiftArgument(expr)])
            }
            omitted.removeSubrange(kept...)
        }
        return refuse("it fits none of the union's branches", at: value)
    }

    /// `.init(value1: ..., ...)` with every branch the value fits, as decoding keeps every one.
    private func anyOf(_ value: Node, _ choice: Decl.Choice, depth: Int) -> SwiftExpr? {
        unionDepth += 1
        defer { unionDepth -= 1 }
        var arguments: [SwiftArgument] = []
        for (index, c) in choice.cases.enumerated() {
            let kept = omitted.count
            if let expr = write(value, as: c.type.unwrapped, depth: depth + 1) {
                arguments.append(SwiftArgument("value\(index + 1)", expr))
            } else {
                omitted.removeSubrange(kept...)
            }
        }
        guard !arguments.isEmpty else { return refuse("it fits none of the union's branches", at: value) }
        return .call(.implicitMember("init"), arguments)
    }

    // MARK: Refusals

    private func misfit(_ expected: String, _ value: Node) -> SwiftExpr? {
        refuse("expected \(expected)", at: value)
    }

    private func refuse(_ reason: String, at value: Node) -> SwiftExpr? {
        refusal = Refusal(message: reason, location: value.location)
        return nil
    }
}
