/// The `Accept` a call chooses: `Operations.<Id>.AcceptableContentType`, an enum of the content types
/// the operation's responses list (JSON first) and `other`, which `Input.Headers.accept` holds.
extension OperationBuilder {
    /// The member of `Input.Headers` that holds the chosen content types.
    static let acceptMember = "accept"

    /// The distinct media types the operation's responses list: JSON ones first, then the rest, each
    /// group in document order.
    static func acceptedMediaTypes(_ operation: APIOperation) -> [String] {
        var listed: [String] = []
        for mediaType in operation.responses.flatMap({ $0.contents.map(\.mediaType) }) where !listed.contains(mediaType)
        {
            listed.append(mediaType)
        }
        return listed.filter { kind($0) == .json } + listed.filter { kind($0) != .json }
    }

    /// `[AcceptHeaderContentType<type>]`, the type of `Input.Headers.accept`.
    static func acceptListType(_ type: TypeName) -> SwiftType {
        .array(.generic(TypeName("MarfaOpenAPIRuntime", "AcceptHeaderContentType"), [.named(type)]))
    }

    /// The `accept` field of `Input.Headers`, defaulting to every listed type.
    static func acceptField(_ type: TypeName) -> Field {
        Field(
            name: acceptMember, type: acceptListType(type),
            defaultValue: SwiftExpr.implicitMember("defaultValues").call(),
            doc: ["The content types the call asks for in `Accept`, in order; every listed one unless given."])
    }

    /// `AcceptableContentType`: a case per media type, `other` for any more, read from a media type's
    /// type and subtype without case, written as the document writes it.
    static func acceptableContentType(_ mediaTypes: [String], named qualified: TypeName) -> Decl {
        var names = NameScope(reserved: ["other"])
        let cases = mediaTypes.map { (name: names.claim(caseName(mediaType: $0)), mediaType: $0) }
        var read: [SwiftSwitchCase] = []
        var seen: Set<String> = []
        for entry in cases where seen.insert(essence(entry.mediaType)).inserted {
            read.append(
                SwiftSwitchCase(
                    patterns: [.value(.string(essence(entry.mediaType)))],
                    body: [.assign(.name("self"), .implicitMember(entry.name))]))
        }
        read.append(
            SwiftSwitchCase(
                patterns: [],
                body: [.assign(.name("self"), SwiftExpr.implicitMember("other").call(SwiftArgument(.name("rawValue"))))]
            ))
        let written =
            [SwiftSwitchCase(patterns: [.enumCase("other", bindings: ["text"])], body: [.return(.name("text"))])]
            + cases.map {
                SwiftSwitchCase(patterns: [.enumCase($0.name, bindings: nil)], body: [.return(.string($0.mediaType))])
            }
        var members: [SwiftDecl] = cases.map {
            .enumCase(SwiftEnumCase(name: $0.name, doc: ["`\($0.mediaType)`"]))
        }
        members.append(
            .enumCase(
                SwiftEnumCase(
                    name: "other", doc: ["A media type the responses do not list."], associatedValues: [(nil, .string)]
                )))
        members.append(
            .function(
                SwiftFunction(
                    kind: .initializer, doc: ["The case of a media type's `type/subtype`, compared without case."],
                    parameters: [SwiftParameter("rawValue", .string)],
                    body: [.switch(SwiftExpr.name("rawValue").dot("lowercased").call(), read)])))
        members.append(
            .property(
                SwiftProperty(
                    name: "rawValue", doc: ["The media type sent in `Accept`."], type: .string,
                    body: .computed([.switch(.name("self"), written)]))))
        members.append(
            .property(
                SwiftProperty(
                    name: "allCases", doc: ["The listed media types, JSON first."], isStatic: true,
                    type: .array(.self), body: .computed([.return(.array(cases.map { .implicitMember($0.name) }))]))))
        let type = SwiftTypeDecl(
            kind: .enum(indirect: false), name: TypeName("AcceptableContentType"),
            doc: ["The content types a call can ask for in `Accept`: those the operation's responses list."],
            attributes: [.frozen], conformances: [.runtime("AcceptableProtocol")], members: members)
        return Decl(name: "AcceptableContentType", qualifiedName: qualified, doc: type.doc, kind: .declared(type))
    }
}
