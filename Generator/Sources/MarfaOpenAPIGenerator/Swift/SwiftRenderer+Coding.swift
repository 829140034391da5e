/// The coding code of a `CodingPlan`.
extension SwiftRenderer {
    func render(_ plan: CodingPlan, into w: inout SwiftWriter) {
        switch plan {
        case .keyed(let coding):
            keyedDecoder(coding, into: &w)
            keyedEncoder(coding, into: &w)
        case .composed(let values): composed(values, into: &w)
        case .rawValues(let coding): rawValues(coding, into: &w)
        case .discriminated(let coding): discriminated(coding, into: &w)
        case .firstDecodable(let coding): firstDecodable(coding, into: &w)
        case .everyDecodable(let coding): everyDecodable(coding, into: &w)
        }
    }

    private var decoderHead: String { "\(keyword(.configured))init(from decoder: any Swift.Decoder) throws" }
    private var encoderHead: String { "\(keyword(.configured))func encode(to encoder: any Swift.Encoder) throws" }

    // MARK: Keyed

    /// The runtime's one key type, so no type declares a `CodingKeys` enum of its own.
    private var keyType: String { "MarfaOpenAPIRuntime.DynamicCodingKey" }

    private func knownKeys(_ coding: KeyedCoding) -> String {
        "[" + coding.properties.map { literal(.string($0.key)) }.joined(separator: ", ") + "]"
    }

    private func keyedDecoder(_ coding: KeyedCoding, into w: inout SwiftWriter) {
        w.open(decoderHead)
        if !coding.properties.isEmpty {
            w.line("let container = try decoder.container(keyedBy: \(keyType).self)")
        } else if coding.additional == nil && !coding.closed {
            w.line("_ = try decoder.container(keyedBy: \(keyType).self)")
        }
        for p in coding.properties {
            w.line { out in
                out += "self."
                out += p.storage
                out += " = "
                writeDecodedValue(p, into: &out)
            }
        }
        if let additional = coding.additional {
            let read = coding.additionalRFC3339 ? "decodeRFC3339AdditionalProperties" : "decodeAdditionalProperties"
            w.line(
                "self.additionalProperties = try decoder.\(read)(knownKeys: \(knownKeys(coding))) as \(spell(.stringDictionary(additional)))"
            )
        } else if coding.closed {
            w.line("try decoder.ensureNoAdditionalProperties(knownKeys: \(knownKeys(coding)))")
        }
        w.close()
    }

    /// The expression that reads a property, appended to `out`; one holding date-times reads them
    /// from RFC 3339 text. Written part after part: most types code several properties.
    private func writeDecodedValue(_ p: CodedProperty, into out: inout SourceText) {
        let decode = p.rfc3339 ? "decodeRFC3339" : "decode"
        /// `(Type.self, forKey: "key")` after the decoding function's name.
        let writeArguments = { (type: SwiftType, out: inout SourceText) in
            out += "("
            write(type, into: &out)
            out += ".self, forKey: "
            write(SwiftLiteral.string(p.key), into: &out)
            out += ")"
        }
        switch p.presence {
        case .required:
            out += "try container."
            out += decode
            writeArguments(p.boxed ? .box(p.type) : p.type, &out)
        case .defaulted(let value) where p.type == .openAPIValue:
            // A free-form value may be `null`; only an absent key reads as the default.
            if p.boxed { out += "MarfaOpenAPIRuntime.Box(" }
            out += "try (container.contains("
            write(SwiftLiteral.string(p.key), into: &out)
            out += ") ? container.decode"
            writeArguments(p.type, &out)
            out += " : "
            write(value, into: &out)
            out += ")"
            if p.boxed { out += ")" }
        case .defaulted(let value):
            if p.boxed { out += "MarfaOpenAPIRuntime.Box(" }
            out += "try container."
            out += decode
            out += "IfPresent"
            writeArguments(p.type, &out)
            out += " ?? "
            write(value, into: &out)
            if p.boxed { out += ")" }
        case .optional, .requiredNullable:
            out += "try container."
            out += decode
            out += "IfPresent"
            writeArguments(p.boxed ? .box(p.type) : p.type, &out)
        case .nullableOptional:
            out += "try container."
            out += decode
            out += "IfPresent"
            writeArguments(.nullable(p.type), &out)
            if p.boxed { out += ".map { MarfaOpenAPIRuntime.Box($0) }" }
        }
    }

    private func keyedEncoder(_ coding: KeyedCoding, into w: inout SwiftWriter) {
        w.open(encoderHead)
        if !coding.properties.isEmpty {
            w.line("var container = encoder.container(keyedBy: \(keyType).self)")
        } else if coding.additional == nil {
            w.line("_ = encoder.container(keyedBy: \(keyType).self)")
        }
        for p in coding.properties {
            w.line { out in
                out += "try container."
                out += p.rfc3339 ? "encodeRFC3339" : "encode"
                switch p.presence {
                case .required, .defaulted, .requiredNullable: out += "("
                case .optional, .nullableOptional: out += "IfPresent("
                }
                out += "self."
                out += p.storage
                out += ", forKey: "
                write(SwiftLiteral.string(p.key), into: &out)
                out += ")"
            }
        }
        if coding.additional != nil {
            w.line(
                "try encoder.\(coding.additionalRFC3339 ? "encodeRFC3339AdditionalProperties" : "encodeAdditionalProperties")(self.additionalProperties)"
            )
        }
        w.close()
    }

