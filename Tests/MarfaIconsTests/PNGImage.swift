import PNGDecoding

/// A PNG rsvg-convert wrote, as pixels the icon tests compare.
struct PNGImage {
    struct Pixel: Equatable, CustomStringConvertible {
        var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8
        var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
    }

    let width: Int
    let height: Int
    let pixels: [Pixel]

    func pixel(x: Int, y: Int) -> Pixel { pixels[y * width + x] }

    init(_ data: [UInt8]) throws {
        let png = try DecodedPNG(data)
        width = png.width
        height = png.height
        pixels = stride(from: 0, to: png.rgba.count, by: 4).map { at in
            Pixel(red: png.rgba[at], green: png.rgba[at + 1], blue: png.rgba[at + 2], alpha: png.rgba[at + 3])
        }
    }
}
