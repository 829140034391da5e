import CZlib

/// A PNG decoded to RGBA pixels: 8-bit, non-interlaced, RGB or RGBA, as rsvg-convert and
/// Chromium's screenshots write them. Test support for the icon and browser suites.
package struct DecodedPNG: Sendable {
    package struct Unreadable: Error, CustomStringConvertible {
        package let description: String
    }

    package let width: Int
    package let height: Int
    /// Four bytes a pixel, row after row: red, green, blue and alpha (255 in an RGB image).
    package let rgba: [UInt8]

    package init(_ bytes: [UInt8]) throws {
        let (header, compressed) = try Self.chunks(bytes)
        guard header.count == 13 else { throw Unreadable(description: "no IHDR") }
        width = Int(Self.bigEndian(header, at: 0))
        height = Int(Self.bigEndian(header, at: 4))
        let channels: Int
        switch (header[8], header[9], header[12]) {
        case (8, 2, 0): channels = 3
        case (8, 6, 0): channels = 4
        default:
            throw Unreadable(description: "bit depth \(header[8]), colour type \(header[9]), interlace \(header[12])")
        }
        let rows = try Self.unfiltered(
            Self.inflate(compressed, size: height * (1 + width * channels)), width: width, height: height,
            channels: channels)
        rgba = channels == 4 ? rows : Self.addingAlpha(to: rows)
    }

    /// The red, green, blue and alpha of the pixel at `x`, `y`.
    package func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let at = (y * width + x) * 4
        return (rgba[at], rgba[at + 1], rgba[at + 2], rgba[at + 3])
    }

    /// The IHDR chunk's bytes and the IDAT chunks' bytes joined.
    private static func chunks(_ bytes: [UInt8]) throws -> (header: [UInt8], compressed: [UInt8]) {
        guard bytes.count > 33, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Unreadable(description: "not a PNG")
        }
        var offset = 8
        var header: [UInt8] = []
        var compressed: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = Int(bigEndian(bytes, at: offset))
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let start = offset + 8
            guard start + length + 4 <= bytes.count else { throw Unreadable(description: "a chunk runs past the end") }
            if type == "IHDR" { header = Array(bytes[start..<start + length]) }
            if type == "IDAT" { compressed += bytes[start..<start + length] }
            if type == "IEND" { break }
            offset = start + length + 4
        }
        return (header, compressed)
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The zlib stream `compressed`, inflated to exactly `size` bytes.
    private static func inflate(_ compressed: [UInt8], size: Int) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: size)
        var outputSize = uLongf(size)
        let status = compressed.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                uncompress(target.baseAddress, &outputSize, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK, Int(outputSize) == size else {
            throw Unreadable(description: "image data doesn't inflate (\(status))")
        }
        return output
    }

    /// The pixel rows without their filter bytes (None, Sub, Up, Average and Paeth undone).
    private static func unfiltered(_ data: [UInt8], width: Int, height: Int, channels: Int) throws -> [UInt8] {
        let stride = width * channels
        var pixels = [UInt8](repeating: 0, count: stride * height)
        for row in 0..<height {
            let filter = data[row * (stride + 1)]
            let line = row * (stride + 1) + 1
            let out = row * stride
            for index in 0..<stride {
                let left = index >= channels ? Int(pixels[out + index - channels]) : 0
                let up = row > 0 ? Int(pixels[out - stride + index]) : 0
                let upLeft = row > 0 && index >= channels ? Int(pixels[out - stride + index - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4: predicted = paeth(left, up, upLeft)
                default: throw Unreadable(description: "filter type \(filter)")
                }
                pixels[out + index] = UInt8((Int(data[line + index]) + predicted) & 0xFF)
            }
        }
        return pixels
    }

    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    private static func addingAlpha(to rgb: [UInt8]) -> [UInt8] {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(rgb.count / 3 * 4)
        for pixel in Swift.stride(from: 0, to: rgb.count, by: 3) {
            rgba += [rgb[pixel], rgb[pixel + 1], rgb[pixel + 2], 255]
        }
        return rgba
    }
}
