/// Writes declarations (structs, enums, aliases) as Swift.
struct DeclEmitter {
    let access: String

    func emit(_ decl: Decl, into w: inout SwiftWriter) {
        w.doc(decl.doc)
        switch decl.kind {
        case .alias(let target):
            w.line("\(access) typealias \(decl.name) = \(target)")
        case .namespace:
            w.open("\(access) enum \(decl.name)")
            children(decl, &w)
            w.close()
        case .custom(let header, let members):
            w.open(header)
            w.block(members)
            children(decl, &w)
            w.close()
        case .rawEnum(let raw):
            rawEnum(decl, raw, &w)
        case .structure(let structure):
            self.structure(decl, structure, &w)
        case .choice(let choice):
            if choice.isAnyOf { anyOf(decl, choice, &w) } else { oneOf(decl, choice, &w) }
        }
    }

    private func children(_ decl: Decl, _ w: inout SwiftWriter) {
        for child in decl.children { emit(child, into: &w) }
    }

    // MARK: Structs

    private func structure(_ decl: Decl, _ s: Decl.Structure, _ w: inout SwiftWriter) {
        w.open("\(access) struct \(decl.name): Swift.Codable, Swift.Hashable, Swift.Sendable")
        for p in s.properties {
            w.doc(p.doc)
            if p.deprecated { w.line("@available(*, deprecated)") }
            if p.boxed {
                let stored = "_" + p.swiftName.trimmingCharacters(in: "_`")
                switch p.presence {
                case .required, .defaulted:
                    w.line("\(access) var \(p.swiftName): \(p.declaredType) {")
                    w.line("    get { \(stored).value }")
                    w.line("    set { \(stored) = MarfaOpenAPIRuntime.Box(newValue) }")
                    w.line("}")
                    w.line("private var \(stored): MarfaOpenAPIRuntime.Box<\(p.declaredType)>")
                default:
                    let inner = String(p.declaredType.dropLast())
                    w.line("\(access) var \(p.swiftName): \(p.declaredType) {")
                    w.line("    get { \(stored)?.value }")
                    w.line("    set { \(stored) = newValue.map { MarfaOpenAPIRuntime.Box($0) } }")
                    w.line("}")
                    w.line("private var \(stored): MarfaOpenAPIRuntime.Box<\(inner)>?")
                }
            } else {
                w.line("\(access) var \(p.swiftName): \(p.declaredType)")
            }
        }
        if let additional = s.additional {
            w.doc(["Members the schema does not name."])
            w.line("\(access) var additionalProperties: [Swift.String: \(additional)]")
        }
        // Memberwise initializer.
        var parameters = s.properties.map { p -> String in
            switch p.presence {
            case .required: "\(p.swiftName): \(p.declaredType)"
            case .defaulted(let literal): "\(p.swiftName): \(p.declaredType) = \(literal)"
            case .optional, .nullableOptional: "\(p.swiftName): \(p.declaredType) = nil"
            case .requiredNullable: "\(p.swiftName): \(p.declaredType)"
            }
        }
        if let additional = s.additional { parameters.append("additionalProperties: [Swift.String: \(additional)] = [:]") }
        w.open("\(access) init(\(parameters.joined(separator: ", ")))")
        for p in s.properties {
            if p.boxed {
                let stored = "_" + p.swiftName.trimmingCharacters(in: "_`")
                switch p.presence {
                case .required, .defaulted: w.line("self.\(stored) = MarfaOpenAPIRuntime.Box(\(p.swiftName))")
                default: w.line("self.\(stored) = \(p.swiftName).map { MarfaOpenAPIRuntime.Box($0) }")
                }
            } else {
                w.line("self.\(p.swiftName) = \(p.swiftName)")
            }
        }
        if s.additional != nil { w.line("self.additionalProperties = additionalProperties") }
        w.close()
        if s.composed {
            composedCoding(s, &w)
        } else {
            codingKeys(s, &w)
            let needsCustom = s.additional != nil || s.closed
                || s.properties.contains {
                    switch $0.presence {
                    case .defaulted, .requiredNullable: true
                    default: false
                    }
                }
            if needsCustom { customCoding(s, &w) }
        }
        children(decl, &w)
        w.close()
    }

    private func storedName(_ p: Decl.Property) -> String {
        p.boxed ? "_" + p.swiftName.trimmingCharacters(in: "_`") : p.swiftName
    }

    private func codingKeys(_ s: Decl.Structure, _ w: inout SwiftWriter) {
        guard !s.properties.isEmpty else { return }
        w.open("\(access) enum CodingKeys: Swift.String, Swift.CodingKey")
        for p in s.properties {
            let name = storedName(p)
            w.line(name == p.jsonName ? "case \(name)" : "case \(name) = \(Naming.literal(p.jsonName))")
        }
        w.close()
    }

