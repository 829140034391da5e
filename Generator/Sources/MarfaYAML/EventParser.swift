import CYaml

/// Drives libyaml's event parser over a byte buffer and feeds the events to a `TreeBuilder`.
enum EventParser {
    static func parse(_ bytes: [UInt8], file: String, limits: LoadLimits) throws(LoadError) -> LoadedDocument {
        let start = SourceLocation(file: file, line: 1, column: 1)
        if bytes.isEmpty { throw LoadError("the document is empty", at: start) }
        let rewrite = JSONSurrogates.rewrite(bytes)
        let text = rewrite?.bytes ?? bytes

        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            throw LoadError("libyaml could not start (out of memory)", at: start)
        }
        defer { yaml_parser_delete(parser) }

        let outcome = text.withUnsafeBufferPointer { input -> Result<LoadedDocument, LoadError> in
            let positions = PositionMap(file: file, input: input, surrogates: rewrite?.map)
            yaml_parser_set_input_string(parser, input.baseAddress, input.count)
            var builder = TreeBuilder(positions: positions, limits: limits)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(parser, &event) == 1 else {
                    return .failure(LibYAMLError.convert(parser.pointee, input: input, positions: positions))
                }
                defer { yaml_event_delete(&event) }
                do throws(LoadError) {
                    if try builder.handle(event) { break }
                } catch {
                    return .failure(error)
                }
            }
            return Result { () throws(LoadError) in try builder.finish() }
        }
        return try outcome.get()
    }
}
