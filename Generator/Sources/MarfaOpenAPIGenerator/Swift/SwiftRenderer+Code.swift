/// Types, literals, expressions and statements.
extension SwiftRenderer {
    // MARK: Types

    func spell(_ name: TypeName) -> String { name.path.joined(separator: ".") }

    func spell(_ type: SwiftType) -> String {
        switch type {
        case .named(let name): spell(name)
        case .optional(let wrapped): spell(wrapped) + "?"
        case .array(let element): "[" + spell(element) + "]"
        case .dictionary(let key, let value): "[" + spell(key) + ": " + spell(value) + "]"
        case .generic(let name, let arguments): spell(name) + "<" + arguments.map(spell).joined(separator: ", ") + ">"
        case .existential(let type): "any " + spell(type)
        case .tuple(let elements): "(" + elements.map(spell).joined(separator: ", ") + ")"
        }
    }

    // MARK: Literals

    func literal(_ literal: SwiftLiteral) -> String {
        switch literal {
        case .string(let text): "\"" + escaped(text) + "\""
        case .integer(let text): text
        case .double(let value): "\(value)"
        case .bool(let value): value ? "true" : "false"
        case .nil: "nil"
        }
    }

    /// `text` as it is written between the quotes of a string literal.
    func escaped(_ text: String) -> String {
        var out = ""
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
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    // MARK: Expressions

    func expression(_ expr: SwiftExpr) -> String {
        switch expr {
        case .name(let name): name
        case .type(let type): spell(type)
        case .member(let base, let name): expression(base) + "." + name
        case .optionalMember(let base, let name): expression(base) + "?." + name
        case .implicitMember(let name): "." + identifier(name)
        case .call(let function, let arguments): expression(function) + "(" + self.arguments(arguments) + ")"
        case .trailingClosure(let function, let arguments, let closure):
            expression(function) + (arguments.isEmpty ? " " : "(" + self.arguments(arguments) + ") ") + inlineClosure(closure)
        case .literal(let value): literal(value)
        case .interpolated(let parts): interpolated(parts)
        case .array(let elements): "[" + elements.map(expression).joined(separator: ", ") + "]"
        case .dictionary(let pairs):
            pairs.isEmpty ? "[:]" : "[" + pairs.map { expression($0.key) + ": " + expression($0.value) }.joined(separator: ", ") + "]"
        case .tuple(let elements): "(" + elements.map(expression).joined(separator: ", ") + ")"
        case .try(let inner, let optional): (optional ? "try? " : "try ") + expression(inner)
        case .await(let inner): "await " + expression(inner)
        case .addressOf(let inner): "&" + expression(inner)
        case .forceUnwrap(let inner): expression(inner) + "!"
        case .subscript(let base, let index): expression(base) + "[" + expression(index) + "]"
        case .binary(let left, let op, let right): expression(left) + spell(op) + expression(right)
        case .closure(let closure): inlineClosure(closure)
        }
    }

    private func arguments(_ arguments: [SwiftArgument]) -> String {
        arguments.map { ($0.label.map { $0 + ": " } ?? "") + expression($0.value) }.joined(separator: ", ")
    }

    private func interpolated(_ parts: [SwiftInterpolation]) -> String {
        "\"" + parts.map { part in
            switch part {
            case .text(let text): escaped(text)
            case .value(let value): "\\(" + expression(value) + ")"
            }
        }.joined() + "\""
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

    private func inlineClosure(_ closure: SwiftClosure) -> String {
        let parameters = closure.parameters.isEmpty ? "" : closure.parameters.joined(separator: ", ") + " in "
        return "{ " + parameters + closure.body.map(inlineStatement).joined(separator: "; ") + " }"
    }

    // MARK: Statements

    func statements(_ statements: [SwiftStatement], into w: inout SwiftWriter) {
        for statement in statements { self.statement(statement, into: &w) }
    }

    func statement(_ statement: SwiftStatement, into w: inout SwiftWriter) {
        switch statement {
        case .expression(let expr):
            if let (head, closure) = multilineClosure(expr) {
                w.line(head + (closure.parameters.isEmpty ? "" : " " + closure.parameters.joined(separator: ", ") + " in"))
                w.indent()
                statements(closure.body, into: &w)
                w.dedent()
                w.line("}")
            } else {
                w.line(expression(expr))
            }
        case .switch(let subject, let cases):
            w.open("switch " + expression(subject))
            for item in cases { w.line(switchCase(item)) }
            w.close()
        case .if(let conditional):
            ifStatement(conditional, into: &w)
        default:
            w.line(inlineStatement(statement))
        }
    }

    /// A call with a trailing closure of several statements, written over several lines: the text
    /// before the closure's `{`, and the closure.
    private func multilineClosure(_ expr: SwiftExpr) -> (String, SwiftClosure)? {
        switch expr {
        case .try(let inner, let optional):
            return multilineClosure(inner).map { ((optional ? "try? " : "try ") + $0.0, $0.1) }
        case .await(let inner):
            return multilineClosure(inner).map { ("await " + $0.0, $0.1) }
        case .trailingClosure(let function, let arguments, let closure) where closure.body.count > 1:
            return (expression(function) + "(" + self.arguments(arguments) + ") {", closure)
        default:
            return nil
        }
    }

    /// A statement on one line.
    func inlineStatement(_ statement: SwiftStatement) -> String {
        switch statement {
        case .expression(let expr): return expression(expr)
        case .binding(let constant, let name, let type, let value):
            var text = (constant ? "let " : "var ") + binding(name)
            if let type { text += ": " + spell(type) }
            if let value { text += " = " + expression(value) }
            return text
        case .assign(let target, let value): return expression(target) + " = " + expression(value)
        case .return(let value): return value.map { "return " + expression($0) } ?? "return"
        case .throw(let error): return "throw " + expression(error)
        case .break: return "break"
        case .doCatch(let body, let handler):
            return "do { " + body.map(inlineStatement).joined(separator: "; ") + " } catch { " + handler.map(inlineStatement).joined(separator: "; ") + " }"
        case .if(let conditional):
            let branch = conditional.branches[0]
            return "if " + condition(branch.condition) + " { " + branch.body.map(inlineStatement).joined(separator: "; ") + " }"
        case .switch(let subject, let cases):
            return "switch " + expression(subject) + " { " + cases.map(switchCase).joined(separator: " ") + " }"
        }
    }

    private func binding(_ name: SwiftBindingName) -> String {
        switch name {
        case .single(let name): name
        case .tuple(let names): "(" + names.joined(separator: ", ") + ")"
        }
    }

    private func switchCase(_ item: SwiftSwitchCase) -> String {
        let label = item.patterns.isEmpty ? "default" : "case " + item.patterns.map(pattern).joined(separator: ", ")
        return label + ": " + item.body.map(inlineStatement).joined(separator: "; ")
    }

    func pattern(_ pattern: SwiftPattern) -> String {
        switch pattern {
        case .value(let value): expression(value)
        case .enumCase(let name, let bindings):
            "." + name + (bindings.map { "(" + $0.map { $0.map { "let " + $0 } ?? "_" }.joined(separator: ", ") + ")" } ?? "")
        case .some(let inner): ".some(" + self.pattern(inner) + ")"
        case .none: ".none"
        }
    }

    private func condition(_ condition: SwiftIf.Condition) -> String {
        switch condition {
        case .expression(let expr): expression(expr)
        case .matches(let pattern, let value): "case " + self.pattern(pattern) + " = " + expression(value)
        case .unwraps(let name, let value): "let " + name + " = " + expression(value)
        }
    }

    private func ifStatement(_ conditional: SwiftIf, into w: inout SwiftWriter) {
        if conditional.inline {
            w.line(inlineStatement(.if(conditional)))
            return
        }
        for (index, branch) in conditional.branches.enumerated() {
            w.line((index == 0 ? "if " : "} else if ") + condition(branch.condition) + " {")
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
