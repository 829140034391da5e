/// A decoded 8-bit, non-interlaced PNG (RGB or RGBA), as rsvg-convert writes them; pixels as RGBA.
struct PNGImage {
    struct Pixel: Equatable, CustomStringConvertible {
        var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8
        var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let width: Int
    let height: Int
    let pixels: [Pixel]

    func pixel(x: Int, y: Int) -> Pixel { pixels[y * width + x] }

    init(_ data: [UInt8]) throws {
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Failure(description: "not a PNG")
        }
        func integer(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8
        var header: ArraySlice<UInt8> = []
        var compressed: [UInt8] = []
        while offset + 8 <= data.count {
            let length = integer(offset)
            let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
            let start = offset + 8
            guard start + length + 4 <= data.count else { throw Failure(description: "truncated \(type) chunk") }
            switch type {
            case "IHDR": header = data[start..<start + length]
            case "IDAT": compressed += data[start..<start + length]
            default: break
            }
            offset = start + length + 4  // skip the CRC
            if type == "IEND" { break }
        }
        guard header.count == 13 else { throw Failure(description: "no IHDR") }
        let base = header.startIndex
        width = integer(base)
        height = integer(base + 4)
        let (depth, colorType, interlace) = (header[base + 8], header[base + 9], header[base + 12])
        guard depth == 8, colorType == 6 || colorType == 2, interlace == 0 else {
            throw Failure(description: "unsupported PNG: depth \(depth), colour type \(colorType), interlace \(interlace)")
        }
        let channels = colorType == 6 ? 4 : 3
        let raw = try Inflate.zlib(compressed)
        let stride = width * channels
        guard raw.count == height * (stride + 1) else { throw Failure(description: "image data has the wrong size") }
        var rows: [UInt8] = []
        rows.reserveCapacity(height * stride)
        var previous = [UInt8](repeating: 0, count: stride)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            var row = Array(raw[y * (stride + 1) + 1..<(y + 1) * (stride + 1)])
            for i in 0..<stride {
                let left = i >= channels ? Int(row[i - channels]) : 0
                let up = Int(previous[i])
                let upLeft = i >= channels ? Int(previous[i - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4: predictor = PNGImage.paeth(left, up, upLeft)
                default: throw Failure(description: "unknown filter \(filter)")
                }
                row[i] = row[i] &+ UInt8(predictor & 0xFF)
            }
            rows += row
            previous = row
        }
        pixels = (0..<width * height).map { index in
            let p = index * channels
            return Pixel(red: rows[p], green: rows[p + 1], blue: rows[p + 2], alpha: channels == 4 ? rows[p + 3] : 255)
        }
    }

    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
