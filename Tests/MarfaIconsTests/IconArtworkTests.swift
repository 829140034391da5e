import MarfaBrandIcons
import MarfaIcons
import Testing

@Suite struct IconArtworkTests {
    @Test func lucideIconResolvesToItsArtwork() {
        let artwork = IconArtwork.resolve("lucide:book-open")
        #expect(artwork.kind == .lucide)
        #expect(artwork.id == "lucide:book-open")
        #expect(artwork.style == .stroke)
        #expect(artwork.body.hasPrefix("<path d=\"M12 5v16\" />"))
    }

    @Test(
        arguments: [nil, "lucide:not-an-icon", "lucide:", "mdi:home", "no-colon", "", "newset:anything"] as [String?])
    func nilOrUnknownDrawsTheFallback(_ id: String?) {
        let artwork = IconArtwork.resolve(id)
        #expect(artwork.kind == .fallback)
        #expect(artwork.id == IconArtwork.fallbackID)
        #expect(artwork.body == IconArtwork.resolve("lucide:square-dashed").body)
        #expect(IconArtwork.svg(for: id, tint: .black).contains(#"<path d="M5 3a2 2 0 0 0-2 2" />"#))
    }

    @Test func deprecatedLucideNamesDrawWhatTheyWereRenamedTo() {
        #expect(!IconSets.contains("lucide:home"))
        #expect(IconArtwork.canDraw("lucide:home"))
        #expect(IconArtwork.resolve("lucide:home").body == IconArtwork.resolve("lucide:house").body)
    }

    @Test func everyPinnedLucideIDDraws() {
        let undrawable = LucideIconSet.ids.filter { !IconArtwork.canDraw($0) }
        #expect(undrawable.isEmpty)
    }

    @Test func svgIsTintedAndSized() throws {
        let tint = IconColor(red: 0x12, green: 0xAB, blue: 0x0F)
        let svg = IconArtwork.svg(for: "lucide:book-open", tint: tint, size: 48)
        #expect(
            svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"48\" height=\"48\" viewBox=\"0 0 24 24\""))
        #expect(svg.contains("stroke=\"#12AB0F\""))
        #expect(svg.hasSuffix("</svg>"))
        #expect(!svg.contains("currentColor"))
        // Lucide's few filled dots use currentColor too: they take the tint.
        let dotted: String = try #require(
            LucideIconSet.ids.first { IconArtwork.resolve($0).body.contains("fill=\"currentColor\"") })
        let dottedSVG = IconArtwork.svg(for: dotted, tint: tint)
        #expect(dottedSVG.contains("fill=\"#12AB0F\"") && !dottedSVG.contains("currentColor"))
    }

    @Test func iconColorReadsAndWritesHex() {
        #expect(IconColor(hex: "#181717") == IconColor(red: 0x18, green: 0x17, blue: 0x17))
        #expect(IconColor(hex: "40aef0")?.hex == "#40AEF0")
        #expect(IconColor(hex: "#12345") == nil)
        #expect(IconColor(hex: "#12345G") == nil)
        #expect(IconColor(hex: "+12345") == nil)
        #expect(IconColor.white.hex == "#FFFFFF")
    }

    @Test func commonLucideIconsHaveSystemSymbols() {
        #expect(IconArtwork.resolve("lucide:book-open").systemSymbolName == "book")
        #expect(IconArtwork.resolve("lucide:home").systemSymbolName == "house")
        #expect(IconArtwork.resolve(nil).systemSymbolName == "square.dashed")
        #expect(IconArtwork.resolve("lucide:scale").systemSymbolName == nil)
        BrandRegistration.ensure()
        #expect(IconArtwork.resolve("simple-icons:github").systemSymbolName == nil)
    }

    @Test func lucideLicenseShips() {
        #expect(LucideIconSet.licenseText.hasPrefix("ISC License"))
        #expect(LucideIconSet.licenseText.contains("Lucide Icons and Contributors"))
    }

    @Test func registeredSourceDrawsItsPrefix() {
        struct Dots: IconArtworkSource {
            var prefix: String { "test-dots" }
            func artwork(named name: String) -> IconArtwork? {
                name == "one"
                    ? IconArtwork(id: "test-dots:one", style: .fill, body: #"<circle cx="12" cy="12" r="4"/>"#) : nil
            }
        }
        #expect(IconArtwork.resolve("test-dots:one").kind == .fallback)
        IconArtwork.register(Dots())
        #expect(IconArtwork.isRegistered(prefix: "test-dots"))
        #expect(IconArtwork.resolve("test-dots:one").kind == .brand)
        #expect(IconArtwork.svg(for: "test-dots:one", tint: .white).contains(##"fill="#FFFFFF"><circle"##))
        #expect(IconArtwork.resolve("test-dots:two").kind == .fallback)
    }
}
