/// Types, literals, expressions and statements.
extension SwiftRenderer {
    // MARK: Types
    //
    // Types, literals and expressions are written into one growing text, part after part, rather than
    // made as strings joined at each level: the nested pieces of a line are copied once.

    func spell(_ name: TypeName) -> String {
        var out = SourceText()
        write(name, into: &out)
        return out.string
    }

    func spell(_ type: SwiftType) -> String {
        var out = SourceText()
        write(type, into: &out)
        return out.string
    }

    /// `name`'s dotted path appended to `out`.
    func write(_ name: TypeName, into out: inout SourceText) {
        for (index, part) in name.path.enumerated() {
            if index > 0 { out += "." }
            out += part
        }
    }

    /// The spelling of `type` appended to `out`.
    func write(_ type: SwiftType, into out: inout SourceText) {
        switch type {
        case .named(let name): write(name, into: &out)
        case .optional(let wrapped):
            write(wrapped, into: &out)
            out += "?"
        case .array(let element):
            out += "["
            write(element, into: &out)
            out += "]"
        case .dictionary(let key, let value):
            out += "["
            write(key, into: &out)
            out += ": "
            write(value, into: &out)
            out += "]"
        case .generic(let name, let arguments):
            write(name, into: &out)
            out += "<"
            writeList(arguments, into: &out) { write($0, into: &$1) }
            out += ">"
        case .existential(let type):
            out += "any "
            write(type, into: &out)
        case .tuple(let elements):
            out += "("
            writeList(elements, into: &out) { write($0, into: &$1) }
            out += ")"
        }
    }

    /// Each of `items` written by `write`, separated by `separator`.
    func writeList<Item>(
        _ items: [Item], separator: String = ", ", into out: inout SourceText, _ write: (Item, inout SourceText) -> Void
    ) {
        for (index, item) in items.enumerated() {
            if index > 0 { out += separator }
            write(item, &out)
        }
    }

    // MARK: Literals

    func literal(_ literal: SwiftLiteral) -> String {
        var out = SourceText()
        write(literal, into: &out)
        return out.string
    }

    /// The literal's spelling appended to `out`.
    func write(_ literal: SwiftLiteral, into out: inout SourceText) {
        switch literal {
        case .string(let text):
            out += "\""
            writeEscaped(text, into: &out)
            out += "\""
        case .integer(let text): out += text
        case .double(let value): out += "\(value)"
        case .bool(let value): out += value ? "true" : "false"
        case .nil: out += "nil"
        }
    }

    /// `text` as it is written between the quotes of a string literal.
    func escaped(_ text: String) -> String {
        var out = SourceText()
        writeEscaped(text, into: &out)
        return out.string
    }

