import Foundation
import MarfaIcons

/// The brand artwork from `simple-icons.tsv` (written by `make icons`), read once on first use.
///
/// Each line is `slug<TAB>hex<TAB>title<TAB>license<TAB>guidelines<TAB>path data`; the title is
/// XML text as it stands in the mark's `<title>`.
final class BrandArtwork: IconArtworkSource, Sendable {
    static let shared = BrandArtwork()

    struct Entry: Sendable {
        let brand: BrandIcon
        let body: String
    }

    var prefix: String { SimpleIconsSet.prefix }

    private let entries = Lazy<[String: Entry]>(BrandArtwork.load)

    func artwork(named name: String) -> IconArtwork? {
        entry(named: name).map { IconArtwork(id: $0.brand.id, style: .fill, body: $0.body) }
    }

    func entry(named name: String) -> Entry? { entries.value[name] }

    private static func load() -> [String: Entry] {
        let text =
            Bundle.module.url(forResource: "simple-icons", withExtension: "tsv")
            .flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
        var entries: [String: Entry] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 6, let color = IconColor(hex: fields[1]) else { continue }
            let slug = String(fields[0])
            let brand = BrandIcon(
                id: "\(SimpleIconsSet.prefix):\(slug)", title: XMLText.unescape(fields[2]), color: color,
                license: fields[3].isEmpty ? nil : String(fields[3]),
                guidelines: fields[4].isEmpty ? nil : String(fields[4]))
            entries[slug] = Entry(brand: brand, body: #"<title>\#(fields[2])</title><path d="\#(fields[5])"/>"#)
        }
        return entries
    }
}
