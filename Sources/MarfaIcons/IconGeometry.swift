/// A point on the icon's 24 × 24 canvas.
public struct IconPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// One step of an outline; arcs and quadratic curves arrive as cubic curves.
public enum IconPathSegment: Sendable, Hashable {
    case move(IconPoint)
    case line(IconPoint)
    case curve(to: IconPoint, control1: IconPoint, control2: IconPoint)
    case close
}

/// One SVG element of the artwork as an outline, and how it paints.
public struct IconShape: Sendable, Hashable {
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
    public var style: IconArtwork.Style
    public var shapes: [IconShape]

    /// The canvas side: every pinned icon draws in a 24 × 24 view box.
    public static let canvasSize = 24.0
    /// Lucide's stroke width on the canvas.
    public static let strokeWidth = 2.0

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
