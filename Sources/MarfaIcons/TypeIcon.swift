#if canImport(SwiftUI)
import SwiftUI

/// A type's icon as a view: the SF Symbol that stands for a Lucide icon, else the artwork drawn as
/// shapes. It tints with `foregroundStyle`, follows light and dark appearance through it, and is one
/// em square in the surrounding font. A nil or unknown ID draws the fallback symbol.
public struct TypeIcon: View {
    private let artwork: IconArtwork

    /// The icon a type resolves to, such as an `ItemType`.
    public init(_ type: some HasTypeIcon) {
        self.init(id: type.icon)
    }

    /// The icon for an Iconify ID (`lucide:book-open`, `simple-icons:github`), or the fallback for nil.
    public init(id: String?) {
        artwork = IconArtwork.resolve(id)
    }

    public var body: some View {
        if let symbol = artwork.systemSymbolName {
            Image(systemName: symbol)
        } else {
            Text(verbatim: "\u{2003}")
                .hidden()
                .overlay {
                    IconCanvas(geometry: artwork.geometry)
                        .aspectRatio(1, contentMode: .fit)
                }
                .accessibilityHidden(true)
        }
    }
}

/// Draws an icon's shapes in the current foreground style, scaled to fit.
struct IconCanvas: View {
    let geometry: IconGeometry

    var body: some View {
        Canvas { context, size in
            let side = min(size.width, size.height)
            context.translateBy(x: (size.width - side) / 2, y: (size.height - side) / 2)
            context.scaleBy(x: side / IconGeometry.canvasSize, y: side / IconGeometry.canvasSize)
            geometry.draw(in: &context, shading: .foreground)
        }
    }
}

extension IconGeometry {
    /// Paints every shape on a context already scaled to the 24 × 24 canvas.
    func draw(in context: inout GraphicsContext, shading: GraphicsContext.Shading) {
        let stroke = StrokeStyle(lineWidth: IconGeometry.strokeWidth, lineCap: .round, lineJoin: .round)
        for shape in shapes {
            let path = Path(iconShape: shape)
            if shape.isFilled { context.fill(path, with: shading) }
            if shape.isStroked { context.stroke(path, with: shading, style: stroke) }
        }
    }
}

extension Path {
    /// The outline of one icon shape, on the 24 × 24 canvas.
    init(iconShape shape: IconShape) {
        self.init()
        for segment in shape.segments {
            switch segment {
            case .move(let point):
                move(to: CGPoint(x: point.x, y: point.y))
            case .line(let point):
                addLine(to: CGPoint(x: point.x, y: point.y))
            case .curve(let end, let control1, let control2):
                addCurve(
                    to: CGPoint(x: end.x, y: end.y), control1: CGPoint(x: control1.x, y: control1.y),
                    control2: CGPoint(x: control2.x, y: control2.y))
            case .close:
                closeSubpath()
            }
        }
    }
}

extension Image {
    /// A type's icon where a view needs an `Image`: the SF Symbol that stands for a Lucide icon, else
    /// the artwork as a template image (it tints with `foregroundStyle`). Nil or unknown: the fallback.
    public init(typeIcon id: String?) {
        let artwork = IconArtwork.resolve(id)
        if let symbol = artwork.systemSymbolName {
            self = Image(systemName: symbol)
        } else {
            let geometry = artwork.geometry
            let side = IconGeometry.canvasSize
            self = Image(size: CGSize(width: side, height: side)) { context in
                geometry.draw(in: &context, shading: .color(.black))
            }
            .renderingMode(.template)
        }
    }
}
#endif
