import Foundation

/// A `multipart/form-data` (or other multipart) body: a list of parts, each with headers and bytes.
public struct MultipartBody: Sendable, Hashable {
    /// One part of a multipart body.
    public struct Part: Sendable, Hashable {
        /// The part's own header fields, such as `Content-Disposition`.
        public var headerFields: HTTPFields
        /// The part's bytes.
        public var body: [UInt8]

        /// A part of `headerFields` and `body`.
        public init(headerFields: HTTPFields = HTTPFields(), body: [UInt8]) {
            self.headerFields = headerFields
            self.body = body
        }

        /// A form field named `name`; with a `filename`, a file.
        public init(name: String, filename: String? = nil, contentType: String? = nil, body: [UInt8]) {
            var fields = HTTPFields()
            var disposition = "form-data; name=\"\(Self.quoted(name))\""
            if let filename { disposition += "; filename=\"\(Self.quoted(filename))\"" }
            fields["Content-Disposition"] = disposition
            if let contentType { fields["Content-Type"] = contentType }
            self.init(headerFields: fields, body: body)
        }

        /// The `name` of the part's `Content-Disposition`.
        public var name: String? { dispositionParameter("name") }
        /// The `filename` of the part's `Content-Disposition`.
        public var filename: String? { dispositionParameter("filename") }

        private func dispositionParameter(_ key: String) -> String? {
            guard let disposition = headerFields["Content-Disposition"] else { return nil }
            for piece in disposition.split(separator: ";").dropFirst() {
                let kv = piece.trimmingSpaces.split(separator: "=", maxSplits: 1)
                guard kv.count == 2, kv[0].lowercased() == key else { continue }
                var value = kv[1]
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                    value = value.dropFirst().dropLast()
                }
                return value.replacingOccurrences(of: "\\\"", with: "\"")
            }
            return nil
        }

        static func quoted(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: "")
        }
    }

    /// Thrown when a body is not well-formed multipart.
    public struct FormatError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The parts, in order.
    public var parts: [Part]
    /// The text that separates the parts on the wire.
    public var boundary: String

    /// A body of `parts`, separated by `boundary` (a random one unless given).
    public init(parts: [Part], boundary: String = "marfa-" + UUID().uuidString.lowercased()) {
        self.parts = parts
        self.boundary = boundary
    }

    /// The parts named `name`.
    public func parts(named name: String) -> [Part] { parts.filter { $0.name == name } }

    /// The body bytes, framed by the boundary.
    public func encoded() -> HTTPBody {
        var out: [UInt8] = []
        for part in parts {
            out += Array("--\(boundary)\r\n".utf8)
            for field in part.headerFields { out += Array("\(field.name): \(field.value)\r\n".utf8) }
            out += Array("\r\n".utf8)
            out += part.body
            out += Array("\r\n".utf8)
        }
        out += Array("--\(boundary)--\r\n".utf8)
        return HTTPBody(out)
    }

    /// Parses `bytes` framed by the boundary named in `contentType`.
    public init(parsing bytes: [UInt8], contentType: String?) throws {
        guard let contentType,
            let boundary = contentType.split(separator: ";").dropFirst().lazy.map({ $0.trimmingSpaces })
                .first(where: { $0.lowercased().hasPrefix("boundary=") })?.dropFirst(9)
        else { throw FormatError(description: "The multipart content type names no boundary.") }
        var name = String(boundary)
        if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 { name = String(name.dropFirst().dropLast()) }
        let delimiter = Array("--\(name)".utf8)
        var parts: [Part] = []
        guard var index = Self.find(delimiter, in: bytes, from: 0) else {
            throw FormatError(description: "The multipart body has no boundary line.")
        }
        while true {
            index += delimiter.count
            if bytes.count >= index + 2, bytes[index] == 45, bytes[index + 1] == 45 { break }
            guard let headEnd = Self.find(Array("\r\n\r\n".utf8), in: bytes, from: index) else {
                throw FormatError(description: "A multipart part has no end of headers.")
            }
            var fields = HTTPFields()
            for line in String(decoding: bytes[index..<headEnd], as: UTF8.self).split(separator: "\r\n") {
                let kv = line.split(separator: ":", maxSplits: 1)
                if kv.count == 2 { fields.append(name: String(kv[0]), value: String(kv[1].trimmingSpaces)) }
            }
            let start = headEnd + 4
            guard let next = Self.find(Array("\r\n".utf8) + delimiter, in: bytes, from: start) else {
                throw FormatError(description: "A multipart part is not closed by the boundary.")
            }
            parts.append(Part(headerFields: fields, body: Array(bytes[start..<next])))
            index = next + 2
        }
        self.init(parts: parts, boundary: name)
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else {
            return nil
        }
        let first = needle[0]
        var i = start
        while i <= haystack.count - needle.count {
            if haystack[i] == first && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
