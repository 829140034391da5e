#if canImport(CCurl)
import CCurl

/// A libcurl easy handle with the options every transfer of one transport shares, set once when
/// the handle is made: http and https only, redirects never followed, TLS peer and host name always
/// verified, the connect time limit, the piece size, the error buffer and the callbacks into
/// `CurlTransfer`.
///
/// After a transfer that succeeded the handle goes to the next one as it is (a reset and a fresh
/// set-up cost more than a small request): each transfer sets every option of its own request
/// again (`CurlTransfer.configure`), so nothing of one request carries over to the next. After a
/// transfer that failed or was stopped the handle is reset and set up anew.
final class CurlEasyHandle: @unchecked Sendable {
    let easy: UnsafeMutableRawPointer
    /// libcurl's message for a failed transfer; emptied before each transfer.
    let errorBuffer: UnsafeMutablePointer<CChar>

    private let configuration: CurlTransport.Configuration

    init(configuration: CurlTransport.Configuration) {
        guard let easy = curl_easy_init() else { fatalError("curl_easy_init failed") }
        self.easy = easy
        self.configuration = configuration
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        setShared()
    }

    /// Clears everything the last transfer left (`curl_easy_reset`) and sets the shared options again.
    func reset() {
        curl_easy_reset(easy)
        setShared()
    }

    deinit {
        curl_easy_cleanup(easy)
        errorBuffer.deallocate()
    }

    /// The bytes libcurl hands over at most per write callback: a quarter of the response buffer's
    /// bound, between libcurl's own 16 KiB and 256 KiB (fewer callbacks, chunks and wake-ups).
    static func pieceBytes(_ configuration: CurlTransport.Configuration) -> Int {
        min(max(ResponseBodyBuffer.bound(for: configuration.responseBufferBytes) / 4, 16 << 10), 256 << 10)
    }

    func set(_ option: CURLoption, _ value: Int) { _ = ccurl_easy_setopt_long(easy, option, value) }

    func set(_ option: CURLoption, _ value: String?) {
        if let value {
            _ = value.withCString { ccurl_easy_setopt_ptr(easy, option, $0) }
        } else {
            _ = ccurl_easy_setopt_ptr(easy, option, nil)
        }
    }

    private func setShared() {
        set(CURLOPT_NOSIGNAL, 1)
        set(CURLOPT_PROTOCOLS_STR, "http,https")
        set(CURLOPT_FOLLOWLOCATION, 0)
        set(CURLOPT_HTTP_VERSION, CCURL_HTTP_VERSION_2TLS)
        set(CURLOPT_SSL_VERIFYPEER, 1)
        set(CURLOPT_SSL_VERIFYHOST, 2)
        if let file = configuration.trustedCertificatesFile { set(CURLOPT_CAINFO, file) }
        set(CURLOPT_CONNECTTIMEOUT_MS, MonotonicTime.milliseconds(configuration.connectTimeout))
        set(CURLOPT_TCP_KEEPALIVE, 1)
        set(CURLOPT_PATH_AS_IS, 1)
        set(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
        set(CURLOPT_BUFFERSIZE, Self.pieceBytes(configuration))
        _ = ccurl_easy_setopt_ptr(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        setCallbacks()
    }

    /// The callbacks reach the transfer through the data pointers `CurlTransfer.configure` sets.
    private func setCallbacks() {
        _ = ccurl_easy_setopt_write(easy, CURLOPT_HEADERFUNCTION) { line, size, count, me in
            Unmanaged<CurlTransfer>.fromOpaque(me!).takeUnretainedValue().readHeaderLine(line, size * count)
        }
        _ = ccurl_easy_setopt_write(easy, CURLOPT_WRITEFUNCTION) { data, size, count, me in
            Unmanaged<CurlTransfer>.fromOpaque(me!).takeUnretainedValue().readBody(data, size * count)
        }
        _ = ccurl_easy_setopt_write(easy, CURLOPT_READFUNCTION) { buffer, size, count, me in
            Unmanaged<CurlTransfer>.fromOpaque(me!).takeUnretainedValue().readRequestBody(buffer, size * count)
        }
        _ = ccurl_easy_setopt_seek(easy, CURLOPT_SEEKFUNCTION) { me, offset, origin in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(me!).takeUnretainedValue()
            return offset == 0 && origin == SEEK_SET && transfer.source?.rewind() == true
                ? CCURL_SEEKFUNC_OK : CCURL_SEEKFUNC_CANTSEEK
        }
    }
}
#endif
