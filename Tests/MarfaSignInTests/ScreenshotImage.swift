import CZlib
import Foundation

/// A screenshot as WebDriver returns it (an 8-bit, non-interlaced RGB or RGBA PNG), decoded far
/// enough to tell a drawn page from a blank one: its size and how its pixels' colours spread.
struct ScreenshotImage {
    let width: Int
    let height: Int
    /// How many pixels have each colour (RGBA packed in a UInt32).
    let colourCounts: [UInt32: Int]

    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// How many colours the image holds.
    var distinctColours: Int { colourCounts.count }

    /// The share of pixels that are not the most common colour (the background).
    var drawnShare: Double {
        let total = width * height
        guard total > 0 else { return 0 }
        return Double(total - (colourCounts.values.max() ?? 0)) / Double(total)
    }

    /// Whether the page shows something: more than one colour, and at least 0.5% of the pixels
    /// off the background. A blank page (one colour) fails, as does a lone stray pixel.
    var isDrawn: Bool { distinctColours > 1 && drawnShare >= 0.005 }

    init(png data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 33, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Unreadable(description: "not a PNG")
        }
        var offset = 8
        var header: [UInt8] = []
        var compressed: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = Int(Self.bigEndian(bytes, at: offset))
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let start = offset + 8
            guard start + length + 4 <= bytes.count else { throw Unreadable(description: "a chunk runs past the end") }
            if type == "IHDR" { header = Array(bytes[start..<start + length]) }
            if type == "IDAT" { compressed += bytes[start..<start + length] }
            if type == "IEND" { break }
            offset = start + length + 4
        }
        guard header.count == 13 else { throw Unreadable(description: "no IHDR") }
        width = Int(Self.bigEndian(header, at: 0))
        height = Int(Self.bigEndian(header, at: 4))
        let channels: Int
        switch (header[8], header[9], header[12]) {
        case (8, 2, 0): channels = 3
        case (8, 6, 0): channels = 4
        default: throw Unreadable(description: "bit depth \(header[8]), colour type \(header[9]), interlace \(header[12])")
        }
        let rows = try Self.unfiltered(Self.inflate(compressed, size: height * (1 + width * channels)), width: width, height: height, channels: channels)
        var counts: [UInt32: Int] = [:]
        for pixel in stride(from: 0, to: rows.count, by: channels) {
            var colour = UInt32(rows[pixel]) << 24 | UInt32(rows[pixel + 1]) << 16 | UInt32(rows[pixel + 2]) << 8
            colour |= channels == 4 ? UInt32(rows[pixel + 3]) : 0xFF
            counts[colour, default: 0] += 1
        }
        colourCounts = counts
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
        guard status == Z_OK, Int(outputSize) == size else { throw Unreadable(description: "image data doesn't inflate (\(status))") }
        return output
    }

    /// The pixel rows without their PNG filter bytes (None, Sub, Up, Average, Paeth undone).
    private static func unfiltered(_ data: [UInt8], width: Int, height: Int, channels: Int) throws -> [UInt8] {
        let stride = width * channels
        var pixels = [UInt8](repeating: 0, count: stride * height)
        for row in 0..<height {
            let filter = data[row * (stride + 1)]
            let line = row * (stride + 1) + 1
            let out = row * stride
            for index in 0..<stride {
                let raw = Int(data[line + index])
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
                pixels[out + index] = UInt8((raw + predicted) & 0xFF)
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
}
