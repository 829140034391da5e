/// The pieces of an OpenAPI path template: text, and `{name}` parameters.
enum PathTemplate {
    enum Piece: Equatable {
        case text(String)
        case parameter(String)
    }

    /// `"/items/{id}"` → text `/items/`, parameter `id`. A `{` never closed drops the brace and keeps the rest as text.
    static func pieces(_ path: String) -> [Piece] {
        var pieces: [Piece] = []
        var current = ""
        var inBrace = false
        for char in path {
            if char == "{" {
                if !current.isEmpty { pieces.append(.text(current)) }
                current = ""
                inBrace = true
            } else if char == "}" && inBrace {
                pieces.append(.parameter(current))
                current = ""
                inBrace = false
            } else {
                current.append(char)
            }
        }
        if !current.isEmpty { pieces.append(.text(current)) }
        return pieces
    }
}
