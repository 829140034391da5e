/// The drawing for one icon ID: SVG markup on a 24 × 24 canvas, tinted on request.
///
/// `IconArtwork.resolve(_:)` never fails: a nil ID, an ID of a set this build cannot draw, or a
/// `simple-icons:` ID before `MarfaBrandIcons.register()` resolves to the fallback symbol.
public struct IconArtwork: Sendable, Hashable {
    /// How the markup paints.
    public enum Style: Sendable, Hashable {
        /// Lucide's outline style: 2-unit round strokes in the tint, no fill unless an element asks for it.
        case stroke
        /// A filled silhouette in the tint (Simple Icons' brand marks).
        case fill
    }

    /// What was resolved.
    public enum Kind: Sendable, Hashable {
        /// Lucide's artwork, shipped in this package.
        case lucide
        /// From a registered set: the brand marks of `MarfaBrandIcons`.
        case brand
        /// The symbol drawn for a nil or unknown ID.
        case fallback
    }

    /// The ID whose artwork this is (`IconArtwork.fallbackID` for the fallback).
    public let id: String
    /// Where the artwork came from: Lucide, a registered set, or the fallback.
    public let kind: Kind
    /// Whether the markup is stroked (Lucide) or filled (brand marks).
    public let style: Style
    /// The children of the root `<svg>` element, in `currentColor` where colour matters.
    public let body: String

    /// Artwork of a set registered with `register(_:)` (kind `.brand`, as the brand marks are).
    public init(id: String, style: Style, body: String) {
        self.init(id: id, kind: .brand, style: style, body: body)
    }

    init(id: String, kind: Kind, style: Style, body: String) {
        self.id = id
        self.kind = kind
        self.style = style
        self.body = body
    }

    /// The Lucide icon drawn for a nil or unknown ID: a dashed square.
    public static let fallbackID = "lucide:square-dashed"

    /// The artwork for `id`: Lucide from this package, any registered set, else the fallback.
    public static func resolve(_ id: String?) -> IconArtwork {
        if let id, let artwork = find(id) { return artwork }
        let fallback = LucideArtwork.shared.artwork(named: "square-dashed")
        return IconArtwork(
            id: fallbackID, kind: .fallback, style: .stroke,
            body: fallback?.body ?? #"<rect width="18" height="18" x="3" y="3" rx="2" stroke-dasharray="3 3" />"#)
    }

    /// Whether `id` draws its own artwork (rather than the fallback) in this build, as registered now.
    public static func canDraw(_ id: String) -> Bool { find(id) != nil }

    /// A complete SVG document for `id` (or the fallback), painted in `tint`.
    public static func svg(for id: String?, tint: IconColor, size: Int = 24) -> String {
        resolve(id).svg(tint: tint, size: size)
    }

    /// A complete SVG document painted in `tint`, `size` pixels square (the view box stays 24 × 24).
    public func svg(tint: IconColor, size: Int = 24) -> String {
        let color = tint.hex
        let root = #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(size)" height="\#(size)" viewBox="0 0 24 24""#
        switch style {
        case .stroke:
            let paint =
                #" fill="none" stroke="\#(color)" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">"#
            return root + paint + body.replacingOccurrences(of: "currentColor", with: color) + "</svg>"
        case .fill:
            return root + #" fill="\#(color)">"# + body.replacingOccurrences(of: "currentColor", with: color) + "</svg>"
        }
    }

    /// The shapes of the artwork for drawing natively (SwiftUI paths on Apple platforms).
    public var geometry: IconGeometry { IconGeometry(style: style, body: body) }

    private static func find(_ id: String) -> IconArtwork? {
        if let name = IconSets.name(in: id, prefix: LucideIconSet.prefix) {
            return LucideArtwork.shared.artwork(named: String(name))
        }
        guard let colon = id.firstIndex(of: ":") else { return nil }
        let prefix = String(id[..<colon])
        guard let source = IconArtworkRegistry.shared.source(forPrefix: prefix) else { return nil }
        return source.artwork(named: String(id[id.index(after: colon)...]))
    }
}

extension IconArtwork {
    /// Makes another set's artwork drawable: each `prefix:` ID is looked up in `source`.
    /// Registering the same prefix again replaces the earlier source. `MarfaBrandIcons.register()` calls this.
    public static func register(_ source: any IconArtworkSource) {
        IconArtworkRegistry.shared.register(source)
    }

    /// Whether a source is registered for `prefix` (such as `simple-icons`).
    public static func isRegistered(prefix: String) -> Bool {
        IconArtworkRegistry.shared.source(forPrefix: prefix) != nil
    }
}
