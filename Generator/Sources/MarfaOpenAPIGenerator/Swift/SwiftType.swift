/// A type's name by its path of nested names: `Swift.String` is `["Swift", "String"]`.
struct TypeName: Hashable, Sendable {
    var path: [String]

    init(_ path: String...) { self.path = path }
    init(path: [String]) { self.path = path }

    /// The type named `name` inside this one.
    func nested(_ name: String) -> TypeName { TypeName(path: path + [name]) }

    /// The innermost name.
    var name: String { path.last ?? "" }
}

/// A Swift type as generated code names it.
indirect enum SwiftType: Hashable, Sendable {
    /// A type by name: `Swift.String`, `Components.Schemas.Pet`.
    case named(TypeName)
    /// `T?`
    case optional(SwiftType)
    /// `[T]`
    case array(SwiftType)
    /// `[K: V]`
    case dictionary(SwiftType, SwiftType)
    /// A generic type with its arguments: `MarfaOpenAPIRuntime.Nullable<T>`.
    case generic(TypeName, [SwiftType])
    /// `any P`
    case existential(SwiftType)
    /// `(A, B)`
    case tuple([SwiftType])

    /// The type without one level of optionality.
    var unwrapped: SwiftType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type's name when it names one directly (not a list, map or optional of it).
    var typeName: TypeName? {
        if case .named(let name) = self { return name }
        return nil
    }

    /// Every name the type holds: its own, its elements', values', arguments'.
    var names: [TypeName] {
        switch self {
        case .named(let named): [named]
        case .optional(let wrapped), .array(let wrapped), .existential(let wrapped): wrapped.names
        case .dictionary(let key, let value): key.names + value.names
        case .generic(let generic, let arguments): [generic] + arguments.flatMap(\.names)
        case .tuple(let members): members.flatMap(\.names)
        }
    }

    /// `T?`, unless the type is already optional.
    var optionalized: SwiftType { isOptional ? self : .optional(self) }
}

extension SwiftType {
    /// A type of the Swift standard library.
    static func swift(_ name: String) -> SwiftType { .named(TypeName("Swift", name)) }
    /// A type of Foundation.
    static func foundation(_ name: String) -> SwiftType { .named(TypeName("Foundation", name)) }
    /// A type of the runtime generated code uses.
    static func runtime(_ name: String) -> SwiftType { .named(TypeName("MarfaOpenAPIRuntime", name)) }

    static let string = swift("String")
    static let int = swift("Int")
    static let bool = swift("Bool")
    static let double = swift("Double")
    static let openAPIValue = runtime("OpenAPIValue")
    static let objectContainer = runtime("OpenAPIObjectContainer")
    static let httpBody = runtime("HTTPBody")
    /// `Self`
    static let `self` = SwiftType.named(TypeName("Self"))

    /// `MarfaOpenAPIRuntime.Nullable<T>`: absent, `null`, or a value.
    static func nullable(_ wrapped: SwiftType) -> SwiftType {
        .generic(TypeName("MarfaOpenAPIRuntime", "Nullable"), [wrapped])
    }
    /// `MarfaOpenAPIRuntime.Box<T>`: a value stored out of line, to break a recursive layout.
    static func box(_ wrapped: SwiftType) -> SwiftType { .generic(TypeName("MarfaOpenAPIRuntime", "Box"), [wrapped]) }
    /// `[Swift.String: T]`
    static func stringDictionary(_ value: SwiftType) -> SwiftType { .dictionary(.string, value) }
}
