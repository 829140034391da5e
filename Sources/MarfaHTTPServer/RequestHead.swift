import MarfaOpenAPIRuntime

/// A request's line and header fields as libmicrohttpd parsed them, checked before any body is
/// read or handler runs: the framing RFC 9112 §6 calls ambiguous, a missing `Host`, and the size limits.
struct RequestHead {
    /// Why a head is refused: the status, a snake_case code and a sentence.
    struct Problem: Equatable {
        let status: Int
        let code: String
        let message: String
    }

    let target: String
    /// `HTTP/1.1` or `HTTP/1.0`, as the request line gave it.
    let version: String
    let headers: HTTPFields

    /// The first problem, or nil for a head the server answers. Each problem closes the connection:
    /// after an ambiguous framing the next request on it cannot be found safely.
    func problem(limits: MicroHTTPDServer.Configuration) -> Problem? {
        if target.utf8.count > limits.maxTargetBytes {
            return Problem(
                status: 414, code: "uri_too_long",
                message: "The request target is longer than \(limits.maxTargetBytes) bytes.")
        }
        if headers.count > limits.maxHeaderCount {
            return Problem(
                status: 431, code: "headers_too_large",
                message: "The request has more than \(limits.maxHeaderCount) header fields.")
        }
        let headerBytes = headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
        if headerBytes > limits.maxHeaderBytes {
            return Problem(
                status: 431, code: "headers_too_large",
                message: "The request's header fields are longer than \(limits.maxHeaderBytes) bytes.")
        }
        return framingProblem()
    }

    /// Field names with blanks, both `Content-Length` and `Transfer-Encoding`, `Content-Length`s
    /// that are unreadable or differ, and an HTTP/1.1 request without exactly one `Host`. One pass
    /// over the names, compared in any case as `HTTPFields` compares them.
    private func framingProblem() -> Problem? {
        var lengths: [Substring] = []
        var hasTransferEncoding = false
        var hosts = 0
        for field in headers {
            let name = field.name
            if name.isEmpty || name.utf8.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                return badRequest("A header field's name holds a space (as in 'Host :'), which RFC 9112 forbids.")
            }
            if HTTPFields.same(name, "content-length") {
                lengths += field.value.split(separator: ",", omittingEmptySubsequences: false).map(\.trimmingSpaces)
            } else if HTTPFields.same(name, "transfer-encoding") {
                hasTransferEncoding = true
            } else if HTTPFields.same(name, "host") {
                hosts += 1
            }
        }
        if !lengths.isEmpty && hasTransferEncoding {
            return badRequest("The request has both Content-Length and Transfer-Encoding (RFC 9112 §6.1).")
        }
        if lengths.contains(where: { $0.isEmpty || !$0.utf8.allSatisfy { (0x30...0x39).contains($0) } }) {
            return badRequest("The request's Content-Length is not a number (RFC 9112 §6.3).")
        }
        if let first = lengths.first?.drop(while: { $0 == "0" }),
            lengths.dropFirst().contains(where: { $0.drop(while: { $0 == "0" }) != first })
        {
            return badRequest("The request has differing Content-Length values (RFC 9112 §6.3).")
        }
        if version == "HTTP/1.1" && hosts != 1 {
            return badRequest(
                hosts == 0 ? "An HTTP/1.1 request needs a Host header." : "The request has more than one Host header.")
        }
        return nil
    }

    private func badRequest(_ message: String) -> Problem {
        Problem(status: 400, code: "bad_request", message: message)
    }
}
