import Foundation
import PNGDecoding

/// A screenshot as WebDriver returns it (a PNG), read far enough to tell a drawn page from a
/// blank one: its size and how its pixels' colours spread.
struct ScreenshotImage {
    let width: Int
    let height: Int
    /// How many pixels have each colour (RGBA packed in a UInt32).
    let colourCounts: [UInt32: Int]

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
        let png = try DecodedPNG([UInt8](data))
        width = png.width
        height = png.height
        var counts: [UInt32: Int] = [:]
        for at in stride(from: 0, to: png.rgba.count, by: 4) {
            let colour = png.rgba[at..<at + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            counts[colour, default: 0] += 1
        }
        colourCounts = counts
    }
}