    private func customCoding(_ s: Decl.Structure, _ w: inout SwiftWriter) {
        let known = "[" + s.properties.map { Naming.literal($0.jsonName) }.joined(separator: ", ") + "]"
        w.open("\(access) init(from decoder: any Swift.Decoder) throws")
        if !s.properties.isEmpty { w.line("let container = try decoder.container(keyedBy: CodingKeys.self)") }
        for p in s.properties {
            let name = storedName(p)
            let boxedType = p.boxed ? "MarfaOpenAPIRuntime.Box<\(p.type)>" : p.type
            switch p.presence {
            case .required:
                w.line("self.\(name) = try container.decode(\(p.boxed ? "MarfaOpenAPIRuntime.Box<\(p.declaredType)>" : p.declaredType).self, forKey: .\(name))")
            case .defaulted(let literal):
                if p.boxed {
                    w.line("self.\(name) = MarfaOpenAPIRuntime.Box(try container.decodeIfPresent(\(p.type).self, forKey: .\(name)) ?? \(literal))")
                } else {
                    w.line("self.\(name) = try container.decodeIfPresent(\(p.type).self, forKey: .\(name)) ?? \(literal)")
                }
            case .optional, .requiredNullable:
                w.line("self.\(name) = try container.decodeIfPresent(\(boxedType).self, forKey: .\(name))")
            case .nullableOptional:
                w.line("self.\(name) = try container.decodeIfPresent(MarfaOpenAPIRuntime.Nullable<\(p.type)>.self, forKey: .\(name))\(p.boxed ? ".map { MarfaOpenAPIRuntime.Box($0) }" : "")")
            }
        }
        if let additional = s.additional {
            w.line("self.additionalProperties = try decoder.decodeAdditionalProperties(knownKeys: \(known)) as [Swift.String: \(additional)]")
        } else if s.closed {
            w.line("try decoder.ensureNoAdditionalProperties(knownKeys: \(known))")
        }
        w.close()
        w.open("\(access) func encode(to encoder: any Swift.Encoder) throws")
        if !s.properties.isEmpty { w.line("var container = encoder.container(keyedBy: CodingKeys.self)") }
        for p in s.properties {
            let name = storedName(p)
            switch p.presence {
            case .required, .defaulted, .requiredNullable: w.line("try container.encode(\(name), forKey: .\(name))")
            case .optional, .nullableOptional: w.line("try container.encodeIfPresent(\(name), forKey: .\(name))")
            }
        }
        if s.additional != nil { w.line("try encoder.encodeAdditionalProperties(additionalProperties)") }
        w.close()
    }

    private func composedCoding(_ s: Decl.Structure, _ w: inout SwiftWriter) {
        w.open("\(access) init(from decoder: any Swift.Decoder) throws")
        for p in s.properties {
            if case .optional = p.presence {
                w.line("self.\(storedName(p)) = try? .init(from: decoder)")
            } else {
                w.line("self.\(storedName(p)) = try .init(from: decoder)")
            }
        }
        w.close()
        w.open("\(access) func encode(to encoder: any Swift.Encoder) throws")
        for p in s.properties { w.line("try \(storedName(p))\(p.declaredType.hasSuffix("?") ? "?" : "").encode(to: encoder)") }
        w.close()
    }

    // MARK: Enums

    private func rawEnum(_ decl: Decl, _ raw: Decl.RawEnum, _ w: inout SwiftWriter) {
        w.open("\(access) enum \(decl.name): Swift.RawRepresentable, Swift.Codable, Swift.Hashable, Swift.Sendable, Swift.CaseIterable")
        for c in raw.cases { w.line("case \(c.name)") }
        w.doc(["A value this build does not know, kept as it was received."])
        w.line("case unknown(\(raw.rawType))")
        w.open("\(access) init(rawValue: \(raw.rawType))")
        w.open("switch rawValue")
        for c in raw.cases { w.line("case \(c.literal): self = .\(c.name)") }
        w.line("default: self = .unknown(rawValue)")
        w.close()
        w.close()
        w.open("\(access) var rawValue: \(raw.rawType)")
        w.open("switch self")
        for c in raw.cases { w.line("case .\(c.name): \(c.literal)") }
        w.line("case .unknown(let value): value")
        w.close()
        w.close()
        w.line("\(access) static let allCases: [Self] = [\(raw.cases.map { "." + $0.name }.joined(separator: ", "))]")
        w.close()
    }

