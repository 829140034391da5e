import PNGDecoding
import Testing

/// The tests' PNG reader (PNGDecoding, over zlib) reads what rsvg-convert writes.
@Suite struct PNGReaderTests {
    @Test func refusesWhatIsNotAPNG() {
        #expect(throws: DecodedPNG.Unreadable.self) { try PNGImage(Array("not a png".utf8)) }
    }

    @Test(
        .enabled(
            if: SVGRasterizer.isAvailable,
            "rsvg-convert is not installed (Debian librsvg2-bin; `make deps` installs it)"))
    func readsWhatRsvgConvertWrites() throws {
        // Left half red, right half half-transparent blue: every filter type shows up across rows.
        let svg =
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="4" height="8" fill="#FF0000"/><rect x="4" width="4" height="8" fill="#0000FF" fill-opacity="0.5"/></svg>"##
        let image = try SVGRasterizer.rasterize(svg, size: 8)
        #expect(image.width == 8 && image.height == 8)
        #expect(image.pixel(x: 1, y: 1) == .init(red: 255, green: 0, blue: 0, alpha: 255))
        let blue = image.pixel(x: 6, y: 6)
        #expect(blue.red == 0 && blue.green == 0 && blue.blue >= 250 && (126...129).contains(blue.alpha))
    }
}
