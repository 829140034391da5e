import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A TCP proxy on 127.0.0.1 in front of a local instance that cuts the connection once, after a
/// set number of bytes of the next request or of the next answer, then passes everything.
final class CuttingProxy: Sendable {
    enum Cut: Sendable, Equatable {
        /// Forward this many bytes of what the client sends next, then cut.
        case request(after: Int)
        /// Forward this many bytes of what the server answers next, then cut.
        case answer(after: Int)
    }

    private struct State {
        var cut: Cut?
        var sent = 0
        var answered = 0
        var cuts = 0
        /// Runs once when the client has sent this many bytes since the last `arm`.
        var tripwire: (after: Int, action: @Sendable () -> Void)?
    }

    let port: Int
    private let upstream: Int
    private let listener: Int32
    private let state = Mutex(State())

    init(upstreamPort: Int) throws {
        upstream = upstreamPort
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard fd >= 0, bound == 0, listen(fd, 64) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = fd
        Thread { [self] in
            while true {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }
                Thread { self.relay(client) }.start()
            }
        }.start()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Cuts the next exchange as `cut` says (nil: only counts its bytes).
    func arm(_ cut: Cut?) { state.withLock { $0 = State(cut: cut, cuts: $0.cuts) } }

    /// Runs `action` once the client has sent `after` bytes from now on (a test kills its client
    /// there), passing every byte.
    func trip(after: Int, _ action: @escaping @Sendable () -> Void) {
        state.withLock { $0 = State(cuts: $0.cuts, tripwire: (after, action)) }
    }

    /// The bytes of each direction since the last `arm`, and how many cuts were made in all.
    var counted: (sent: Int, answered: Int, cuts: Int) { state.withLock { ($0.sent, $0.answered, $0.cuts) } }

    func stop() { shutdown(listener, Int32(SHUT_RDWR)) }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }

    private func relay(_ client: Int32) {
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: upstream)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(client)
            close(server)
            return
        }
        let done = DispatchSemaphore(value: 0)
        Thread {
            self.pump(from: client, to: server, answer: false)
            done.signal()
        }.start()
        pump(from: server, to: client, answer: true)
        done.wait()
        close(client)
        close(server)
    }

    /// Copies bytes until either side closes or the armed cut fires, which shuts both down.
    private func pump(from source: Int32, to destination: Int32, answer: Bool) {
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            let allowed = allowance(count, answer: answer)
            if !answer, let action = tripped() { action() }
            if allowed > 0 {
                _ = buffer.withUnsafeBytes { send(destination, $0.baseAddress, allowed, Int32(MSG_NOSIGNAL)) }
            }
            if allowed < count { break }
        }
        shutdown(source, Int32(SHUT_RDWR))
        shutdown(destination, Int32(SHUT_RDWR))
    }

    /// The tripwire's action, once the bytes sent reach it; it is disarmed as it fires.
    private func tripped() -> (@Sendable () -> Void)? {
        state.withLock { state in
            guard let wire = state.tripwire, state.sent >= wire.after else { return nil }
            state.tripwire = nil
            return wire.action
        }
    }

    /// How many of `count` bytes may pass; fewer when the armed cut fires in this direction.
    private func allowance(_ count: Int, answer: Bool) -> Int {
        state.withLock { state in
            let before = answer ? state.answered : state.sent
            if answer { state.answered += count } else { state.sent += count }
            switch state.cut {
            case .request(let limit)? where !answer && before + count > limit,
                .answer(let limit)? where answer && before + count > limit:
                state.cut = nil
                state.cuts += 1
                return max(0, limit - before)
            default:
                return count
            }
        }
    }
}
