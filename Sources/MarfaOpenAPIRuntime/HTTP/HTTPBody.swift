import Foundation
import Synchronization

/// A request or response body: an asynchronous sequence of byte chunks.
///
/// A body made from bytes in memory can be read any number of times; a body made from a stream
/// (a download, an event stream) is read once, and a second read throws `HTTPBody.SecondIterationError`.
public final class HTTPBody: AsyncSequence, Sendable {
    public typealias Element = ArraySlice<UInt8>

    /// The body's length, when known before reading it.
    public enum Length: Sendable, Hashable {
        /// The length is not known until the body has been read.
        case unknown
        /// The body holds exactly this many bytes.
        case known(Int64)
    }

    /// Whether the body can be read more than once.
    public enum IterationBehavior: Sendable, Hashable {
        /// The body can be read once, as when it streams from the network.
        case single
        /// The body can be read any number of times, as when it is held in memory.
        case multiple
    }

    /// Thrown when a body that can be read once is read again.
    public struct SecondIterationError: Error, CustomStringConvertible {
        public var description: String { "This body was already read; it can be read only once." }
    }

    /// Thrown by `collect(upTo:)` when the body is longer than the limit.
    public struct TooManyBytesError: Error, CustomStringConvertible {
        /// The most bytes the caller allowed.
        public let limit: Int
        public var description: String { "The body is longer than the limit of \(limit) bytes." }
    }

    /// The body's length, when known before reading it.
    public let length: Length
    /// Whether the body can be read more than once.
    public let iterationBehavior: IterationBehavior

    private enum Source: Sendable {
        case bytes([UInt8])
        case sequence(@Sendable () -> AsyncIterator)
    }

    private let source: Source
    private let iterated = Mutex(false)
    /// The JSON value the bytes hold, when the body was made with it (`init(_:json:)`).
    package let json: OpenAPIValue?

    /// A body holding `bytes`.
    public convenience init(_ bytes: [UInt8]) { self.init(bytes, json: nil) }

    /// A body holding `bytes`, whose JSON value `value`, when given, was already read from them (by
    /// a server's strict reader): `ServerCall.json` decodes `value` instead of parsing the bytes again.
    package init(_ bytes: [UInt8], json value: OpenAPIValue?) {
        source = .bytes(bytes)
        length = .known(Int64(bytes.count))
        iterationBehavior = .multiple
        json = value
    }

    /// An empty body.
    public convenience init() { self.init([UInt8]()) }

    /// A body holding a copy of `bytes`.
    public convenience init(_ bytes: ArraySlice<UInt8>) { self.init(Array(bytes)) }

    /// A body holding the bytes of `data`.
    public convenience init(_ data: Data) { self.init([UInt8](data)) }

    /// A body holding `string` in UTF-8.
    public convenience init(_ string: String) { self.init(Array(string.utf8)) }

    /// A body read from an asynchronous sequence of chunks.
    public init<Chunks: AsyncSequence & Sendable>(
        _ chunks: Chunks, length: Length, iterationBehavior: IterationBehavior = .single
    ) where Chunks.Element == ArraySlice<UInt8> {
        source = .sequence { AsyncIterator(chunks.makeAsyncIterator()) }
        self.length = length
        self.iterationBehavior = iterationBehavior
        json = nil
    }

    /// A body read from an asynchronous sequence of byte arrays.
    public convenience init<Chunks: AsyncSequence & Sendable>(
        byteChunks chunks: Chunks, length: Length, iterationBehavior: IterationBehavior = .single
    ) where Chunks.Element == [UInt8] {
        self.init(chunks.map { ArraySlice($0) }, length: length, iterationBehavior: iterationBehavior)
    }

    /// The bytes, when the body was made from bytes in memory.
    public var bytesInMemory: [UInt8]? {
        if case .bytes(let bytes) = source { return bytes }
        return nil
    }

    public func makeAsyncIterator() -> AsyncIterator {
        if iterationBehavior == .single {
            let again = iterated.withLock { was in
                defer { was = true }
                return was
            }
            if again { return AsyncIterator(failing: SecondIterationError()) }
        }
        switch source {
        case .bytes(let bytes): return AsyncIterator(once: bytes)
        case .sequence(let make): return make()
        }
    }

    /// Reads the whole body into memory, throwing `TooManyBytesError` past `limit` bytes.
    public func collect(upTo limit: Int) async throws -> [UInt8] {
        if case .known(let known) = length, known > Int64(limit) { throw TooManyBytesError(limit: limit) }
        if case .bytes(let bytes) = source { return bytes }
        var result: [UInt8] = []
        if case .known(let known) = length { result.reserveCapacity(Int(known)) }
        for try await chunk in self {
            guard result.count + chunk.count <= limit else { throw TooManyBytesError(limit: limit) }
            result.append(contentsOf: chunk)
        }
        return result
    }

    /// A type-erased iterator over the body's chunks.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let produce: () async throws -> ArraySlice<UInt8>?

        init<Base: AsyncIteratorProtocol>(_ base: Base) where Base.Element == ArraySlice<UInt8> {
            var base = base
            produce = { try await base.next() }
        }

        init(once bytes: [UInt8]) {
            var done = bytes.isEmpty
            produce = {
                guard !done else { return nil }
                done = true
                return bytes[...]
            }
        }

        init(failing error: any Error) {
            produce = { throw error }
        }

        public mutating func next() async throws -> ArraySlice<UInt8>? { try await produce() }
    }
}

extension Data {
    /// Reads a whole body, throwing `HTTPBody.TooManyBytesError` past `limit` bytes.
    public init(collecting body: HTTPBody, upTo limit: Int) async throws {
        self.init(try await body.collect(upTo: limit))
    }
}

extension String {
    /// Reads a whole body as UTF-8, throwing `HTTPBody.TooManyBytesError` past `limit` bytes.
    public init(collecting body: HTTPBody, upTo limit: Int) async throws {
        self = String(decoding: try await body.collect(upTo: limit), as: UTF8.self)
    }
}
