/// A point on the icon's 24 × 24 canvas.
public struct IconPoint: Sendable, Hashable {
    /// The distance from the canvas's left edge, 0 to 24.
    public var x: Double
    /// The distance from the canvas's top edge, 0 to 24.
    public var y: Double

    /// The point at `x`, `y` on the canvas.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// One step of an outline; arcs and quadratic curves arrive as cubic curves.
public enum IconPathSegment: Sendable, Hashable {
    /// Starts a new subpath at the point.
    case move(IconPoint)
    /// A straight line to the point.
    case line(IconPoint)
    /// A cubic Bézier curve to `to`, shaped by the two control points.
    case curve(to: IconPoint, control1: IconPoint, control2: IconPoint)
    /// A straight line back to the subpath's start, closing it.
    case close
}

/// One SVG element of the artwork as an outline, and how it paints.
public struct IconShape: Sendable, Hashable {
    /// The outline's steps, in drawing order.
    public var segments: [IconPathSegment]
    /// Filled in the tint (brand marks; Lucide's few `fill="currentColor"` dots).
    public var isFilled: Bool
    /// Stroked in the tint, 2 units wide with round caps and joins (Lucide).
    public var isStroked: Bool
}

/// The artwork's shapes, for drawing without an SVG renderer (SwiftUI on Apple platforms).
///
/// Reads the elements Lucide and Simple Icons use: `path`, `circle`, `ellipse`, `rect`, `line`,
/// `polyline`, `polygon`. An element it cannot read is left out, never a failure.
public struct IconGeometry: Sendable, Hashable {
    /// Whether the shapes are stroked or filled, as the artwork's style says.
    public var style: IconArtwork.Style
    /// One outline for each SVG element read, in document order.
    public var shapes: [IconShape]

    /// The canvas side: every pinned icon draws in a 24 × 24 view box.
    public static let canvasSize = 24.0
    /// Lucide's stroke width on the canvas.
    public static let strokeWidth = 2.0

    /// Reads the outlines of SVG `body` markup (an artwork's `body`) painted in `style`.
    public init(style: IconArtwork.Style, body: String) {
        self.style = style
        self.shapes = SVGElements.parse(body).compactMap { element in
            let segments = element.outline()
            guard !segments.isEmpty else { return nil }
            switch style {
            case .fill:
                return IconShape(segments: segments, isFilled: true, isStroked: false)
            case .stroke:
                let fill = element.attributes["fill"]
                return IconShape(segments: segments, isFilled: fill != nil && fill != "none", isStroked: true)
            }
        }
    }
}
