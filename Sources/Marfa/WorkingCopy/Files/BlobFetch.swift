import Foundation
import MarfaDigest
import MarfaOpenAPIRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fetches a blob's bytes with `GET /blobs/{hash}`, streamed to an incoming file beside the
/// others and hashed as they arrive; kept under the hash only when they hash to it.
///
/// A cut leaves the bytes that arrived in `.incoming-<hex>.part`, and the next fetch asks for the
/// rest with `Range`: a `206` whose `Content-Range` starts there is appended; a server that
/// answers the whole body instead (`200`), or another range, is read from the start; a `416`
/// drops what was kept and asks again from the start; kept bytes that already hash to the name
/// are kept without a request.
/// A body longer than the volume's free room throws `noRoom` before a byte is written. Bytes that
/// hash to another name throw `decoding` and are dropped.
struct BlobFetch: Sendable {
    let cache: BlobCache
    let server: Server

    /// How long the server may fall silent during a fetch.
    static let idleTimeout: Duration = .seconds(30)

    func fetch(_ hash: String) async throws(MarfaError) -> URL {
        let hex = try BlobHash.hex(of: hash)
        try cache.makeFolder()
        let partial = cache.folder.appendingPathComponent(".incoming-\(hex).part")
        var (hasher, have) = try await Self.hashed(partial)
        if have > 0, Hex.encode(hasher.finalize()) == hex { return try await settle(partial, as: hash) }
        let (response, body) = try await resumingRequest(hash: BlobHash.prefix + hex, partial: partial, from: &have)
        if response.status == 200 || !Self.resumes(response, at: have) {
            guard response.status == 200 || response.status == 206 else {
                throw .unnamed(
                    status: UInt16(clamping: response.status.code),
                    message: "Fetching \(hash) was answered \(response.status).")
            }
            (hasher, have) = (SHA256.Hasher(), 0)
            try await Self.truncate(partial)
        }
        if case .known(let length) = body?.length ?? .known(0) {
            try checkRoom(needed: UInt64(max(length, 0)))
        }
        hasher = try await receive(body, into: partial, hasher: hasher)
        let found = BlobHash.prefix + Hex.encode(hasher.finalize())
        guard found == BlobHash.prefix + hex else {
            unlink(partial.path)
            throw .decoding(
                message:
                    "The bytes the server sent for \(hash) hash to \(found), so they aren't the blob asked for; nothing was kept."
            )
        }
        return try await settle(partial, as: found)
    }

    /// Keeps the checked bytes at `partial` under `hash`.
    private func settle(_ partial: URL, as hash: String) async throws(MarfaError) -> URL {
        let cache = self.cache
        return try await BlobThread.run { () throws(MarfaError) -> URL in try cache.settle(partial, as: hash) }
    }

    /// `request` from `have`; a `416` (the bytes kept reach past the blob's end, so they are not
    /// its start) drops them and asks for the whole blob, setting `have` to 0.
    private func resumingRequest(
        hash: String, partial: URL, from have: inout UInt64
    ) async throws(MarfaError) -> (HTTPResponse, HTTPBody?) {
        do {
            return try await request(hash: hash, from: have)
        } catch {
            guard have > 0, Self.isUnsatisfiable(error) else { throw error }
            try await Self.truncate(partial)
            have = 0
            return try await request(hash: hash, from: 0)
        }
    }

    private static func isUnsatisfiable(_ error: MarfaError) -> Bool {
        switch error {
        case .server(let status, _, _), .unnamed(let status, _): status == 416
        default: false
        }
    }

    private func request(hash: String, from offset: UInt64) async throws(MarfaError) -> (HTTPResponse, HTTPBody?) {
        let server = self.server
        do {
            return try await server.run(timeout: nil, idleTimeout: Self.idleTimeout) {
                try await WireExchange(server: server).blob(hash: hash, from: offset)
            }
        } catch {
            if case .notFound = error {
                throw .bytesAbsent(hash: hash, reason: "not_found", message: "The server holds no bytes named \(hash).")
            }
            throw error
        }
    }

    /// Whether a 206 carries the rest from `offset`.
    private static func resumes(_ response: HTTPResponse, at offset: UInt64) -> Bool {
        guard response.status == 206, offset > 0, let range = response.headerFields["Content-Range"] else {
            return false
        }
        return range.hasPrefix("bytes \(offset)-")
    }

    private func checkRoom(needed: UInt64) throws(MarfaError) {
        guard let available = cache.files.freeBytes(at: cache.folder.path), available < needed else { return }
        throw .noRoom(
            needed: needed, available: available,
            message: "The fetch needs \(needed) bytes and the volume has room for \(available), so it didn't start.")
    }

    /// Appends the body to `partial`, each chunk written on `BlobThread`; the bytes that arrived
    /// stay when the body is cut.
    private func receive(
        _ body: HTTPBody?, into partial: URL, hasher: SHA256.Hasher
    ) async throws(MarfaError) -> SHA256.Hasher {
        var hasher = hasher
        let descriptor = open(partial.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw cache.writeFailure(BlobFileError(call: "open", code: errno)) }
        defer { close(descriptor) }
        let cache = self.cache
        guard let body else { return hasher }
        do {
            for try await chunk in body {
                hasher.update(chunk)
                try await BlobThread.run { () throws(MarfaError) in try cache.write(descriptor, chunk) }
            }
        } catch let error as MarfaError {
            throw error
        } catch {
            throw MarfaError(error)
        }
        try await BlobThread.run { () throws(MarfaError) in
            guard fsync(descriptor) == 0 else { throw cache.writeFailure(BlobFileError(call: "fsync", code: errno)) }
        }
        return hasher
    }

    /// The hash state and length of what an earlier fetch left at `partial`.
    private static func hashed(_ partial: URL) async throws(MarfaError) -> (SHA256.Hasher, UInt64) {
        try await BlobThread.run { () throws(MarfaError) -> (SHA256.Hasher, UInt64) in
            var hasher = SHA256.Hasher()
            let descriptor = open(partial.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return (hasher, 0) }
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: BlobCache.chunk)
            var size: UInt64 = 0
            while true {
                let read = buffer.withUnsafeMutableBytes { Glibc_read(descriptor, $0.baseAddress!, $0.count) }
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { break }
                hasher.update(buffer[0..<read])
                size += UInt64(read)
            }
            return (hasher, size)
        }
    }

    private static func truncate(_ partial: URL) async throws(MarfaError) {
        try await BlobThread.run { () throws(MarfaError) in _ = unlink(partial.path) }
    }
}
