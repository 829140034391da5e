import MarfaIconSets
import Testing

@Suite struct IconSetsTests {
    @Test func pinnedSetsHoldTheirCountsSortedAndUnique() {
        #expect(LucideIconSet.names.count == 1903)
        #expect(SimpleIconsSet.names.count == 3467)
        for names in [LucideIconSet.names, SimpleIconsSet.names] {
            #expect(names == names.sorted())
            #expect(Set(names).count == names.count)
        }
        #expect(LucideIconSet.ids.first == "lucide:a-arrow-down")
        #expect(SimpleIconsSet.ids.first == "simple-icons:1001tracklists")
        #expect(IconSets.ids.count == 1903 + 3467)
    }

    @Test(arguments: [
        "lucide:book-open", "lucide:scale", "lucide:house", "simple-icons:github", "simple-icons:nextdotjs",
        "simple-icons:backstage_casting",
    ])
    func acceptsPinnedIDs(_ id: String) {
        #expect(IconSets.contains(id))
    }

    @Test(arguments: [
        "lucide:github", "lucide:home", "book-open", "lucide:", "lucide", ":book-open", "LUCIDE:book-open",
        "lucide:Book-Open", "simple-icons:book-open", "lucide:book-open ", "mdi:home", "", "simple-icons:github:x",
    ])
    func refusesOtherIDs(_ id: String) {
        #expect(!IconSets.contains(id))
    }

    @Test func eachSetAnswersOnlyForItsOwnPrefix() {
        #expect(LucideIconSet.contains("lucide:book-open"))
        #expect(!SimpleIconsSet.contains("lucide:book-open"))
        #expect(SimpleIconsSet.contains("simple-icons:github"))
        #expect(!LucideIconSet.contains("simple-icons:github"))
        #expect(LucideIconSet.containsName("book-open"))
        #expect(IconSets.name(in: "lucide:book-open", prefix: "lucide") == "book-open")
        #expect(IconSets.name(in: "lucidex:book-open", prefix: "lucide") == nil)
    }

    @Test func everyIDIsFound() {
        #expect(LucideIconSet.ids.allSatisfy(IconSets.contains))
        #expect(SimpleIconsSet.ids.allSatisfy(IconSets.contains))
    }
}
