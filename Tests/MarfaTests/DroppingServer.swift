import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP listener on 127.0.0.1 that reads each request's head and then closes the connection
/// without a word: a server that dropped the call after it was sent.
final class DroppingServer: Sendable {
    let port: Int
    private let listener: Int32
    private let stopped = Mutex(false)
    private let received = Mutex(0)

    init() throws {
        let (fd, port) = try Self.boundSocket()
        guard listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        self.port = port
        listener = fd
        // The thread alone closes the listener, so its descriptor can't be reused while it accepts.
        Thread { [self] in
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 {
                    if stopped.withLock({ $0 }) {
                        close(fd)
                        return
                    }
                    continue
                }
                if Self.readHead(client) { received.withLock { $0 += 1 } }
                close(client)
            }
        }.start()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// How many request heads arrived.
    var requestsReceived: Int { received.withLock { $0 } }

    /// Stops accepting; the accepting thread closes the listener.
    func stop() {
        stopped.withLock { $0 = true }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    /// A TCP socket bound to a free port on 127.0.0.1, not yet listening.
    private static func boundSocket() throws -> (Int32, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Reads until a blank line ends a request head; false when the peer closed first.
    private static func readHead(_ socket: Int32) -> Bool {
        var tail: [UInt8] = []
        var byte: UInt8 = 0
        while recv(socket, &byte, 1, 0) == 1 {
            tail.append(byte)
            if tail.count > 4 { tail.removeFirst() }
            if tail == [13, 10, 13, 10] { return true }
        }
        return false
    }

    /// A port on 127.0.0.1 that nothing listens on.
    static func closedPort() throws -> Int {
        let (fd, port) = try boundSocket()
        close(fd)
        return port
    }
}
