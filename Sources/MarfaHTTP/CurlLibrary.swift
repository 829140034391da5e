#if canImport(CCurl)
import CCurl

/// libcurl's process-wide set-up, done once before the first handle is made.
enum CurlLibrary {
    private static let initialized: Bool = curl_global_init(CCURL_GLOBAL_DEFAULT) == CURLE_OK

    /// Sets libcurl up, once per process; later calls do nothing.
    static func initialize() {
        precondition(initialized, "libcurl could not be initialized")
    }
}
#endif
