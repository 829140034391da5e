/// Writes `Components.SecuritySchemes` (each scheme, and `all` by name) and
/// `Operations.securityRequirements`, which `AuthenticationMiddleware` reads to add credentials.
struct SecurityEmitter {
    let access: String
    let log: DiagnosticLog

    func emit(_ schemes: [APISecurityScheme], _ plans: [OperationPlan], root: String) -> String {
        var w = SwiftWriter()
        w.open("extension \(root)Components")
        w.doc(["The document's security schemes."])
        w.open("\(access) enum SecuritySchemes")
        var names = NameScope(reserved: ["all"])
        var entries: [(String, String)] = []
        for scheme in schemes {
            guard let value = value(scheme) else { continue }
            let member = names.claim(Naming.memberName(scheme.name))
            w.doc(Doc.lines(scheme.description))
            w.line("\(access) static let \(member): MarfaOpenAPIRuntime.SecurityScheme = \(value)")
            entries.append((scheme.name, member))
        }
        w.doc(["Every scheme by its name in the document."])
        let pairs = entries.map { "\(Naming.literal($0.0)): \($0.1)" }.joined(separator: ", ")
        w.line("\(access) static let all: [Swift.String: MarfaOpenAPIRuntime.SecurityScheme] = [\(entries.isEmpty ? ":" : pairs)]")
        w.close()
        w.close()
        w.open("extension \(root)Operations")
        w.doc(["Each operation's security requirements by operation ID: alternatives, each the schemes it needs together."])
        let known = Set(schemes.map(\.name))
        let requirements = plans.map { plan -> String in
            for name in plan.operation.security.joined() where !known.contains(name) {
                log.warning("The security requirement names the scheme '\(name)', which the document does not define.", at: plan.operation.location)
            }
            let alternatives = plan.operation.security.map { "[" + $0.map(Naming.literal).joined(separator: ", ") + "]" }
            return "\(Naming.literal(plan.operation.id)): [\(alternatives.joined(separator: ", "))]"
        }
        w.line("\(access) static let securityRequirements: [Swift.String: [[Swift.String]]] = [\(requirements.isEmpty ? ":" : requirements.joined(separator: ", "))]")
        w.close()
        return w.text
    }

    private func value(_ scheme: APISecurityScheme) -> String? {
        switch scheme.kind {
        case "http": return ".http(scheme: \(Naming.literal(scheme.scheme ?? "bearer")))"
        case "apiKey":
            guard let name = scheme.parameterName, let place = scheme.location, ["header", "query", "cookie"].contains(place) else {
                log.warning("The apiKey scheme '\(scheme.name)' needs 'name' and 'in' (header, query or cookie); it is left out.", at: scheme.sourceLocation)
                return nil
            }
            return ".apiKey(name: \(Naming.literal(name)), location: .\(place))"
        case "oauth2": return ".oauth2"
        case "openIdConnect": return ".openIDConnect"
        case "mutualTLS": return ".mutualTLS"
        default:
            log.warning("The security scheme '\(scheme.name)' has an unknown type '\(scheme.kind)'; it is left out.", at: scheme.sourceLocation)
            return nil
        }
    }
}
