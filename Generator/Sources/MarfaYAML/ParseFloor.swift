import CYaml

/// libyaml's own event parse of a file and nothing else: no tree, no positions, no strings.
///
/// The least any loader built on libyaml can cost for a document, so `make bench-generator`
/// prints it beside the full generation as the floor that generation is measured against.
public enum ParseFloor {
    /// Reads the file at `path` and runs `yaml_parser_parse` over it to the end of the stream;
    /// answers the number of events, or a one-line reason the file could not be read or parsed.
    public static func eventCount(path: String) -> Result<Int, LoadError> {
        let location = SourceLocation(file: path, line: 1, column: 1)
        let bytes: [UInt8]
        switch FileBytes.read(path: path) {
        case .success(let read): bytes = read
        case .failure(let failure):
            return .failure(
                LoadError("cannot read \(quoted(path, limit: 400)): \(failure.reason)", at: location, kind: .unreadable)
            )
        }
        return eventCount(bytes, file: path)
    }

    /// Runs `yaml_parser_parse` over `bytes` to the end of the stream; answers the number of events.
    public static func eventCount(_ bytes: [UInt8], file: String) -> Result<Int, LoadError> {
        let location = SourceLocation(file: file, line: 1, column: 1)
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            return .failure(LoadError("libyaml could not start (out of memory)", at: location))
        }
        defer { yaml_parser_delete(parser) }
        return bytes.withUnsafeBufferPointer { input in
            yaml_parser_set_input_string(parser, input.baseAddress, input.count)
            var event = yaml_event_t()
            var count = 0
            while true {
                guard yaml_parser_parse(parser, &event) == 1 else {
                    let mark = parser.pointee.problem_mark
                    let at = SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
                    let problem =
                        parser.pointee.problem.map { String(cString: $0) } ?? "libyaml could not parse the document"
                    return .failure(LoadError(problem, at: at))
                }
                count += 1
                let ended = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                if ended { return .success(count) }
            }
        }
    }
}
