import MarfaYAML

/// Declares `Components.SecuritySchemes` (each scheme, and `all` by name) and
/// `Operations.securityRequirements`, which `AuthenticationMiddleware` reads to add credentials.
struct SecurityEmitter {
    let log: DiagnosticLog

    func emit(_ schemes: [APISecurityScheme], _ plans: [OperationPlan], root: [String]) -> [SwiftDecl] {
        let schemeType = SwiftType.runtime("SecurityScheme")
        var names = NameScope(reserved: ["all"])
        var members: [SwiftDecl] = []
        var entries: [(key: SwiftExpr, value: SwiftExpr)] = []
        for scheme in schemes {
            guard let value = value(scheme) else { continue }
            let member = names.claim(Naming.memberName(scheme.name))
            members.append(
                .property(
                    SwiftProperty(
                        name: member, doc: Doc.lines(scheme.description), isStatic: true, isConstant: true,
                        type: schemeType, body: .stored(value))))
            entries.append((.string(scheme.name), .name(member)))
        }
        members.append(
            .property(
                SwiftProperty(
                    name: "all", doc: ["Every scheme by its name in the document."], isStatic: true, isConstant: true,
                    type: .stringDictionary(schemeType), body: .stored(.dictionary(entries)))))
        let securitySchemes = SwiftTypeDecl.namespace(
            "SecuritySchemes", doc: ["The document's security schemes."], members: members)

        warnOfUndefinedSchemes(in: plans, known: Set(schemes.map(\.name)))
        let requirements = plans.map { plan -> (key: SwiftExpr, value: SwiftExpr) in
            (.string(plan.operation.id), .array(plan.operation.security.map { .array($0.map(SwiftExpr.string)) }))
        }
        let table = SwiftProperty(
            name: "securityRequirements",
            doc: [
                "Each operation's security requirements by operation ID: alternatives, each the schemes it needs together."
            ],
            isStatic: true, isConstant: true, type: .stringDictionary(.array(.array(.string))),
            body: .stored(.dictionary(requirements)))
        return [
            .type(.extension(TypeName(path: root + ["Components"]), members: [.type(securitySchemes)])),
            .type(.extension(TypeName(path: root + ["Operations"]), members: [.property(table)])),
        ]
    }

    /// One warning per scheme the requirements name and the document does not define, at the first
    /// operation naming it, with how many do (a document-wide `security` names it in every one).
    private func warnOfUndefinedSchemes(in plans: [OperationPlan], known: Set<String>) {
        var uses: [(name: String, location: SourceLocation, count: Int)] = []
        for plan in plans {
            for name in Set(plan.operation.security.joined()) where !known.contains(name) {
                if let index = uses.firstIndex(where: { $0.name == name }) {
                    uses[index].count += 1
                } else {
                    uses.append((name, plan.operation.location, 1))
                }
            }
        }
        for use in uses.sorted(by: { ($0.location, $0.name) < ($1.location, $1.name) }) {
            let others = use.count > 1 ? " (\(use.count) operations name it)" : ""
            log.warning(
                "The security requirement names the scheme '\(use.name)', which the document does not define\(others).",
                at: use.location)
        }
    }

    private func value(_ scheme: APISecurityScheme) -> SwiftExpr? {
        switch scheme.kind {
        case "http":
            return SwiftExpr.implicitMember("http").call(SwiftArgument("scheme", .string(scheme.scheme ?? "bearer")))
        case "apiKey":
            guard let name = scheme.parameterName, let place = scheme.location,
                ["header", "query", "cookie"].contains(place)
            else {
                log.warning(
                    "The apiKey scheme '\(scheme.name)' needs 'name' and 'in' (header, query or cookie); it is left out.",
                    at: scheme.sourceLocation)
                return nil
            }
            return SwiftExpr.implicitMember("apiKey").call(
                SwiftArgument("name", .string(name)), SwiftArgument("location", .implicitMember(place)))
        case "oauth2": return .implicitMember("oauth2")
        case "openIdConnect": return .implicitMember("openIDConnect")
        case "mutualTLS": return .implicitMember("mutualTLS")
        default:
            log.warning(
                "The security scheme '\(scheme.name)' has an unknown type '\(scheme.kind)'; it is left out.",
                at: scheme.sourceLocation)
            return nil
        }
    }
}
