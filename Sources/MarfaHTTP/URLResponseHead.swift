import Foundation
import MarfaOpenAPIRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An `HTTPURLResponse` as the head `URLSessionTransport` answers with.
enum URLResponseHead {
    /// The status and fields of `response`, fields in name order (URLSession keeps them in a
    /// dictionary). When URLSession has decoded a compressed body, `Content-Encoding` and
    /// `Content-Length` are dropped: they describe bytes the reader never sees.
    static func response(of response: HTTPURLResponse) -> HTTPResponse {
        var fields: [HTTPFields.Field] = []
        for (name, value) in response.allHeaderFields {
            guard let name = name as? String else { continue }
            fields.append(HTTPFields.Field(name: name, value: value as? String ?? "\(value)"))
        }
        fields.sort { $0.name.lowercased() < $1.name.lowercased() }
        var head = HTTPResponse(status: response.statusCode, headerFields: HTTPFields(fields))
        if let encoding = head.headerFields["Content-Encoding"], encoding.lowercased() != "identity" {
            head.headerFields["Content-Encoding"] = nil
            head.headerFields["Content-Length"] = nil
        }
        return head
    }

    /// About how many bytes the head took on the wire: the status line and one line per field.
    static func size(of head: HTTPResponse) -> Int {
        head.headerFields.reduce(17) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 } + 2
    }

    /// Whether a response to `method` with `status` has a body.
    static func hasBody(method: HTTPMethod, status: Int) -> Bool {
        method != .head && status != 204 && status != 304 && !(100..<200).contains(status)
    }

    /// The body's length from `Content-Length`, when the head gives one without `Transfer-Encoding`.
    static func bodyLength(of head: HTTPResponse) -> HTTPBody.Length {
        guard head.headerFields["Transfer-Encoding"] == nil, let text = head.headerFields["Content-Length"],
            let count = Int64(text), count >= 0
        else { return .unknown }
        return .known(count)
    }
}
