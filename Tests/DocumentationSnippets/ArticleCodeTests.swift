import Foundation
import Testing

/// The code the articles and README.md show is the code this target compiles: each ```swift block
/// under a `<!-- snippet: NAME -->` line is, line for line, what this folder holds between
/// `// snippet.begin: NAME` and `// snippet.end` (indentation removed).
/// `python3 Scripts/docs.py --write-snippets` brings the pages back in step.
@Suite struct ArticleCodeTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let package = folder.deletingLastPathComponent().deletingLastPathComponent()

    /// Every snippet in this folder, by name.
    static func snippets() throws -> [String: [String]] {
        var found: [String: [String]] = [:]
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        for file in files where file.pathExtension == "swift" {
            var name: String?
            var body: [String] = []
            for line in try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("// snippet.begin: ") {
                    name = String(trimmed.dropFirst("// snippet.begin: ".count))
                    body = []
                } else if trimmed == "// snippet.end", let current = name {
                    #expect(found[current] == nil, "the snippet \(current) is named twice")
                    found[current] = dedented(body)
                    name = nil
                } else if name != nil {
                    body.append(String(line))
                }
            }
        }
        return found
    }

    static func dedented(_ lines: [String]) -> [String] {
        var lines = lines
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        let cut =
            lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { String($0.dropFirst(min(cut, $0.prefix { $0 == " " }.count))) }
    }

    /// README.md and every article of every catalog.
    static func pages() -> [URL] {
        var pages = [package.appendingPathComponent("README.md")]
        for root in ["Sources", "Generator/Sources"] {
            let enumerator = FileManager.default.enumerator(
                at: package.appendingPathComponent(root), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "md", url.path.contains(".docc/") { pages.append(url) }
            }
        }
        return pages
    }

    @Test func everyBlockShownIsTheCompiledSnippet() throws {
        let snippets = try Self.snippets()
        #expect(snippets.count > 30)
        var shown = 0
        for page in Self.pages() {
            let lines = try String(contentsOf: page, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false
            ).map(String.init)
            for (index, line) in lines.enumerated() where line.hasPrefix("<!-- snippet: ") && line.hasSuffix(" -->") {
                let name = String(line.dropFirst("<!-- snippet: ".count).dropLast(" -->".count))
                let where_ = "\(page.lastPathComponent):\(index + 1)"
                let code = try #require(snippets[name], "\(where_) shows \(name), which no snippet here is named")
                let block = Array(lines[(index + 1)...].prefix { $0 != "```" }) + ["```"]
                #expect(
                    block == ["```swift"] + code + ["```"],
                    "\(where_): the block shown for \(name) is not the compiled code; run python3 Scripts/docs.py --write-snippets"
                )
                shown += 1
            }
        }
        #expect(shown > 30)
    }
}
