import Foundation

/// Which `Host` header values name this instance: the bound address, `127.0.0.1`, `::1` or
/// `localhost`, each with the bound port (no port means 80). An instance bound to every address
/// (`0.0.0.0`, `::`) also accepts any IP address literal, which a DNS-rebinding page cannot use.
/// A page on another name, resolving to this machine, is refused, so it cannot pass itself off as
/// the instance's own origin.
struct HostCheck: Sendable {
    /// The host the instance was asked to bind.
    let boundHost: String
    /// The port it listens on, known once it started.
    let boundPort: @Sendable () -> Int

    static let loopbackNames: Set<String> = ["127.0.0.1", "::1", "localhost"]

    /// Whether `header` names this instance.
    func accepts(_ header: String) -> Bool {
        let value = header.trimmingCharacters(in: .whitespaces).lowercased()
        let name: Substring
        let portText: Substring?
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return false }
            name = value[value.index(after: value.startIndex)..<close]
            let rest = value[value.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return false }
            portText = rest.isEmpty ? nil : rest.dropFirst()
        } else {
            let parts = value.split(separator: ":", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count) else { return false }
            name = parts[0]
            portText = parts.count == 2 ? parts[1] : nil
        }
        let port = portText.map { Int($0) ?? -1 } ?? 80
        guard port == boundPort() else { return false }
        let host = String(name)
        let bound = boundHost.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == bound || Self.loopbackNames.contains(host) { return true }
        let wildcard = bound == "0.0.0.0" || bound == "::" || bound.isEmpty
        return wildcard && Self.isAddressLiteral(host)
    }

    /// Whether `host` is an IPv4 or IPv6 address rather than a name.
    static func isAddressLiteral(_ host: String) -> Bool {
        if host.contains(":") { return host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." } }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                (1...3).contains(part.count) && part.allSatisfy(\.isASCII) && UInt8(part) != nil
            }
    }
}
