import Foundation
import Testing

@testable import MarfaLocal

/// The sign-in article's scope table (Sources/Marfa/Marfa.docc/SigningIn.md) against the local
/// instance's scope catalog: the scopes its discovery document publishes, the grammar it accepts,
/// and the words its approval page shows.
@Suite struct ScopeTableTests {
    /// One row of the table: the scope (or pattern) and what it allows.
    struct Row: Sendable {
        let scope: String
        let allows: String

        /// Whether the row is a pattern (`<type>:read`) rather than one scope.
        var isPattern: Bool { scope.contains("<") }

        /// The row's pattern as a regular expression: each `<name>` one or more dotted segments.
        var expression: Regex<AnyRegexOutput> {
            get throws {
                var text = ""
                for part in scope.split(separator: "<", omittingEmptySubsequences: false).enumerated() {
                    if part.offset == 0 {
                        text += NSRegularExpression.escapedPattern(for: String(part.element))
                        continue
                    }
                    let rest = part.element.split(separator: ">", maxSplits: 1, omittingEmptySubsequences: false)
                    text +=
                        "[a-z0-9_-]+(\\.[a-z0-9_-]+)*"
                        + NSRegularExpression.escapedPattern(for: String(rest.last ?? ""))
                }
                return try Regex("^" + text + "$")
            }
        }

        /// A scope the pattern stands for, with `note` (or `core.note`) in place of each name.
        var example: String {
            scope.replacingOccurrences(of: "<type>", with: "core.note").replacingOccurrences(of: "<app>", with: "notes")
                .replacingOccurrences(of: "<family>", with: "types")
        }
    }

    static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Marfa/Marfa.docc/SigningIn.md")

    /// The rows of the table headed `| Scope | What it allows | ...`.
    static func rows() throws -> [Row] {
        let lines = try String(contentsOf: article, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| Scope | What it allows |") }) else { return [] }
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return Row(
                scope: cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                allows: cells.count > 1 ? cells[1] : "")
        }
    }

    @Test func everyScopeTheInstancePublishesIsInTheTableAndEveryRowIsOne() async throws {
        let rows = try Self.rows()
        #expect(rows.count > 20, "the table was not found in \(Self.article.path)")
        try await LocalTestInstance.with { local in
            let discovery = try await local.send(.get, "/.well-known/oauth-authorization-server/auth", key: .some(nil))
            let listed = try #require(discovery.json["scopes_supported"]?.array, "\(discovery.text)")
            let published = listed.compactMap { $0.string }
            #expect(published.count > 20)
            for scope in published {
                let literal = rows.contains { !$0.isPattern && $0.scope == scope }
                let matched = try rows.contains { try $0.isPattern && scope.wholeMatch(of: $0.expression) != nil }
                #expect(literal || matched, "the instance publishes \(scope), which the table doesn't list")
            }
            for row in rows where !row.isPattern {
                #expect(
                    published.contains(row.scope), "the table lists \(row.scope), which the instance doesn't publish")
            }
            for row in rows where row.isPattern {
                #expect(
                    OAuthScope.isValid(row.example), "the instance refuses \(row.example), an example of \(row.scope)")
            }
        }
    }

    @Test func whatEachScopeAllowsIsWhatTheApprovalPageSays() async throws {
        let rows = try Self.rows()
        #expect(!rows.isEmpty)
        let labels = Dictionary(uniqueKeysWithValues: TypeCatalog.builtins.map { ($0.id, $0.label ?? "") })
        let wording = ScopeWording(labels: labels)
        for row in rows where !row.isPattern {
            #expect(row.allows == wording.sentence(for: row.scope), "\(row.scope): the table says “\(row.allows)”")
        }
        // A pattern row starts with what the page says for its example ("Read your items of that type").
        for row in rows where row.isPattern {
            let sentence = wording.sentence(for: row.example)
            #expect(
                row.allows.hasPrefix(sentence.split(separator: " ").prefix(1).joined()),
                "\(row.scope): “\(row.allows)” vs “\(sentence)”")
        }
    }
}
