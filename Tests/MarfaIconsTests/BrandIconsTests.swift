import MarfaBrandIcons
import MarfaIcons
import Testing

@Suite struct BrandIconsTests {
    @Test func brandIDsDrawTheFallbackUntilRegistered() {
        #expect(BrandRegistration.githubBeforeRegistering.kind == .fallback)
        #expect(IconArtwork.isRegistered(prefix: "simple-icons"))
        let after = IconArtwork.resolve("simple-icons:github")
        #expect(after.kind == .brand)
        #expect(after.style == .fill)
        #expect(after.body.hasPrefix("<title>GitHub</title><path d=\"M12 .297c"))
    }

    @Test func brandIDsMatchTheSharedList() {
        #expect(MarfaBrandIcons.ids == SimpleIconsSet.ids)
        #expect(MarfaBrandIcons.ids.count == 3467)
    }

    @Test func everyBrandIDDrawsOnceRegistered() {
        BrandRegistration.ensure()
        let undrawable = MarfaBrandIcons.ids.filter { IconArtwork.resolve($0).kind != .brand }
        #expect(undrawable.isEmpty)
        #expect(IconArtwork.resolve("simple-icons:not-a-brand").kind == .fallback)
    }

    @Test func brandSVGFillsWithTheTint() {
        BrandRegistration.ensure()
        let svg = IconArtwork.svg(for: "simple-icons:github", tint: IconColor(red: 1, green: 2, blue: 3))
        #expect(svg.contains(##"viewBox="0 0 24 24" fill="#010203"><title>GitHub</title>"##))
        #expect(!svg.contains("stroke"))
    }

    @Test func brandMetadataCarriesColourLicenceAndGuidelines() throws {
        let github = try #require(MarfaBrandIcons.brand(for: "simple-icons:github"))
        #expect(github.title == "GitHub")
        #expect(github.color.hex == "#181717")
        #expect(github.guidelines == "https://github.com/logos")
        let withLicence = MarfaBrandIcons.ids.compactMap { MarfaBrandIcons.brand(for: $0)?.license }
        #expect(withLicence.count == 224)
        #expect(MarfaBrandIcons.brand(for: "simple-icons:nope") == nil)
        #expect(MarfaBrandIcons.brand(for: "lucide:github") == nil)
        // Titles are plain text: entities in the artwork's <title> are read back.
        #expect(
            MarfaBrandIcons.ids.compactMap { MarfaBrandIcons.brand(for: $0)?.title }.allSatisfy {
                !$0.contains("&amp;")
            })
    }

    @Test func licenceAndTrademarkNoticeShip() {
        #expect(MarfaBrandIcons.licenseText.contains("CC0 1.0 Universal"))
        #expect(MarfaBrandIcons.noticeText.contains("trademarks"))
    }
}