    /// `escaped(text)` appended to `out`; text with nothing to escape is appended whole.
    func writeEscaped(_ text: String, into out: inout SourceText) {
        if !text.utf8.contains(where: {
            $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
        }) {
            out += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.append(scalar)
                }
            }
        }
    }

    // MARK: Expressions

    func expression(_ expr: SwiftExpr) -> String {
        var out = SourceText()
        write(expr, into: &out)
        return out.string
    }

    /// The expression's text appended to `out`.
    func write(_ expr: SwiftExpr, into out: inout SourceText) {
        switch expr {
        case .name(let name): out += name
        case .type(let type): write(type, into: &out)
        case .member(let base, let name):
            write(base, into: &out)
            out += "."
            out += name
        case .optionalMember(let base, let name):
            write(base, into: &out)
            out += "?."
            out += name
        case .implicitMember(let name):
            out += "."
            out += identifier(name)
        case .call(let function, let arguments): writeCall(function, arguments, closure: nil, into: &out)
        case .trailingClosure(let function, let arguments, let closure):
            writeCall(function, arguments, closure: closure, into: &out)
        case .literal(let value): write(value, into: &out)
        case .interpolated(let parts): writeInterpolated(parts, into: &out)
        case .array, .dictionary, .tuple: writeCollection(expr, into: &out)
        case .try(let inner, let optional):
            out += optional ? "try? " : "try "
            write(inner, into: &out)
        case .await(let inner):
            out += "await "
            write(inner, into: &out)
        case .addressOf(let inner):
            out += "&"
            write(inner, into: &out)
        case .forceUnwrap(let inner):
            write(inner, into: &out)
            out += "!"
        case .subscript(let base, let index):
            write(base, into: &out)
            out += "["
            write(index, into: &out)
            out += "]"
        case .binary(let left, let op, let right):
            write(left, into: &out)
            out += spell(op)
            write(right, into: &out)
        case .closure(let closure): writeInlineClosure(closure, into: &out)
        }
    }

    /// A call: its arguments in parentheses, then the trailing closure when there is one (with no
    /// arguments, the closure alone follows the function).
    private func writeCall(
        _ function: SwiftExpr, _ arguments: [SwiftArgument], closure: SwiftClosure?, into out: inout SourceText
    ) {
        write(function, into: &out)
        guard let closure else {
            out += "("
            writeArguments(arguments, into: &out)
            out += ")"
            return
        }
        if arguments.isEmpty {
            out += " "
        } else {
            out += "("
            writeArguments(arguments, into: &out)
            out += ") "
        }
        writeInlineClosure(closure, into: &out)
    }

    /// An array, dictionary or tuple literal.
    private func writeCollection(_ expr: SwiftExpr, into out: inout SourceText) {
        switch expr {
        case .array(let elements):
            out += "["
            writeList(elements, into: &out) { write($0, into: &$1) }
            out += "]"
        case .dictionary(let pairs) where pairs.isEmpty:
            out += "[:]"
        case .dictionary(let pairs):
            out += "["
            writeList(pairs, into: &out) { pair, out in
                write(pair.key, into: &out)
                out += ": "
                write(pair.value, into: &out)
            }
            out += "]"
        case .tuple(let elements):
            out += "("
            writeList(elements, into: &out) { write($0, into: &$1) }
            out += ")"
        default:
            write(expr, into: &out)
        }
    }

    private func writeArguments(_ arguments: [SwiftArgument], into out: inout SourceText) {
        writeList(arguments, into: &out) { argument, out in
            if let label = argument.label {
                out += label
                out += ": "
            }
            write(argument.value, into: &out)
        }
    }

    private func writeInterpolated(_ parts: [SwiftInterpolation], into out: inout SourceText) {
        out += "\""
        for part in parts {
            switch part {
            case .text(let text): writeEscaped(text, into: &out)
            case .value(let value):
                out += "\\("
                write(value, into: &out)
                out += ")"
            }
        }
        out += "\""
    }

    private func spell(_ op: SwiftOperator) -> String {
        switch op {
        case .equal: " == "
        case .and: " && "
        case .or: " || "
        case .nilCoalescing: " ?? "
        case .closedRange: "..."
        }
    }

    private func writeInlineClosure(_ closure: SwiftClosure, into out: inout SourceText) {
        out += "{ "
        if !closure.parameters.isEmpty {
            writeList(closure.parameters, into: &out) { $1 += $0 }
            out += " in "
        }
        writeList(closure.body, separator: "; ", into: &out) { writeInline($0, into: &$1) }
        out += " }"
    }

    // MARK: Statements

    func statements(_ statements: [SwiftStatement], into w: inout SwiftWriter) {
        for statement in statements { self.statement(statement, into: &w) }
    }

    func statement(_ statement: SwiftStatement, into w: inout SwiftWriter) {
        switch statement {
        case .expression(let expr):
            if let closure = multilineClosure(expr) {
                w.line { out in
                    writeMultilineHead(expr, into: &out)
                    if !closure.parameters.isEmpty {
                        out += " "
                        writeList(closure.parameters, into: &out) { $1 += $0 }
                        out += " in"
                    }
                }
                w.indent()
                statements(closure.body, into: &w)
                w.dedent()
                w.line("}")
            } else {
                w.line { write(expr, into: &$0) }
            }
        case .switch(let subject, let cases):
            w.open { out in
                out += "switch "
                write(subject, into: &out)
            }
            for item in cases { w.line { writeSwitchCase(item, into: &$0) } }
            w.close()
        case .if(let conditional):
            ifStatement(conditional, into: &w)
        default:
            w.line { writeInline(statement, into: &$0) }
        }
    }

    /// The closure of a call with a trailing closure of several statements, written over several
    /// lines (`writeMultilineHead` writes the text before its `{`); nil for any other expression.
    private func multilineClosure(_ expr: SwiftExpr) -> SwiftClosure? {
        switch expr {
        case .try(let inner, _), .await(let inner): multilineClosure(inner)
        case .trailingClosure(_, _, let closure) where closure.body.count > 1: closure
        default: nil
        }
    }

    /// The text of a `multilineClosure` expression up to and including the closure's `{`.
    private func writeMultilineHead(_ expr: SwiftExpr, into out: inout SourceText) {
        switch expr {
        case .try(let inner, let optional):
            out += optional ? "try? " : "try "
            writeMultilineHead(inner, into: &out)
        case .await(let inner):
            out += "await "
            writeMultilineHead(inner, into: &out)
        case .trailingClosure(let function, let arguments, _):
            write(function, into: &out)
            out += "("
            writeArguments(arguments, into: &out)
            out += ") {"
        default:
            break
        }
    }

    /// A statement on one line.
    func inlineStatement(_ statement: SwiftStatement) -> String {
        var out = SourceText()
        writeInline(statement, into: &out)
        return out.string
    }

    /// `inlineStatement(statement)` appended to `out`.
    func writeInline(_ statement: SwiftStatement, into out: inout SourceText) {
        switch statement {
        case .expression(let expr): write(expr, into: &out)
        case .binding(let constant, let name, let type, let value):
            out += constant ? "let " : "var "
            switch name {
            case .single(let name): out += name
            case .tuple(let names):
                out += "("
                writeList(names, into: &out) { $1 += $0 }
                out += ")"
            }
            if let type {
                out += ": "
                write(type, into: &out)
            }
            if let value {
                out += " = "
                write(value, into: &out)
            }
        case .assign(let target, let value):
            write(target, into: &out)
            out += " = "
            write(value, into: &out)
        case .return(let value):
            out += "return"
            if let value {
                out += " "
                write(value, into: &out)
            }
        case .throw(let error):
            out += "throw "
            write(error, into: &out)
        case .break: out += "break"
        case .doCatch(let body, let handler):
            out += "do { "
            writeList(body, separator: "; ", into: &out) { writeInline($0, into: &$1) }
            out += " } catch { "
            writeList(handler, separator: "; ", into: &out) { writeInline($0, into: &$1) }
            out += " }"
        case .if(let conditional):
            let branch = conditional.branches[0]
            out += "if "
            writeCondition(branch.condition, into: &out)
            out += " { "
            writeList(branch.body, separator: "; ", into: &out) { writeInline($0, into: &$1) }
            out += " }"
        case .switch(let subject, let cases):
            out += "switch "
            write(subject, into: &out)
            out += " { "
            writeList(cases, separator: " ", into: &out) { writeSwitchCase($0, into: &$1) }
            out += " }"
        }
    }

    private func writeSwitchCase(_ item: SwiftSwitchCase, into out: inout SourceText) {
        if item.patterns.isEmpty {
            out += "default"
        } else {
            out += "case "
            writeList(item.patterns, into: &out) { writePattern($0, into: &$1) }
        }
        out += ": "
        writeList(item.body, separator: "; ", into: &out) { writeInline($0, into: &$1) }
    }

    func pattern(_ pattern: SwiftPattern) -> String {
        var out = SourceText()
        writePattern(pattern, into: &out)
        return out.string
    }

    /// `pattern(pattern)` appended to `out`.
    func writePattern(_ pattern: SwiftPattern, into out: inout SourceText) {
        switch pattern {
        case .value(let value): write(value, into: &out)
        case .enumCase(let name, let bindings):
            out += "."
            out += name
            if let bindings {
                out += "("
                writeList(bindings, into: &out) { binding, out in
                    if let binding {
                        out += "let "
                        out += binding
                    } else {
                        out += "_"
                    }
                }
                out += ")"
            }
        case .some(let inner):
            out += ".some("
            writePattern(inner, into: &out)
            out += ")"
        case .none: out += ".none"
        }
    }

    private func writeCondition(_ condition: SwiftIf.Condition, into out: inout SourceText) {
        switch condition {
        case .expression(let expr): write(expr, into: &out)
        case .matches(let pattern, let value):
            out += "case "
            writePattern(pattern, into: &out)
            out += " = "
            write(value, into: &out)
        case .unwraps(let name, let value):
            out += "let "
            out += name
            out += " = "
            write(value, into: &out)
        }
    }

    private func ifStatement(_ conditional: SwiftIf, into w: inout SwiftWriter) {
        if conditional.inline {
            w.line { writeInline(.if(conditional), into: &$0) }
            return
        }
        for (index, branch) in conditional.branches.enumerated() {
            w.line { out in
                out += index == 0 ? "if " : "} else if "
                writeCondition(branch.condition, into: &out)
                out += " {"
            }
            w.indent()
            statements(branch.body, into: &w)
            w.dedent()
        }
        guard let elseBody = conditional.elseBody else {
            w.line("}")
            return
        }
        if elseBody.count == 1, case .if(let nested) = elseBody[0] {
            w.line("} else")
            ifStatement(nested, into: &w)
            return
        }
        w.line("} else {")
        w.indent()
        statements(elseBody, into: &w)
        w.dedent()
        w.line("}")
    }
}
