extension JSONValue {
    /// The deepest nesting of arrays and objects `init(json:)` reads.
    public static let nestingLimit = JSONTextParser.maximumDepth

    /// The one JSON value `text` holds, read strictly: RFC 8259, with I-JSON's rule that an object
    /// names each member once. Objects keep their members' order.
    /// - Throws: `MarfaError.validation` with code `invalid_json`; `details["offset"]` is the byte
    ///   where reading stopped and `details["reason"]` one of `syntax` (a trailing comma, a comment,
    ///   anything outside the grammar), `duplicate_member`, `too_deep` (past `nestingLimit`) or
    ///   `invalid_utf8`.
    public init(json text: String) throws(MarfaError) {
        try self.init(json: Array(text.utf8))
    }

    /// The one JSON value the UTF-8 `bytes` hold, read as `init(json:)` reads text.
    /// - Throws: `MarfaError.validation` with code `invalid_json`, as `init(json:)` for text.
    public init(json bytes: some Collection<UInt8>) throws(MarfaError) {
        do {
            self = try JSONTextParser.parse(Array(bytes))
        } catch {
            throw JSONTextRefusal.error(for: error)
        }
    }

    /// The value as compact JSON text: no blanks, members in order, only what JSON requires escaped;
    /// the same value always gives the same text. A non-finite number is written as `null`.
    public func json() -> String { JSONTextWriter.text(self) }
}

extension JSONObject {
    /// The JSON object `text` holds, read as `JSONValue(json:)` reads it, members in order.
    /// - Throws: `MarfaError.validation` with code `invalid_json`, as `JSONValue(json:)`; the
    ///   reason `not_an_object` when the text holds another kind of value.
    public init(json text: String) throws(MarfaError) {
        try self.init(json: Array(text.utf8))
    }

    /// The JSON object the UTF-8 `bytes` hold, read as `JSONValue(json:)` reads them.
    /// - Throws: `MarfaError.validation` with code `invalid_json`, as `init(json:)` for text.
    public init(json bytes: some Collection<UInt8>) throws(MarfaError) {
        guard case .object(let object) = try JSONValue(json: bytes) else {
            throw JSONTextRefusal.error(
                "The JSON text holds a value that is not an object.", reason: "not_an_object", offset: 0)
        }
        self = object
    }

    /// The object as compact JSON text, members in order; the same object always gives the same text.
    public func json() -> String { JSONTextWriter.text(.object(self)) }
}

/// A parser's refusal as the `MarfaError` `init(json:)` throws.
enum JSONTextRefusal {
    static func error(for failure: JSONTextParser.Failure) -> MarfaError {
        switch failure {
        case .invalidUTF8(let offset): error(failure.description, reason: "invalid_utf8", offset: offset)
        case .duplicateMember(let name, let offset):
            error(failure.description, reason: "duplicate_member", offset: offset, member: name)
        case .tooDeep(let offset): error(failure.description, reason: "too_deep", offset: offset)
        case .syntax(let offset): error(failure.description, reason: "syntax", offset: offset)
        }
    }

    static func error(_ message: String, reason: String, offset: Int, member: String? = nil) -> MarfaError {
        var details: JSONObject = ["reason": .string(reason), "offset": .int(Int64(offset))]
        if let member { details["member"] = .string(member) }
        return .validation(code: "invalid_json", message: message, details: details)
    }
}
