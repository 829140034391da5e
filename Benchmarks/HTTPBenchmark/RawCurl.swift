#if canImport(CCurl)
import CCurl
import Foundation

/// Plain libcurl for comparison: blocking `curl_easy_perform` loops, one easy handle (and so one
/// kept-alive connection) per thread, bodies thrown away in the write callback, 64 KiB pieces.
enum RawCurl {
    /// Runs `threads` loops of GET `url` until `duration` has passed; answers requests and body bytes done.
    static func run(url: String, threads: Int, duration: Duration) async -> (requests: Int, bytes: Int) {
        let end = ContinuousClock.now + duration
        return await withTaskGroup(of: (Int, Int).self) { group in
            for _ in 0..<threads {
                group.addTask { await onThread { loop(url: url, until: end) } }
            }
            return await group.reduce(into: (0, 0)) { total, one in
                total.requests += one.0
                total.bytes += one.1
            }
        }
    }

    private static func loop(url: String, until end: ContinuousClock.Instant) -> (Int, Int) {
        guard let easy = curl_easy_init() else { return (0, 0) }
        defer { curl_easy_cleanup(easy) }
        _ = url.withCString { ccurl_easy_setopt_ptr(easy, CURLOPT_URL, $0) }
        _ = ccurl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = ccurl_easy_setopt_long(easy, CURLOPT_BUFFERSIZE, 256 << 10)  // the piece size CurlTransport uses
        _ = ccurl_easy_setopt_write(easy, CURLOPT_WRITEFUNCTION) { _, size, count, _ in size * count }
        var requests = 0
        var bytes = 0
        while ContinuousClock.now < end {
            guard curl_easy_perform(easy) == CURLE_OK else { break }
            var status = 0
            var size: curl_off_t = 0
            _ = ccurl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
            _ = ccurl_easy_getinfo_off(easy, CURLINFO_SIZE_DOWNLOAD_T, &size)
            guard status == 200 else { break }
            requests += 1
            bytes += Int(size)
        }
        return (requests, bytes)
    }

    /// Runs blocking `work` on a thread of its own, off Swift's cooperative pool.
    private static func onThread<R: Sendable>(_ work: @escaping @Sendable () -> R) async -> R {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }
}
#endif
