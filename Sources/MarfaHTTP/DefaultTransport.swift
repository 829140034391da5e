import MarfaOpenAPIRuntime

/// The client transport each platform uses unless told otherwise: `URLSessionTransport` on Apple
/// platforms (the system's own networking, proxies and power management), `CurlTransport` on Linux
/// (libcurl's multi interface, faster there than FoundationNetworking and with back-pressure).
public enum DefaultTransport {
    /// One transport with default settings, shared by every caller that takes the default; made on
    /// first use and kept for the life of the process, so its connections are reused.
    public static let shared: any ClientTransport = make()

    /// A new transport of this platform's default kind with default settings.
    public static func make() -> any ClientTransport {
        #if canImport(CCurl)
        CurlTransport()
        #else
        URLSessionTransport()
        #endif
    }
}