    private func oneOf(_ decl: Decl, _ choice: Decl.Choice, _ w: inout SwiftWriter) {
        w.open("\(access) \(choice.indirect ? "indirect " : "")enum \(decl.name): Swift.Codable, Swift.Hashable, Swift.Sendable")
        for c in choice.cases { w.line("case \(c.name)(\(c.type))") }
        if let discriminator = choice.discriminator {
            w.doc(["A value whose `\(discriminator)` this build does not know, kept as it was received."])
            w.line("case unknown(MarfaOpenAPIRuntime.OpenAPIObjectContainer)")
            w.open("private enum DiscriminatorKey: Swift.String, Swift.CodingKey")
            w.line("case value = \(Naming.literal(discriminator))")
            w.close()
            w.open("\(access) init(from decoder: any Swift.Decoder) throws")
            w.line("let container = try decoder.container(keyedBy: DiscriminatorKey.self)")
            w.open("switch try container.decode(Swift.String.self, forKey: .value)")
            for c in choice.cases where !c.discriminatorValues.isEmpty {
                w.line("case \(c.discriminatorValues.map(Naming.literal).joined(separator: ", ")): self = .\(c.name)(try .init(from: decoder))")
            }
            w.line("default: self = .unknown(try .init(from: decoder))")
            w.close()
            w.close()
        } else {
            w.open("\(access) init(from decoder: any Swift.Decoder) throws")
            w.line("var errors: [any Swift.Error] = []")
            // A branch that is the union itself reads only what another branch reads; trying it would recurse forever.
            for c in choice.cases where c.type != decl.qualifiedName {
                w.line("do { self = .\(c.name)(try \(c.type.hasSuffix("?") ? "Swift.Optional<\(c.type.dropLast())>" : c.type)(from: decoder)); return } catch { errors.append(error) }")
            }
            w.line("throw MarfaOpenAPIRuntime.OneOfDecodingError(typeName: \(Naming.literal(decl.name)), codingPath: decoder.codingPath, errors: errors)")
            w.close()
        }
        w.open("\(access) func encode(to encoder: any Swift.Encoder) throws")
        w.open("switch self")
        for c in choice.cases { w.line("case .\(c.name)(let value): try value.encode(to: encoder)") }
        if choice.discriminator != nil { w.line("case .unknown(let value): try value.encode(to: encoder)") }
        w.close()
        w.close()
        children(decl, &w)
        w.close()
    }

    private func anyOf(_ decl: Decl, _ choice: Decl.Choice, _ w: inout SwiftWriter) {
        let values = choice.cases.enumerated().map { index, c in
            Decl.Property(
                swiftName: "value\(index + 1)", jsonName: "", type: c.type.hasSuffix("?") ? String(c.type.dropLast()) : c.type,
                presence: .optional, doc: ["The value read as `\(c.name)`, when it is one."], targetName: c.targetName,
                boxed: choice.indirect)
        }
        w.open("\(access) struct \(decl.name): Swift.Codable, Swift.Hashable, Swift.Sendable")
        for p in values {
            w.doc(p.doc)
            if p.boxed {
                w.line("\(access) var \(p.swiftName): \(p.type)? { get { _\(p.swiftName)?.value } set { _\(p.swiftName) = newValue.map { MarfaOpenAPIRuntime.Box($0) } } }")
                w.line("private var _\(p.swiftName): MarfaOpenAPIRuntime.Box<\(p.type)>?")
            } else {
                w.line("\(access) var \(p.swiftName): \(p.type)?")
            }
        }
        w.open("\(access) init(\(values.map { "\($0.swiftName): \($0.type)? = nil" }.joined(separator: ", ")))")
        for p in values { w.line("self.\(p.swiftName) = \(p.swiftName)") }
        w.close()
        w.open("\(access) init(from decoder: any Swift.Decoder) throws")
        for p in values { w.line("self.\(p.swiftName) = try? \(p.type)(from: decoder)") }
        w.open("if \(values.map { "\($0.swiftName) == nil" }.joined(separator: " && "))")
        w.line("throw MarfaOpenAPIRuntime.OneOfDecodingError(typeName: \(Naming.literal(decl.name)), codingPath: decoder.codingPath, errors: [])")
        w.close()
        w.close()
        w.doc(["Writes the first value that is set."])
        w.open("\(access) func encode(to encoder: any Swift.Encoder) throws")
        for (index, p) in values.enumerated() {
            w.line("\(index == 0 ? "if" : "} else if") let value = \(p.swiftName) {")
            w.line("    try value.encode(to: encoder)")
        }
        w.line("}")
        w.close()
        children(decl, &w)
        w.close()
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
