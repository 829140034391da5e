import MarfaBrandIcons
import MarfaIcons
import Testing

/// The shapes `IconGeometry` reads (what SwiftUI draws on Apple platforms) cover the same pixels as
/// the SVG they came from: both are rasterised by rsvg-convert and compared.
@Suite(
    .enabled(
        if: SVGRasterizer.isAvailable, "rsvg-convert is not installed (Debian librsvg2-bin; `make deps` installs it)"))
struct GeometryRasterTests {
    /// The geometry written back as SVG: one `<path>` per shape, cubic curves only.
    private func svg(from artwork: IconArtwork, size: Int) -> String {
        func number(_ value: Double) -> String { String(format: "%.4f", value) }
        var body = ""
        for shape in artwork.geometry.shapes {
            var data = ""
            for segment in shape.segments {
                switch segment {
                case .move(let p): data += "M\(number(p.x)) \(number(p.y))"
                case .line(let p): data += "L\(number(p.x)) \(number(p.y))"
                case .curve(let end, let c1, let c2):
                    data +=
                        "C\(number(c1.x)) \(number(c1.y)) \(number(c2.x)) \(number(c2.y)) \(number(end.x)) \(number(end.y))"
                case .close: data += "Z"
                }
            }
            body += #"<path d="\#(data)" fill="\#(shape.isFilled ? "black" : "none")"/>"#
        }
        let paint =
            artwork.style == .stroke
            ? #"stroke="black" stroke-width="2" stroke-linecap="round" stroke-linejoin="round""# : #"stroke="none""#
        return
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(size)" height="\#(size)" viewBox="0 0 24 24" \#(paint)>\#(body)</svg>"#
    }

    // Icons with arcs (packed flags), circles, rects, ellipses, polylines, filled dots, and brand marks.
    @Test(arguments: [
        "lucide:book-open", "lucide:scale", "lucide:house", "lucide:clock", "lucide:square-dashed", "lucide:calendar",
        "lucide:egg", "lucide:activity", "lucide:settings", "lucide:ellipsis", "lucide:database", "lucide:star",
        "simple-icons:github", "simple-icons:swift", "simple-icons:apple", "simple-icons:nextdotjs",
        "simple-icons:python",
        "simple-icons:1001tracklists",
    ])
    func geometryCoversTheSamePixelsAsTheSVG(_ id: String) throws {
        BrandRegistration.ensure()
        let size = 48
        let artwork = IconArtwork.resolve(id)
        #expect(artwork.id == id)
        let original = try SVGRasterizer.rasterize(artwork.svg(tint: .black, size: size), size: size)
        let redrawn = try SVGRasterizer.rasterize(svg(from: artwork, size: size), size: size)
        let differing = zip(original.pixels, redrawn.pixels).filter { abs(Int($0.alpha) - Int($1.alpha)) > 48 }.count
        let drawn = original.pixels.filter { $0.alpha > 0 }.count
        #expect(drawn > 50)
        #expect(differing <= 2, "\(differing) of \(drawn) drawn pixels differ")
    }
}
