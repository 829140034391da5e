import MarfaHTTP
import MarfaOpenAPIRuntime

/// The transport reports go through: the one place to change when MarfaHTTP's platform default
/// takes over.
enum TelemetryTransport {
    /// Where libcurl is there, a `CurlTransport` whose calls end within 10 seconds (connecting
    /// within 5), so a silent receiver never keeps a send, or the one logs drain, for long;
    /// elsewhere MarfaHTTP's platform default.
    static func make() -> any ClientTransport {
        #if canImport(CCurl)
        CurlTransport(
            configuration: CurlTransport.Configuration(
                deadline: .seconds(10), idleTimeout: .seconds(10), connectTimeout: .seconds(5)))
        #else
        DefaultTransport.make()
        #endif
    }
}
