internal import CZlib

/// gzip (RFC 1952) through zlib, for request bodies.
enum Gzip {
    /// `bytes` in one gzip member, or nil when zlib fails (out of memory).
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        // windowBits 15 + 16: a gzip header and trailer instead of zlib's.
        let started = deflateInit2_(
            &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
            zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard started == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
        var input = bytes
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }
}
