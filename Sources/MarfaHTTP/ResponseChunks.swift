import MarfaOpenAPIRuntime

/// What a response body's reader needs from the exchange that fills its buffer: the buffer, a way
/// to let a transfer paused for the reader go on, and a way to stop it.
protocol ResponseBodyProducer: AnyObject, Sendable {
    /// The bytes waiting for the reader.
    var buffer: ResponseBodyBuffer { get }
    /// The reader took enough bytes that a transfer paused for it may go on.
    func readerCaughtUp()
    /// Stops the transfer with `error` (the reader was canceled, or dropped the body early).
    func abort(_ error: any Error)
}

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

/// The reading end of an exchange's body. Cancelling the reading task aborts the exchange; so does
/// dropping the body before its end.
final class ResponseBodyReader: Sendable {
    let producer: any ResponseBodyProducer

    init(producer: any ResponseBodyProducer) { self.producer = producer }

    deinit {
        if !producer.buffer.isClosed { producer.abort(CancellationError()) }
    }

    func next() async throws -> ArraySlice<UInt8>? {
        let producer = producer
        do {
            return try await producer.buffer.next { producer.readerCaughtUp() }
        } catch let error as CancellationError {
            producer.abort(error)
            throw error
        }
    }
}
