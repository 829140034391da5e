import MarfaBrandIcons
import MarfaIcons
import Testing

/// Draws icons with rsvg-convert and checks that pixels are painted, in the tint asked for.
@Suite(
    .enabled(
        if: SVGRasterizer.isAvailable, "rsvg-convert is not installed (Debian librsvg2-bin; `make deps` installs it)"))
struct IconRasterTests {
    static let size = 64

    /// How the picture was painted: opaque pixels, and how many of them are exactly the tint.
    struct Paint {
        var drawn = 0
        var exact = 0
        var offTint: [PNGImage.Pixel] = []
    }

    private func paint(_ id: String?, tint: IconColor) throws -> Paint {
        let image = try SVGRasterizer.rasterize(IconArtwork.svg(for: id, tint: tint, size: Self.size), size: Self.size)
        #expect(image.width == Self.size && image.height == Self.size)
        var paint = Paint()
        for pixel in image.pixels where pixel.alpha > 0 {
            paint.drawn += 1
            if pixel.alpha == 255, pixel.red == tint.red, pixel.green == tint.green, pixel.blue == tint.blue {
                paint.exact += 1
            }
            // Edge pixels are partly transparent; their colour, read back from premultiplied values, may
            // drift a little, more so the fainter they are, and the faintest carry no colour worth checking.
            guard pixel.alpha >= 16 else { continue }
            let tolerance = pixel.alpha >= 128 ? 3 : 64
            let distance = max(
                abs(Int(pixel.red) - Int(tint.red)), abs(Int(pixel.green) - Int(tint.green)),
                abs(Int(pixel.blue) - Int(tint.blue)))
            if distance > tolerance { paint.offTint.append(pixel) }
        }
        return paint
    }

    @Test(arguments: [IconColor(red: 0xD9, green: 0x2B, blue: 0x4A), IconColor(red: 0x1E, green: 0x88, blue: 0xE5)])
    func lucideIconDrawsInTheTint(_ tint: IconColor) throws {
        let paint = try paint("lucide:book-open", tint: tint)
        #expect(paint.drawn > 300)
        #expect(paint.exact > 100)
        #expect(paint.offTint.isEmpty, "pixels off the tint: \(paint.offTint.prefix(5))")
        #expect(paint.drawn < Self.size * Self.size / 2)  // an outline, not a filled square
    }

    @Test func brandIconDrawsAsAFilledMarkInTheTint() throws {
        BrandRegistration.ensure()
        let tint = IconColor(red: 0x24, green: 0xA0, blue: 0x3C)
        let paint = try paint("simple-icons:github", tint: tint)
        #expect(paint.drawn > Self.size * Self.size / 3)  // a filled disc with the cat cut out
        #expect(paint.exact > 1000)
        #expect(paint.offTint.isEmpty, "pixels off the tint: \(paint.offTint.prefix(5))")
        #expect(IconArtwork.resolve("simple-icons:github").kind == .brand)
    }

    @Test(arguments: [nil, "lucide:not-in-this-build", "newset:icon"] as [String?])
    func fallbackDrawsInTheTint(_ id: String?) throws {
        let tint = IconColor(red: 0x80, green: 0x40, blue: 0xC0)
        let paint = try paint(id, tint: tint)
        #expect(paint.drawn > 200)
        #expect(paint.exact > 50)
        #expect(paint.offTint.isEmpty, "pixels off the tint: \(paint.offTint.prefix(5))")
        let fallback = try SVGRasterizer.rasterize(
            IconArtwork.svg(for: IconArtwork.fallbackID, tint: tint, size: Self.size), size: Self.size)
        let drawn = try SVGRasterizer.rasterize(IconArtwork.svg(for: id, tint: tint, size: Self.size), size: Self.size)
        #expect(drawn.pixels == fallback.pixels)
    }

    @Test func differentIconsDrawDifferentPixels() throws {
        let tint = IconColor.black
        let book = try SVGRasterizer.rasterize(IconArtwork.svg(for: "lucide:book-open", tint: tint, size: 32), size: 32)
        let scale = try SVGRasterizer.rasterize(IconArtwork.svg(for: "lucide:scale", tint: tint, size: 32), size: 32)
        #expect(book.pixels != scale.pixels)
    }
}
