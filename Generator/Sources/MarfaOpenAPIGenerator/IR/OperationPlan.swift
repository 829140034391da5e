/// Everything the emitters need about one operation, its types already declared.
struct OperationPlan {
    struct Parameter {
        var name: String
        /// The property generated code reads (the storage of a deprecated parameter).
        var swiftName: String
        /// The initializer's argument label, and the property's name.
        var argumentName: String
        var location: APIParameter.Location
        var type: SwiftType
        var shape: TypeUsage.Shape
        var required: Bool
        var style: String
        var explode: Bool
        var allowReserved: Bool
        /// The value an optional parameter takes when it is left out (its schema's `default`).
        var defaultValue: SwiftExpr? = nil
    }

    enum ContentKind { case json, form, multipart, raw }

    struct Content {
        var caseName: String
        /// The media type as the document writes it, which requests and answers carry.
        var mediaType: String
        /// What a received `Content-Type` is matched against: the media type's essence, lowercased and
        /// without parameters, as the runtime reads the header (`application/json; charset=utf-8`
        /// matched as written never matched anything).
        var pattern: String
        var kind: ContentKind
        /// The Swift type of the case's value.
        var type: SwiftType
    }

    struct Header {
        var name: String
        var swiftName: String
        var type: SwiftType
        var shape: TypeUsage.Shape
        var required: Bool
        var explode: Bool
    }

    /// A response type declared once; others with the same shape are aliases of it.
    struct ResponseType {
        var qualifiedName: TypeName
        /// Declared in `components/responses` rather than for one operation.
        var isComponent: Bool
        /// The `Headers` struct the response's headers are read into: its own, or the one an
        /// earlier response with the same headers declared (its `Headers` is then an alias).
        var headersType: TypeName?
        var headers: [Header]
        var contents: [Content]
    }

    struct Response {
        var caseName: String
        /// `200`, `2XX` or `default`.
        var status: String
        var typeName: TypeName
        var isRange: Bool { status.hasSuffix("XX") }
        var isDefault: Bool { status == "default" }
    }

    var operation: APIOperation
    var typeName: String
    var qualifiedName: TypeName
    var methodName: String
    var parameters: [Parameter]
    var bodyRequired: Bool
    var bodyContents: [Content]
    var responses: [Response]
    /// `Operations.<Id>.AcceptableContentType`, for an operation whose responses list content types:
    /// `Input.Headers.accept` holds a list of it, sent as `Accept`.
    var accept: TypeName?

    var pathParameters: [Parameter] { parameters.filter { $0.location == .path } }
    var queryParameters: [Parameter] { parameters.filter { $0.location == .query } }
    var headerParameters: [Parameter] { parameters.filter { $0.location == .header } }
    var cookieParameters: [Parameter] { parameters.filter { $0.location == .cookie } }
    var hasBody: Bool { !bodyContents.isEmpty }

    /// The parameter groups of an `Input`, in initializer order: where the parameters are, the
    /// group's type name and the `Input` member that holds it.
    static let parameterGroups: [(location: APIParameter.Location, typeName: String, member: String)] = [
        (.path, "Path", "path"), (.query, "Query", "query"), (.header, "Headers", "headers"),
        (.cookie, "Cookies", "cookies"),
    ]

    /// The Input members present, in initializer order, and whether each can default to `.init()`.
    var inputGroups: [(member: String, type: SwiftType, defaultable: Bool)] {
        var groups: [(String, SwiftType, Bool)] = []
        for (location, type, member) in Self.parameterGroups {
            let members = parameters.filter { $0.location == location }
            if !members.isEmpty || (location == .header && accept != nil) {
                groups.append((member, .named(inputType.nested(type)), !members.contains { $0.required }))
            }
        }
        return groups
    }

    /// The plan with the parameters' defaults written by `OperationBuilder.writeParameterDefaults(with:)`.
    func withParameterDefaults(_ defaults: [TypeName: [Int: SwiftExpr]]) -> OperationPlan {
        guard let mine = defaults[qualifiedName] else { return self }
        var plan = self
        for (index, value) in mine { plan.parameters[index].defaultValue = value }
        return plan
    }

    /// `Operations.<Id>.Input`
    var inputType: TypeName { qualifiedName.nested("Input") }
    /// `Operations.<Id>.Output`
    var outputType: TypeName { qualifiedName.nested("Output") }
}
