import CZlib

/// gzip (or zlib) decompression through zlib, for the receiver: the bytes, or nil when they are not
/// one well-formed stream.
func gunzip(_ bytes: [UInt8], limit: Int = 16 << 20) -> [UInt8]? {
    var stream = z_stream()
    // windowBits 15 + 32: detect a gzip or a zlib header.
    guard inflateInit2_(&stream, 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
        return nil
    }
    defer { inflateEnd(&stream) }
    var input = bytes
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    let status = input.withUnsafeMutableBufferPointer { source -> Int32 in
        stream.next_in = source.baseAddress
        stream.avail_in = uInt(source.count)
        while true {
            let produced = chunk.withUnsafeMutableBufferPointer { target -> (Int32, Int) in
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                let status = inflate(&stream, Z_NO_FLUSH)
                return (status, target.count - Int(stream.avail_out))
            }
            output.append(contentsOf: chunk[..<produced.1])
            guard produced.0 == Z_OK, output.count <= limit else { return produced.0 }
        }
    }
    guard status == Z_STREAM_END, stream.avail_in == 0 else { return nil }
    return output
}
