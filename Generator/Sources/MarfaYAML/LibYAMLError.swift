import CYaml

/// Turns libyaml's error state into a `LoadError` at the spot libyaml blames.
///
/// Scanner and parser errors use the problem mark; the message is libyaml's problem, followed by
/// its context and where that context began, e.g.
/// `did not find expected ',' or ']' (while parsing a flow sequence at 1:4)`.
/// Reader errors (bad encoding, control characters) carry a byte offset, turned into line:column.
/// A tab where a token should start gets a plainer message than libyaml's.
enum LibYAMLError {
    static func convert(_ parser: yaml_parser_t, input: UnsafeBufferPointer<UInt8>, file: String) -> LoadError {
        let problem = parser.problem.map { String(cString: $0) } ?? "the input is not valid YAML"
        switch parser.error {
        case YAML_MEMORY_ERROR:
            return LoadError("out of memory while parsing", at: SourceLocation(file: file, line: 1, column: 1))
        case YAML_READER_ERROR:
            let (line, column) = position(ofByte: parser.problem_offset, in: input)
            var message = problem
            if parser.problem_value != -1 {
                let hex = String(parser.problem_value, radix: 16, uppercase: true)
                message += " (0x\(hex.count < 2 ? "0" + hex : hex))"
            }
            return LoadError(message, at: SourceLocation(file: file, line: line, column: column))
        default:
            let mark = parser.problem_mark
            let at = SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
            var message = problem
            if problem == "found character that cannot start any token",
               let byte = byte(atCharacter: Int(mark.index), in: input)
            {
                if byte == 0x09 {
                    message = "found a tab character where YAML allows only spaces (tabs cannot indent or start a token)"
                } else if byte >= 0x21 && byte < 0x7F {
                    message = "found character '\(Character(Unicode.Scalar(byte)))' that cannot start any token"
                }
            }
            if let context = parser.context.map({ String(cString: $0) }) {
                let contextMark = parser.context_mark
                if contextMark.index == mark.index {
                    message += " (\(context))"
                } else {
                    message += " (\(context) at \(contextMark.line + 1):\(contextMark.column + 1))"
                }
            }
            return LoadError(message, at: at)
        }
    }

    /// 1-based line and column of a byte offset; columns count UTF-8 characters, like libyaml.
    static func position(ofByte offset: Int, in input: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let end = min(offset, input.count)
        while index < end {
            let byte = input[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= input.count || input[index + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 && byte != 0x0D {
                column += 1
            }
            index += 1
        }
        return (line, column)
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
