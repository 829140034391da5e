import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Bytes written to the instance on one TCP connection exactly as given — framing no HTTP library
/// would send — and the answers read back, on a thread of its own so no blocking socket call runs
/// on the cooperative pool.
enum RawConnection {
    /// One answer as it came over the wire.
    struct Answer: Sendable {
        let status: Int
        /// Header fields, names lowercased.
        let headers: [String: String]
        let body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }
        /// `error.code` of the error envelope, when the body is one.
        var envelopeCode: String? {
            guard headers["content-type"]?.hasPrefix("application/json") == true,
                let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
                let error = object["error"] as? [String: Any], error["message"] is String
            else { return nil }
            return error["code"] as? String
        }
    }

    /// What one connection saw.
    struct Exchange: Sendable {
        /// The answers read, in order.
        let answers: [Answer]
        /// Whether the server closed the connection (read as end of file), when asked to read on.
        let closed: Bool
    }

    /// Connects to `port`, writes `bytes`, reads `answers` answers, then (when `untilClosed`) reads
    /// on to the end of the connection to learn whether the server closes it. A server that neither
    /// answers nor closes fails the read after `failAfter` seconds: a bound for a broken server,
    /// not a wait a passing test makes.
    static func exchange(
        port: Int, _ bytes: [UInt8], answers count: Int = 1, untilClosed: Bool = false, failAfter seconds: Int = 20
    ) async -> Exchange {
        await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(
                    returning: run(port: port, bytes, answers: count, untilClosed: untilClosed, failAfter: seconds))
            }.start()
        }
    }

    static func exchange(port: Int, _ text: String, answers count: Int = 1, untilClosed: Bool = false) async -> Exchange
    {
        await exchange(port: port, Array(text.utf8), answers: count, untilClosed: untilClosed)
    }

    private static func run(
        port: Int, _ bytes: [UInt8], answers count: Int, untilClosed: Bool, failAfter seconds: Int
    ) -> Exchange {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return Exchange(answers: [], closed: false) }
        defer { close(fd) }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return Exchange(answers: [], closed: false) }
        var reader = Reader(fd: fd)
        // The server may answer and close before every byte is written; what it read is what counts.
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answers: [Answer] = []
        while answers.count < count, let answer = reader.answer() { answers.append(answer) }
        return Exchange(answers: answers, closed: untilClosed && reader.readsToEnd())
    }

    /// Reads answers off a socket: a head, then a `Content-Length` body.
    private struct Reader {
        let fd: Int32
        var buffer: [UInt8] = []
        var ended = false

        init(fd: Int32) { self.fd = fd }

        mutating func fill() -> Bool {
            var chunk = [UInt8](repeating: 0, count: 64 << 10)
            let read = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard read > 0 else {
                ended = read == 0 || errno == ECONNRESET
                return false
            }
            buffer += chunk[..<read]
            return true
        }

        mutating func answer() -> Answer? {
            let separator: [UInt8] = Array("\r\n\r\n".utf8)
            var end: Int?
            while end == nil {
                end = buffer.firstRange(of: separator)?.lowerBound
                if end == nil, !fill() { return nil }
            }
            let head = String(decoding: buffer[..<end!], as: UTF8.self).components(separatedBy: "\r\n")
            buffer.removeFirst(end! + separator.count)
            let statusLine = head[0].split(separator: " ")
            guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
            var headers: [String: String] = [:]
            for line in head.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                    in: .whitespaces)
            }
            let length = Int(headers["content-length"] ?? "0") ?? 0
            while buffer.count < length { if !fill() { return nil } }
            let body = Array(buffer[..<length])
            buffer.removeFirst(length)
            return Answer(status: status, headers: headers, body: body)
        }

        /// Reads until the server closes the connection (true) or the read times out (false).
        mutating func readsToEnd() -> Bool {
            while fill() {}
            return ended
        }
    }
}
