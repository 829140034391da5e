#if !canImport(FoundationNetworking)
import Foundation

/// A streamed request body as the `InputStream` Apple's URLSession reads it from: the input end of
/// a bound stream pair, whose output end a thread of its own fills from the body with blocking
/// writes (a bound pair not scheduled on a run loop blocks until the reader makes room).
///
/// The output end is closed, which URLSession reads as the end of the body, only after the body's
/// last byte. When the body fails the thread leaves it open, so nothing cut short goes out as
/// complete, and the exchange (which holds the pump) cancels the task before letting it go.
final class BoundStreamPump: @unchecked Sendable {
    /// The stream URLSession reads.
    let input: InputStream
    private let output: OutputStream

    /// Starts the thread that copies `body` into the pair; it ends when the body ends, fails or is
    /// closed, or when URLSession closes the input stream.
    init(reading body: StreamedRequestBody, bufferSize: Int) {
        var input: InputStream?
        var output: OutputStream?
        Stream.getBoundStreams(withBufferSize: bufferSize, inputStream: &input, outputStream: &output)
        guard let input, let output else { preconditionFailure("a bound stream pair could not be made") }
        self.input = input
        self.output = output
        let pieceSize = min(bufferSize, 64 << 10)
        let thread = Thread { [self] in copy(body, pieceSize: pieceSize) }
        thread.name = "URLSessionTransport body"
        thread.start()
    }

    private func copy(_ body: StreamedRequestBody, pieceSize: Int) {
        output.open()
        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: pieceSize, alignment: 1)
        defer { piece.deallocate() }
        while true {
            switch body.read(into: piece) {
            case .bytes(let count):
                guard write(piece.baseAddress!, count: count) else {
                    output.close()
                    return
                }
            case .end:
                output.close()
                return
            case .failed:
                return
            }
        }
    }

    /// Writes `count` bytes, blocking while the pair is full; false when the reader is gone.
    private func write(_ bytes: UnsafeMutableRawPointer, count: Int) -> Bool {
        var written = 0
        while written < count {
            let step = output.write(bytes.assumingMemoryBound(to: UInt8.self) + written, maxLength: count - written)
            if step <= 0 { return false }
            written += step
        }
        return true
    }
}
#endif
