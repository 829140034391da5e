/// A literal value in generated code.
enum SwiftLiteral: Hashable, Sendable {
    case string(String)
    /// An integer as the document writes it.
    case integer(String)
    case double(Double)
    case bool(Bool)
    case `nil`
}

/// An expression in generated code.
indirect enum SwiftExpr: Sendable {
    /// A variable, parameter or member of `self` by name: `value`, `request`, `self`.
    case name(String)
    /// A type where a value is expected: `Components.Schemas.Pet` (in `Pet.self`, `Pet(from:)`).
    case type(SwiftType)
    /// `base.name`
    case member(SwiftExpr, String)
    /// `base?.name`
    case optionalMember(SwiftExpr, String)
    /// `.name`, the type taken from context.
    case implicitMember(String)
    /// `function(arguments)`
    case call(SwiftExpr, [SwiftArgument])
    /// `function(arguments) { parameters in body }`
    case trailingClosure(SwiftExpr, [SwiftArgument], SwiftClosure)
    case literal(SwiftLiteral)
    /// A string literal with values interpolated: `"/items/\(p0)"`.
    case interpolated([SwiftInterpolation])
    /// `[a, b]`
    case array([SwiftExpr])
    /// `[k: v]`, or `[:]` when empty.
    case dictionary([(key: SwiftExpr, value: SwiftExpr)])
    /// `(a, b)`
    case tuple([SwiftExpr])
    /// `try e`, `try? e`
    case `try`(SwiftExpr, optional: Bool)
    /// `await e`
    case await(SwiftExpr)
    /// `&e`
    case addressOf(SwiftExpr)
    /// `e!`
    case forceUnwrap(SwiftExpr)
    /// `base[index]`
    case `subscript`(SwiftExpr, SwiftExpr)
    case binary(SwiftExpr, SwiftOperator, SwiftExpr)
    /// `{ body }` using `$0`, or `{ a, b in body }`.
    case closure(SwiftClosure)

    /// `e.self`
    static func metatype(_ type: SwiftType) -> SwiftExpr { .member(.type(type), "self") }

    static func string(_ text: String) -> SwiftExpr { .literal(.string(text)) }

    /// `.init()`: a value made with its type's initializer of no arguments.
    static let initialized = SwiftExpr.call(.implicitMember("init"), [])

    static func bool(_ value: Bool) -> SwiftExpr { .literal(.bool(value)) }
    static func integer(_ value: Int) -> SwiftExpr { .literal(.integer(String(value))) }

    /// `self.name`
    func dot(_ name: String) -> SwiftExpr { .member(self, name) }
    /// This expression called with `arguments`.
    func call(_ arguments: SwiftArgument...) -> SwiftExpr { .call(self, arguments) }
    func call(_ arguments: [SwiftArgument]) -> SwiftExpr { .call(self, arguments) }
    /// `self!`
    var forceUnwrapped: SwiftExpr { .forceUnwrap(self) }
    /// `try self`
    var tried: SwiftExpr { .try(self, optional: false) }
    /// `try await self`
    var triedAwaiting: SwiftExpr { .try(.await(self), optional: false) }
}

/// An argument of a call, with its label when it has one.
struct SwiftArgument: Sendable {
    var label: String?
    var value: SwiftExpr

    init(_ value: SwiftExpr) {
        self.label = nil
        self.value = value
    }

    init(_ label: String, _ value: SwiftExpr) {
        self.label = label
        self.value = value
    }
}

/// A closure: its parameter names (none: it uses `$0`) and statements.
struct SwiftClosure: Sendable {
    var parameters: [String] = []
    var body: [SwiftStatement]
}

/// A part of an interpolated string literal.
enum SwiftInterpolation: Sendable {
    case text(String)
    case value(SwiftExpr)
}

enum SwiftOperator: Sendable {
    /// `==`
    case equal
    /// `&&`
    case and
    /// `||`
    case or
    /// `??`
    case nilCoalescing
    /// `...`
    case closedRange
}

/// A statement in generated code.
indirect enum SwiftStatement: Sendable {
    case expression(SwiftExpr)
    /// `let name: Type = value` or `var ...`; the type or the value may be left out.
    case binding(constant: Bool, name: SwiftBindingName, type: SwiftType?, value: SwiftExpr?)
    /// `target = value`
    case assign(SwiftExpr, SwiftExpr)
    case `return`(SwiftExpr?)
    case `throw`(SwiftExpr)
    case `switch`(SwiftExpr, [SwiftSwitchCase])
    case `if`(SwiftIf)
    /// `do { body } catch { handler }`, on one line.
    case doCatch([SwiftStatement], catch: [SwiftStatement])
    case `break`
}

/// The name a binding introduces: one name, or a tuple of names (`let (a, b) = ...`).
enum SwiftBindingName: Sendable {
    case single(String)
    case tuple([String])
}

/// A case of a `switch`, written on one line with its statement.
struct SwiftSwitchCase: Sendable {
    /// The patterns; none for `default`.
    var patterns: [SwiftPattern]
    var body: [SwiftStatement]
}

/// A pattern in a `switch` case or an `if case`.
indirect enum SwiftPattern: Sendable {
    /// A value or a range to compare with: `200`, `200...299`, `"cat"`.
    case value(SwiftExpr)
    /// `.name` or `.name(let a, _)`: an enum case, binding its associated values (nil: `_`).
    case enumCase(String, bindings: [String?]?)
    /// `.some(pattern)`
    case some(SwiftPattern)
    /// `.none`
    case none
}

/// An `if` with its `else if` branches and an `else`.
struct SwiftIf: Sendable {
    enum Condition: Sendable {
        case expression(SwiftExpr)
        /// `case pattern = value`
        case matches(SwiftPattern, SwiftExpr)
        /// `let name = value`
        case unwraps(String, SwiftExpr)
    }

    var branches: [(condition: Condition, body: [SwiftStatement])]
    /// The `else` statements; an `else` holding one `if` is written `} else` with the `if` on the
    /// next line.
    var elseBody: [SwiftStatement]?
    /// One line (`if case .a(let x) = self { return x }`): only for a single branch of one statement.
    var inline = false
}
