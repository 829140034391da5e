/// A Swift declaration the generator emits. Builders decide what to declare; `SwiftRenderer`
/// alone knows how each is spelled, and applies the configured access level.
indirect enum SwiftDecl {
    case type(SwiftTypeDecl)
    case alias(SwiftAlias)
    case property(SwiftProperty)
    case function(SwiftFunction)
    case enumCase(SwiftEnumCase)
    /// How a schema's type reads and writes itself: its coding keys, `init(from:)`, `encode(to:)`.
    case coding(CodingPlan)
}

/// Which access keyword a declaration carries.
enum SwiftAccess {
    /// The access level of the configuration (`public`, `package` or `internal`).
    case configured
    /// `private`
    case `private`
    /// None: the declaration takes its context's (protocol requirements, enum cases, helpers).
    case omitted
}

/// An attribute written before a declaration.
enum SwiftAttribute {
    /// `@available(*, deprecated)`
    case deprecated
    /// `@frozen`
    case frozen
}

/// A struct, enum, protocol or extension, and what it declares inside.
struct SwiftTypeDecl {
    enum Kind {
        case `struct`
        case `enum`(indirect: Bool)
        case `protocol`
        /// An extension of the type `name` names.
        case `extension`
    }

    var kind: Kind
    /// The declared name; for an extension, the extended type.
    var name: TypeName
    var doc: [String] = []
    var attributes: [SwiftAttribute] = []
    var access: SwiftAccess = .configured
    var conformances: [SwiftType] = []
    var members: [SwiftDecl] = []
    /// Declared only so that extensions elsewhere can fill it: written with `{}` on one line.
    var isPlaceholder = false

    static func namespace(_ name: String, doc: [String] = [], members: [SwiftDecl] = []) -> SwiftTypeDecl {
        SwiftTypeDecl(kind: .enum(indirect: false), name: TypeName(name), doc: doc, members: members)
    }

    static func `extension`(_ name: TypeName, members: [SwiftDecl]) -> SwiftTypeDecl {
        SwiftTypeDecl(kind: .extension, name: name, access: .omitted, members: members)
    }
}

/// `typealias Name = Type`
struct SwiftAlias {
    var name: String
    var doc: [String] = []
    var type: SwiftType
}

/// A `var` or `let`, stored or computed, instance or static.
struct SwiftProperty {
    enum Body {
        /// Stored, with an initial value when there is one.
        case stored(SwiftExpr?)
        /// A getter: `var x: T { ... }`.
        case computed([SwiftStatement])
        /// A throwing getter: `var x: T { get throws { ... } }`.
        case throwingGetter([SwiftStatement])
        /// Stored out of line in a `MarfaOpenAPIRuntime.Box` named `_name`, behind a getter and a
        /// setter (on one line when `compact`), so a type can hold itself.
        case boxed(storage: String, compact: Bool)
        /// Stored in a property named `_name`, behind a getter and a setter: a deprecated property
        /// whose own initializer and coding use the storage, so they raise no warning. The storage is
        /// private unless `exposed`, when it has the configured access (generated code in another
        /// module, such as a client's requests, reads a deprecated parameter through it).
        case forwarded(storage: String, exposed: Bool)
    }

    var name: String
    var doc: [String] = []
    var attributes: [SwiftAttribute] = []
    var access: SwiftAccess = .configured
    var isStatic = false
    var isConstant = false
    var type: SwiftType
    var body: Body = .stored(nil)
}

/// A parameter of a function or initializer.
struct SwiftParameter {
    enum Label {
        /// The argument is labeled with the parameter's name.
        case name
        /// The argument has no label.
        case none
        /// The argument's label differs from the parameter's name.
        case custom(String)
    }

    var label: Label
    var name: String
    var type: SwiftType
    var defaultValue: SwiftExpr?

    init(_ name: String, _ type: SwiftType, label: Label = .name, default defaultValue: SwiftExpr? = nil) {
        self.label = label
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}

/// A function, or an initializer when it has no name.
struct SwiftFunction {
    enum Kind {
        case function(String)
        case initializer
    }

    var kind: Kind
    var doc: [String] = []
    var attributes: [SwiftAttribute] = []
    var access: SwiftAccess = .configured
    var isStatic = false
    var parameters: [SwiftParameter] = []
    var isAsync = false
    var isThrowing = false
    var returnType: SwiftType?
    /// Nil for a requirement of a protocol (no body).
    var body: [SwiftStatement]?
}

/// A case of an enum: `case name`, `case name = "raw"` or `case name(Type, label: Type)`.
struct SwiftEnumCase {
    var name: String
    var doc: [String] = []
    var rawValue: SwiftLiteral?
    var associatedValues: [(label: String?, type: SwiftType)] = []
}
