import Foundation

/// The absolute URL of a request, made from a base URL and a request's origin-form target.
struct RequestTarget: Sendable, Equatable {
    /// The URL handed to libcurl.
    let url: String
    /// `scheme://host[:port]`, without user information: the only part of the URL errors show.
    let origin: String

    /// Joins `baseURL` (http or https, perhaps with a path prefix) and `path` (percent-encoded, from `/`)
    /// without doubling or losing a slash. The base URL's query and fragment are dropped.
    init(baseURL: URL, path: String) throws(HTTPClientError) {
        guard let scheme = baseURL.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .invalidRequest(reason: "the base URL must be an http or https URL")
        }
        guard let host = baseURL.host, !host.isEmpty else {
            throw .invalidRequest(reason: "the base URL has no host")
        }
        guard path.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "#") }) else {
            throw .invalidRequest(reason: "the request path holds a character that is not percent-encoded")
        }
        var base = Substring(baseURL.absoluteString)
        if let end = base.firstIndex(where: { $0 == "?" || $0 == "#" }) { base = base[..<end] }
        let authorityStart = base.range(of: "://").map(\.upperBound) ?? base.startIndex
        while base.hasSuffix("/"), base.index(before: base.endIndex) >= authorityStart,
            base[authorityStart...].contains("/")
        {
            base = base.dropLast()
        }
        if path.isEmpty {
            url = String(base) + "/"
        } else if path.hasPrefix("/") || path.hasPrefix("?") {
            url = String(base) + path
        } else {
            url = String(base) + "/" + path
        }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        origin = "\(scheme)://\(shownHost)" + (baseURL.port.map { ":\($0)" } ?? "")
    }

    /// The origin (`scheme://host[:port]`) of an absolute URL string, or nil for a relative one.
    static func origin(of location: String) -> String? {
        guard let url = URL(string: location), let scheme = url.scheme, let host = url.host else { return nil }
        return "\(scheme.lowercased())://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }
}
