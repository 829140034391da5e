#if canImport(CCurl)
/// What the copies of one `CurlTransport` share: its event loop. The loop stops when the last
/// transport copy and the last transfer holding the engine are gone.
final class CurlEngine: Sendable {
    let loop: CurlEventLoop
    let bases = BaseURLCache()

    init(configuration: CurlTransport.Configuration) {
        loop = CurlEventLoop(configuration: configuration)
    }

    deinit { loop.stop() }
}
#endif
