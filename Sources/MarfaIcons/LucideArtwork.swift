import Foundation

/// Lucide's artwork from `lucide.tsv` (written by `make icons`), read once on first use.
///
/// Each line is `name<TAB>markup`, or `alias<TAB>=name` for a deprecated name Lucide renamed.
final class LucideArtwork: Sendable {
    static let shared = LucideArtwork()

    private let bodies: [String: String]
    private let aliases: [String: String]

    private init() {
        var bodies: [String: String] = [:]
        var aliases: [String: String] = [:]
        let text =
            Bundle.module.url(forResource: "lucide", withExtension: "tsv")
            .flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
        for line in text.split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            let name = String(line[..<tab])
            let value = line[line.index(after: tab)...]
            if value.hasPrefix("=") { aliases[name] = String(value.dropFirst()) } else { bodies[name] = String(value) }
        }
        self.bodies = bodies
        self.aliases = aliases
    }

    /// The artwork for a Lucide name or one of its deprecated aliases; the ID keeps the name asked for.
    func artwork(named name: String) -> IconArtwork? {
        guard let body = bodies[name] ?? aliases[name].flatMap({ bodies[$0] }) else { return nil }
        return IconArtwork(id: "\(LucideIconSet.prefix):\(name)", kind: .lucide, style: .stroke, body: body)
    }

    /// The Lucide name an alias stands for, or the name itself.
    func canonicalName(_ name: String) -> String { aliases[name] ?? name }

    /// How many icons and aliases were read.
    var counts: (icons: Int, aliases: Int) { (bodies.count, aliases.count) }
}
