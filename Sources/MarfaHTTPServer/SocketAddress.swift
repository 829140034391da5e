#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 socket address parsed from a literal, to bind a server to.
struct SocketAddress {
    private let storage: sockaddr_storage
    let isIPv6: Bool

    /// The address for `host` (an IP literal, or `localhost` for 127.0.0.1) and `port`, or nil.
    init?(host: String, port: UInt16) {
        let literal = host == "localhost" ? "127.0.0.1" : host.trimmingBrackets
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        var storage = sockaddr_storage()
        if inet_pton(AF_INET, literal, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            withUnsafeBytes(of: v4) { bytes in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
            }
            isIPv6 = false
        } else if inet_pton(AF_INET6, literal, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            withUnsafeBytes(of: v6) { bytes in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
            }
            isIPv6 = true
        } else {
            return nil
        }
        self.storage = storage
    }

    /// Calls `body` with a pointer to the address as a `sockaddr`.
    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>) -> R) -> R {
        withUnsafeBytes(of: storage) { body($0.baseAddress!.assumingMemoryBound(to: sockaddr.self)) }
    }
}

extension String {
    fileprivate var trimmingBrackets: String {
        hasPrefix("[") && hasSuffix("]") ? String(dropFirst().dropLast()) : self
    }
}
