import Foundation
import Synchronization

/// The absolute URL of a request, made from a base URL and a request's origin-form target.
struct RequestTarget: Sendable, Equatable {
    /// The URL handed to libcurl.
    let url: String
    /// `scheme://host[:port]`, without user information: the only part of the URL errors show.
    let origin: String

    /// What a base URL contributes: the URL up to its path, without trailing slashes, and its origin.
    struct Base: Sendable, Equatable {
        let prefix: String
        let origin: String

        /// Checks and splits `baseURL`: http or https, with a host; its query and fragment are dropped.
        init(_ baseURL: URL) throws(HTTPClientError) {
            guard let scheme = baseURL.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                throw .invalidRequest(reason: "the base URL must be an http or https URL")
            }
            guard let host = baseURL.host, !host.isEmpty else {
                throw .invalidRequest(reason: "the base URL has no host")
            }
            var base = Substring(baseURL.absoluteString)
            if let end = base.firstIndex(where: { $0 == "?" || $0 == "#" }) { base = base[..<end] }
            let authorityStart = base.range(of: "://").map(\.upperBound) ?? base.startIndex
            while base.hasSuffix("/"), base[authorityStart...].contains("/") { base = base.dropLast() }
            prefix = String(base)
            let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            origin = "\(scheme)://\(shownHost)" + (baseURL.port.map { ":\($0)" } ?? "")
        }
    }

    /// Joins `base` and `path` (percent-encoded, from `/`) without doubling or losing a slash.
    init(base: Base, path: String) throws(HTTPClientError) {
        guard path.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "#") }) else {
            throw .invalidRequest(reason: "the request path holds a character that is not percent-encoded")
        }
        if path.isEmpty {
            url = base.prefix + "/"
        } else if path.hasPrefix("/") || path.hasPrefix("?") {
            url = base.prefix + path
        } else {
            url = base.prefix + "/" + path
        }
        origin = base.origin
    }

    init(baseURL: URL, path: String) throws(HTTPClientError) {
        try self.init(base: Base(baseURL), path: path)
    }

    /// The origin (`scheme://host[:port]`) of an absolute URL string, or nil for a relative one.
    static func origin(of location: String) -> String? {
        guard let url = URL(string: location), let scheme = url.scheme, let host = url.host else { return nil }
        return "\(scheme.lowercased())://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }
}

/// The last base URL a transport saw, split: calls usually share one.
final class BaseURLCache: Sendable {
    private struct Entry: @unchecked Sendable {
        let url: URL
        let base: RequestTarget.Base
    }
    private let last = Mutex<Entry?>(nil)

    func base(for url: URL) throws(HTTPClientError) -> RequestTarget.Base {
        if let entry = last.withLock({ $0 }), entry.url == url { return entry.base }
        let base = try RequestTarget.Base(url)
        last.withLock { $0 = Entry(url: url, base: base) }
        return base
    }
}
