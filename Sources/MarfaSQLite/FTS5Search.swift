/// One row an FTS5 search found.
public struct FTS5Hit: Sendable, Hashable {
    /// The row's rowid: the content table's key for an external-content index.
    public let rowID: Int64
    /// The weighted `bm25` score: lower is a better match (FTS5 scores are negative).
    public let score: Double
    /// The excerpt asked for, with matches marked; nil when none was asked for (or the column is NULL).
    public let excerpt: String?

    /// A hit on `rowID` with `score` and `excerpt`.
    public init(rowID: Int64, score: Double, excerpt: String?) {
        self.rowID = rowID
        self.score = score
        self.excerpt = excerpt
    }
}

/// The text shown with a hit: a short `snippet` around the matches, or a column's whole text with
/// every match marked (`highlight`).
public struct FTS5Excerpt: Sendable, Hashable {
    /// The column, or nil for a snippet from whichever column matches best.
    public var column: String?
    /// Put before each match.
    public var open: String
    /// Put after each match.
    public var close: String
    /// Put where a snippet cuts text off.
    public var ellipsis: String
    /// The most tokens a snippet holds (1 to 64), or nil for a highlight of the whole column.
    public var tokens: Int?

    /// A snippet of up to `tokens` tokens around the matches, from `column` or the best column.
    public static func snippet(
        column: String? = nil, open: String = "[", close: String = "]", ellipsis: String = "…", tokens: Int = 12
    ) -> FTS5Excerpt {
        FTS5Excerpt(column: column, open: open, close: close, ellipsis: ellipsis, tokens: min(64, max(1, tokens)))
    }

    /// `column`'s whole text with every match marked.
    public static func highlight(column: String, open: String = "[", close: String = "]") -> FTS5Excerpt {
        FTS5Excerpt(column: column, open: open, close: close, ellipsis: "", tokens: nil)
    }
}

extension FTS5Table {
    /// `bm25` over this index with a weight per column (columns not named weigh 1), as SQL to
    /// rank by in a query of one's own: lower is better, so `ORDER BY` it ascending.
    public func rankExpression(weights: [String: Double] = [:]) throws -> String {
        var values = Array(repeating: 1.0, count: columns.count)
        for (column, weight) in weights {
            guard weight.isFinite else { throw SQLiteError.misuse("The weight of \(column) is not a finite number.") }
            values[try columnIndex(column)] = weight
        }
        return "bm25(\(quotedName), \(values.map { "\($0)" }.joined(separator: ", ")))"
    }

    /// The rows matching `query`, best first by weighted `bm25` (ties by rowid), `limit` of them
    /// after skipping `offset`, each with `excerpt` when asked for.
    public func search(
        _ query: FTS5Query, weights: [String: Double] = [:], excerpt: FTS5Excerpt? = nil, limit: Int = 50,
        offset: Int = 0, in db: SQLiteConnection
    ) throws -> [FTS5Hit] {
        let rank = try rankExpression(weights: weights)
        var values: [any SQLiteBindable] = []
        let excerptSQL = try excerpt.map { try excerptExpression($0, values: &values) } ?? "NULL"
        values += [query.expression, max(0, limit), max(0, offset)]
        let sql = """
            SELECT rowid, \(rank) AS score, \(excerptSQL) AS excerpt FROM \(quotedName)
            WHERE \(quotedName) MATCH ? ORDER BY score, rowid LIMIT ? OFFSET ?
            """
        return try db.query(sql, values: values).map { row in
            FTS5Hit(rowID: row.int64("rowid") ?? 0, score: row.double("score") ?? 0, excerpt: row.string("excerpt"))
        }
    }

    /// The `snippet(…)` or `highlight(…)` call for `excerpt`, its texts appended to `values`.
    private func excerptExpression(_ excerpt: FTS5Excerpt, values: inout [any SQLiteBindable]) throws -> String {
        let column = try excerpt.column.map(columnIndex) ?? -1
        if let tokens = excerpt.tokens {
            values += [column, excerpt.open, excerpt.close, excerpt.ellipsis, tokens]
            return "snippet(\(quotedName), ?, ?, ?, ?, ?)"
        }
        guard column >= 0 else { throw SQLiteError.misuse("A highlight needs a column of \(name).") }
        values += [column, excerpt.open, excerpt.close]
        return "highlight(\(quotedName), ?, ?, ?)"
    }
}
