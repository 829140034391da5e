#if canImport(CCurl)
import Foundation

/// What the copies of one `CurlTransport` share: its event loops, one per core up to
/// `maxLoops`. A transfer goes to the loop with the fewest transfers in flight, the first on a
/// tie, so one caller's sequential requests stay on one loop and its connections. The loops stop
/// when the last transport copy and the last transfer holding the engine are gone.
final class CurlEngine: Sendable {
    /// More loops than this gain nothing over the server and the callers' own threads.
    static let maxLoops = 2

    let loops: [CurlEventLoop]
    let bases = BaseURLCache()

    init(configuration: CurlTransport.Configuration) {
        let count = max(1, min(Self.maxLoops, ProcessInfo.processInfo.activeProcessorCount))
        loops = (0..<count).map { _ in CurlEventLoop(configuration: configuration) }
    }

    /// The loop for a new transfer: the one with the fewest in flight.
    func loopForTransfer() -> CurlEventLoop {
        var chosen = loops[0]
        var least = chosen.inFlight.load(ordering: .relaxed)
        for loop in loops.dropFirst() {
            let count = loop.inFlight.load(ordering: .relaxed)
            if count < least { (chosen, least) = (loop, count) }
        }
        return chosen
    }

    /// The loops' counters added up.
    var statistics: CurlEventLoop.Statistics {
        loops.map(\.statistics).reduce(into: CurlEventLoop.Statistics()) { sum, one in
            sum.connectionsOpened += one.connectionsOpened
            sum.transfersFinished += one.transfersFinished
            sum.maxBufferedResponseBytes = max(sum.maxBufferedResponseBytes, one.maxBufferedResponseBytes)
            sum.receivePauses += one.receivePauses
        }
    }

    deinit { for loop in loops { loop.stop() } }
}
#endif
