#if canImport(FoundationNetworking)
import Dispatch
import Foundation
import MarfaOpenAPIRuntime

/// A streamed request body read to its end before FoundationNetworking sends it.
///
/// FoundationNetworking reads a body stream with blocking calls on the one work queue all its
/// sessions share, so a read that waited for a slow producer would stop every URLSession call of the
/// process (and the calls starting one, which wait for that queue). So on Linux `URLSessionTransport`
/// gathers a streamed body first: in memory up to a limit, beyond it in a temporary file (mode 0600)
/// that FoundationNetworking reads without blocking and that is removed when the call ends. The
/// request then goes out with its `Content-Length`.
final class SpooledRequestBody: Sendable {
    /// Where the body is.
    let url: URL
    /// How many bytes it has.
    let length: Int64

    private init(url: URL, length: Int64) {
        self.url = url
        self.length = length
    }

    deinit {
        let url = url
        DispatchQueue.global(qos: .utility).async { try? FileManager.default.removeItem(at: url) }
    }

    /// Reads `body` to its end: its bytes when there are at most `memoryLimit`, else a spooled
    /// file. Throws `invalidRequest` when a declared length is not the body's, or the file cannot
    /// be written; the body's own error as it is.
    static func gather(_ body: HTTPBody, declared: Int64?, memoryLimit: Int) async throws -> RequestBodyPlan {
        var bytes: [UInt8] = []
        var file: SpoolWriter?
        var total: Int64 = 0
        for try await chunk in body {
            total += Int64(chunk.count)
            if let declared, total > declared {
                throw HTTPClientError.invalidRequest(
                    reason: "the request body is longer than the \(declared) bytes it declared")
            }
            if let file {
                try await file.write(chunk)
            } else if bytes.count + chunk.count <= memoryLimit {
                bytes.append(contentsOf: chunk)
            } else {
                let writer = try await SpoolWriter.open()
                file = writer
                try await writer.write(bytes[...])
                try await writer.write(chunk)
                bytes = []
            }
        }
        if let declared, total != declared {
            throw HTTPClientError.invalidRequest(
                reason: "the request body has \(total) bytes, not the \(declared) it declared")
        }
        guard let file else { return .bytes(bytes) }
        try await file.close()
        return .file(SpooledRequestBody(url: file.url, length: total))
    }
}

/// The file a body is spooled into, written on a queue of its own (file writes block).
private final class SpoolWriter: @unchecked Sendable {
    let url: URL
    private let handle: FileHandle
    private static let queue = DispatchQueue(label: "URLSessionTransport.spool")

    private init(url: URL, handle: FileHandle) {
        self.url = url
        self.handle = handle
    }

    static func open() async throws -> SpoolWriter {
        try await run {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-upload-\(UUID().uuidString)")
            guard
                FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]),
                let handle = FileHandle(forWritingAtPath: url.path)
            else {
                throw HTTPClientError.invalidRequest(
                    reason: "the request body could not be spooled to a temporary file")
            }
            return SpoolWriter(url: url, handle: handle)
        }
    }

    func write(_ chunk: ArraySlice<UInt8>) async throws {
        guard !chunk.isEmpty else { return }
        let data = Data(chunk)
        try await Self.run { [handle] in try handle.write(contentsOf: data) }
    }

    func close() async throws {
        try await Self.run { [handle] in try handle.close() }
    }

    private static func run<R: Sendable>(_ work: @escaping @Sendable () throws -> R) async throws -> R {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
#endif
