import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A TCP listener on 127.0.0.1 that runs a scripted `session` on each accepted connection, on its
/// own thread, for behaviours a real server never shows (closing right after reading a request).
final class RawSocketServer: Sendable {
    let port: Int
    private let listener: Int32
    private let closed = Mutex(false)
    private let listenerClosed = DispatchSemaphore(value: 0)

    /// Listens on a free port; each connection runs `session` with its socket, which is closed after.
    init(session: @escaping @Sendable (Int32) -> Void) throws {
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
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = fd
        Thread { [self] in
            while true {
                let client = accept(fd, nil, nil)
                if self.closed.withLock({ $0 }) {
                    // Only this thread closes the listener, so its number is never reused under it.
                    if client >= 0 { close(client) }
                    close(fd)
                    self.listenerClosed.signal()
                    return
                }
                if client < 0 { continue }
                Thread {
                    session(client)
                    close(client)
                }.start()
            }
        }.start()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Stops accepting: wakes the accept thread, which closes the listener.
    func stop() {
        closed.withLock { $0 = true }
        shutdown(listener, Int32(SHUT_RDWR))
        _ = listenerClosed.wait(timeout: .now() + 5)
    }

    /// Reads from `socket` until a blank line ends a request head; false if the peer closed first.
    static func readHead(_ socket: Int32) -> Bool {
        var seen: [UInt8] = []
        var byte: UInt8 = 0
        while recv(socket, &byte, 1, 0) == 1 {
            seen.append(byte)
            if seen.count >= 4 && seen.suffix(4) == [13, 10, 13, 10] { return true }
        }
        return false
    }

    /// Writes `text` to `socket`.
    static func write(_ socket: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// A port on 127.0.0.1 that nothing listens on.
    static func closedPort() throws -> Int {
        let server = try RawSocketServer { _ in }
        server.stop()
        return server.port
    }
}
