import MarfaOpenAPIRuntime
/// A response body's chunks as they arrive, for `HTTPBody`. Read once.
struct ResponseChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    let reader: ResponseBodyReader

    func makeAsyncIterator() -> Iterator { Iterator(reader: reader) }

    struct Iterator: AsyncIteratorProtocol {
        let reader: ResponseBodyReader

        mutating func next() async throws -> ArraySlice<UInt8>? { try await reader.next() }
    }
}

/// The reading end of a transfer's body. Cancelling the reading task aborts the transfer; so does
/// dropping the body before its end.
final class ResponseBodyReader: Sendable {
    let transfer: CurlTransfer

    init(transfer: CurlTransfer) { self.transfer = transfer }

    deinit {
        if !transfer.buffer.isClosed { transfer.abort(CancellationError()) }
    }

    func next() async throws -> ArraySlice<UInt8>? {
        let transfer = transfer
        do {
            return try await transfer.buffer.next { transfer.engine.loop.post(.resume(transfer)) }
        } catch let error as CancellationError {
            transfer.abort(error)
            throw error
        }
    }
}