    // MARK: Composed

    private func composed(_ values: [CodedProperty], into w: inout SwiftWriter) {
        w.open(decoderHead)
        for p in values {
            let read = p.rfc3339 ? ".init(rfc3339From: decoder)" : ".init(from: decoder)"
            if case .optional = p.presence {
                w.line("self.\(p.storage) = try? \(read)")
            } else {
                w.line("self.\(p.storage) = try \(read)")
            }
        }
        w.close()
        w.open(encoderHead)
        for p in values {
            let optional: Bool
            switch p.presence {
            case .optional, .nullableOptional, .requiredNullable: optional = true
            case .required, .defaulted: optional = false
            }
            w.line("try self.\(p.storage)\(optional ? "?" : "").\(p.rfc3339 ? "encodeRFC3339" : "encode")(to: encoder)")
        }
        w.close()
    }

    // MARK: Raw values

    private func rawValues(_ coding: RawValueCoding, into w: inout SwiftWriter) {
        let rawType = spell(coding.rawType)
        w.open("\(keyword(.configured))init(rawValue: \(rawType))")
        w.open("switch rawValue")
        for c in coding.cases {
            w.line { out in
                out += "case "
                write(c.value, into: &out)
                out += ": self = ."
                out += c.name
            }
        }
        w.line("default: self = .unknown(rawValue)")
        w.close()
        w.close()
        w.open("\(keyword(.configured))var rawValue: \(rawType)")
        w.open("switch self")
        for c in coding.cases {
            w.line { out in
                out += "case ."
                out += c.name
                out += ": "
                write(c.value, into: &out)
            }
        }
        w.line("case .unknown(let value): value")
        w.close()
        w.close()
        w.line(
            "\(keyword(.configured))static let allCases: [Self] = [\(coding.cases.map { "." + $0.name }.joined(separator: ", "))]"
        )
    }

    // MARK: Unions

    private func discriminated(_ coding: DiscriminatedCoding, into w: inout SwiftWriter) {
        w.open(decoderHead)
        w.line("let container = try decoder.container(keyedBy: \(keyType).self)")
        w.open("switch try container.decode(Swift.String.self, forKey: \(literal(.string(coding.propertyName))))")
        for c in coding.cases where !c.values.isEmpty {
            let read = c.rfc3339 ? ".init(rfc3339From: decoder)" : ".init(from: decoder)"
            w.line(
                "case \(c.values.map { literal(.string($0)) }.joined(separator: ", ")): self = .\(c.name)(try \(read))")
        }
        w.line("default: self = .unknown(try .init(from: decoder))")
        w.close()
        w.close()
        caseEncoder(coding.cases.map { ($0.name, $0.rfc3339) } + [("unknown", false)], into: &w)
    }

    private func firstDecodable(_ coding: UnionCoding, into w: inout SwiftWriter) {
        w.open(decoderHead)
        w.line("var errors: [any Swift.Error] = []")
        for branch in coding.branches where branch.tried {
            // `T?(from:)` is not Swift; the optional's own name is.
            let type = branch.type.isOptional ? "Swift.Optional<\(spell(branch.type.unwrapped))>" : spell(branch.type)
            w.line(
                "do { self = .\(branch.name)(try \(type)(\(branch.rfc3339 ? "rfc3339From" : "from"): decoder)); return } catch { errors.append(error) }"
            )
        }
        w.line(
            "throw MarfaOpenAPIRuntime.OneOfDecodingError(typeName: \(literal(.string(coding.typeName))), codingPath: decoder.codingPath, errors: errors)"
        )
        w.close()
        caseEncoder(coding.branches.map { ($0.name, $0.rfc3339) }, into: &w)
    }

    /// Writes whichever case the value is; a case holding date-times writes them as RFC 3339 text.
    private func caseEncoder(_ cases: [(name: String, rfc3339: Bool)], into w: inout SwiftWriter) {
        w.open(encoderHead)
        w.open("switch self")
        for c in cases {
            w.line("case .\(c.name)(let value): try value.\(c.rfc3339 ? "encodeRFC3339" : "encode")(to: encoder)")
        }
        w.close()
        w.close()
    }

    private func everyDecodable(_ coding: UnionCoding, into w: inout SwiftWriter) {
        w.open(decoderHead)
        for value in coding.branches {
            guard value.tried else {
                w.line("self.\(value.name) = nil")
                continue
            }
            w.line("self.\(value.name) = try? \(spell(value.type))(\(value.rfc3339 ? "rfc3339From" : "from"): decoder)")
        }
        w.open("if \(coding.branches.map { "\($0.name) == nil" }.joined(separator: " && "))")
        w.line(
            "throw MarfaOpenAPIRuntime.OneOfDecodingError(typeName: \(literal(.string(coding.typeName))), codingPath: decoder.codingPath, errors: [])"
        )
        w.close()
        w.close()
        w.doc(["Writes the first value that is set."])
        w.open(encoderHead)
        for (index, value) in coding.branches.enumerated() {
            w.line("\(index == 0 ? "if" : "} else if") let value = \(value.name) {")
            w.line("    try value.\(value.rfc3339 ? "encodeRFC3339" : "encode")(to: encoder)")
        }
        w.line("}")
        w.close()
    }
}
