import Foundation
import Marfa
import MarfaBrandIcons
import MarfaIcons
import Testing

#if canImport(SwiftUI)
import SwiftUI
#endif

// snippet.begin: icons-has-type-icon
/// A type as the app shows it: anything with `icon: String?` draws with `TypeIcon(_:)`.
struct ShownType: HasTypeIcon {
    var id: String
    var icon: String?

    init(_ type: Components.Schemas.ItemType) {
        id = type.id
        icon = type.icon?.value  // nil when absent or null
    }
}
// snippet.end

extension ShownType {
    init(id: String, icon: String?) {
        self.id = id
        self.icon = icon
    }
}

/// The code of the "Drawing a type's icon" article (MarfaIcons.docc/DrawingTypeIcons.md).
@Suite struct IconSnippets {
    static func launch() {
        // snippet.begin: icons-register-brands
        MarfaBrandIcons.register()  // once at launch, before any icon draws
        // snippet.end
    }

    #if canImport(SwiftUI)
    struct TypeRow: View {
        let type: ShownType

        // snippet.begin: icons-swiftui
        var body: some View {
            Label {
                Text(type.id)
            } icon: {
                TypeIcon(type)  // or TypeIcon(id: "lucide:book-open"), or Image(typeIcon: type.icon)
            }
            .foregroundStyle(.tint)
        }
        // snippet.end
    }
    #endif

    static func svgFile(for type: some HasTypeIcon) -> String {
        // snippet.begin: icons-svg
        let tint = IconColor(hex: "#2F6FEB") ?? .black
        let svg = IconArtwork.svg(for: type.icon, tint: tint, size: 48)  // any platform
        // snippet.end
        return svg
    }

    static func chooser() -> [String] {
        // snippet.begin: icons-choices
        let choices = LucideIconSet.ids + MarfaBrandIcons.ids  // every ID an instance accepts
        let drawable = choices.filter { IconArtwork.canDraw($0) }
        // snippet.end
        return drawable
    }

    static func resolve(_ id: String?) -> IconArtwork {
        // snippet.begin: icons-resolve
        let artwork = IconArtwork.resolve(id)  // never fails: nil or unknown draws the fallback
        switch artwork.kind {
        case .lucide: print("Lucide, SF Symbol \(artwork.systemSymbolName ?? "none")")
        case .brand: print("a brand mark")
        case .fallback: print("the fallback, \(IconArtwork.fallbackID)")
        }
        // snippet.end
        return artwork
    }

    /// `launch()` is compiled, never called: brand registration is process-wide, and
    /// MarfaIconsTests checks what a brand ID draws before it.
    @Test func aTypeDrawsItsIconAndAnUnknownIDTheFallback() {
        let type = ShownType(id: "app.readinglist.entry", icon: "lucide:book-open")
        #expect(Self.svgFile(for: type).contains(##"stroke="#2F6FEB""##))
        // A working copy's ItemType draws the same way.
        let held = ItemType(id: "app.readinglist.entry", icon: "lucide:book-open")
        #expect(Self.svgFile(for: held) == Self.svgFile(for: type))
        #expect(Self.resolve("lucide:book-open").kind == .lucide)
        #expect(Self.resolve("nowhere:nothing").kind == .fallback)
        // Brands draw once registered, which another suite of this process may have done.
        let brands = IconArtwork.isRegistered(prefix: "simple-icons") ? MarfaBrandIcons.ids.count : 0
        #expect(Self.chooser().count == LucideIconSet.ids.count + brands)
    }
}
