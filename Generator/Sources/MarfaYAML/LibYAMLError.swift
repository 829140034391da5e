import CYaml

/// Turns libyaml's error state into a `LoadError` at the spot libyaml blames.
///
/// Scanner and parser errors use the problem mark; the message is libyaml's problem, followed by
/// its context and where that context began, e.g.
/// `did not find expected ',' or ']' (while parsing a flow sequence at 1:4)`.
/// Reader errors (bad encoding, control characters) carry a byte offset, turned into line:column.
/// A tab where a token should start gets a plainer message than libyaml's.
enum LibYAMLError {
    static func convert(_ parser: yaml_parser_t, input: UnsafeBufferPointer<UInt8>, positions: PositionMap) -> LoadError
    {
        let file = positions.file
        let problem = parser.problem.map { String(cString: $0) } ?? "the input is not valid YAML"
        switch parser.error {
        case YAML_MEMORY_ERROR:
            return LoadError("out of memory while parsing", at: SourceLocation(file: file, line: 1, column: 1))
        case YAML_READER_ERROR:
            let (line, column) = PositionMap.position(ofByte: parser.problem_offset, in: input)
            var message = problem
            if parser.problem_value != -1 {
                let hex = String(parser.problem_value, radix: 16, uppercase: true)
                message += " (0x\(hex.count < 2 ? "0" + hex : hex))"
            }
            return LoadError(message, at: positions.location(line: line, column: column))
        default:
            let mark = parser.problem_mark
            let at = positions.location(mark)
            var message = problem
            if problem == "found character that cannot start any token",
                let byte = byte(atCharacter: Int(mark.index), in: input)
            {
                if byte == 0x09 {
                    message =
                        "found a tab character where YAML allows only spaces (tabs cannot indent or start a token)"
                } else if byte >= 0x21 && byte < 0x7F {
                    message = "found character '\(Character(Unicode.Scalar(byte)))' that cannot start any token"
                }
            }
            if let context = parser.context.map({ String(cString: $0) }), context != "while scanning for the next token"
            {
                let contextMark = parser.context_mark
                if contextMark.index == mark.index {
                    message += " (\(context))"
                } else {
                    let contextAt = positions.location(contextMark)
                    message += " (\(context) at \(contextAt.line):\(contextAt.column))"
                }
            }
            return LoadError(message, at: at)
        }
    }

    /// The first byte of the character libyaml counted as `index` (UTF-8 input only).
    static func byte(atCharacter index: Int, in input: UnsafeBufferPointer<UInt8>) -> UInt8? {
        if input.count >= 2 && ((input[0] == 0xFE && input[1] == 0xFF) || (input[0] == 0xFF && input[1] == 0xFE)) {
            return nil
        }
        var characters = 0
        var offset = input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while offset < input.count {
            if input[offset] & 0xC0 != 0x80 {
                if characters == index { return input[offset] }
                characters += 1
            }
            offset += 1
        }
        return nil
    }
}
