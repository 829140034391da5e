import MarfaOpenAPIRuntime

/// The checks every client transport applies to a request head before anything is sent, so both
/// refuse the same requests with the same `invalidRequest` errors. Error texts never show a value.
enum RequestHeadRules {
    /// Whether `byte` may appear in an HTTP token (a method or a field name).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Throws `invalidRequest` unless `method` is an HTTP token.
    static func checkMethod(_ method: String) throws(HTTPClientError) {
        guard !method.isEmpty, method.utf8.allSatisfy(isTokenByte) else {
            throw .invalidRequest(reason: "the method is not an HTTP token")
        }
    }

    /// Throws `invalidRequest` for a field whose name is not a token or whose value holds a line
    /// break or a NUL (which would let it forge further fields).
    static func checkField(_ field: HTTPFields.Field) throws(HTTPClientError) {
        guard !field.name.isEmpty, field.name.utf8.allSatisfy(isTokenByte) else {
            throw .invalidRequest(reason: "a header field name is not an HTTP token")
        }
        guard !field.value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0 }) else {
            throw .invalidRequest(reason: "the value of header field \(field.name) holds a line break")
        }
    }

    /// Whether the transport writes the field itself from the body (Content-Length, Transfer-Encoding),
    /// so a caller's value is dropped.
    static func isFraming(_ name: String) -> Bool {
        switch name.lowercased() {
        case "content-length", "transfer-encoding": true
        default: false
        }
    }

    /// Methods whose request carries a body even when the caller gave none (an empty one).
    static func sendsEmptyBody(_ method: String) -> Bool {
        method == "POST" || method == "PUT" || method == "PATCH"
    }
}
