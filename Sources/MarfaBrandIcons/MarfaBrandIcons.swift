import Foundation
import MarfaIcons

/// The Simple Icons brand marks (`simple-icons:` IDs), Simple Icons 16.36.0.
///
/// Call `register()` once at launch, before any icon draws; until then a `simple-icons:` ID draws
/// the fallback symbol. An app that does not link this product ships none of the brand artwork.
public enum MarfaBrandIcons {
    /// Every brand ID a Marfa instance accepts, sorted: `simple-icons:1001tracklists` …
    public static var ids: [String] { SimpleIconsSet.ids }

    /// Makes the brand artwork drawable through `MarfaIcons`. Calling it again changes nothing.
    public static func register() {
        IconArtwork.register(BrandArtwork.shared)
    }

    /// The brand's name, colour, and any licence or guidelines of its own; nil for an ID not in the set.
    public static func brand(for id: String) -> BrandIcon? {
        guard let name = IconSets.name(in: id, prefix: SimpleIconsSet.prefix) else { return nil }
        return BrandArtwork.shared.entry(named: String(name))?.brand
    }

    /// Simple Icons' CC0 1.0 text.
    public static var licenseText: String { resourceText("simple-icons-CC0") }

    /// The trademark notice that comes with the marks: each is its owner's, under its owner's rules.
    public static var noticeText: String { resourceText("simple-icons-NOTICE") }

    private static func resourceText(_ name: String) -> String {
        Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "LICENSES")
            .flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
    }
}
