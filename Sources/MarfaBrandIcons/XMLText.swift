/// Turns XML character text back into plain text: the five named entities and numeric references.
enum XMLText {
    static func unescape(_ text: some StringProtocol) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            rest = rest[amp...]
            guard let semicolon = rest.firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: rest.startIndex)..<semicolon]
            if let character = character(for: entity) {
                result.append(character)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result.append("&")
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    private static func character(for entity: Substring) -> Character? {
        switch entity {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let code: UInt32?
            if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                code = UInt32(entity.dropFirst(2), radix: 16)
            } else if entity.hasPrefix("#") {
                code = UInt32(entity.dropFirst())
            } else {
                code = nil
            }
            return code.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}
