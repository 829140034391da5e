/// An FTS5 full-text index: its columns, where its text lives, its tokenizer and prefix indexes.
///
/// With a `contentTable` it is an external-content index: the text stays in that table only, and
/// three triggers (after insert, delete and update) keep the index in step with it using FTS5's
/// documented `'delete'` command. Without one, the index keeps its own copy of the text.
public struct FTS5Table: Sendable, Hashable {
    /// The virtual table's name.
    public var name: String
    /// The indexed columns; with a content table, columns of that table of the same names.
    public var columns: [String]
    /// The table holding the text, or nil for an index that keeps its own copy.
    public var contentTable: String?
    /// The content table's integer key column, which becomes the index's rowid.
    public var contentRowID: String
    /// The `tokenize` option; the default folds case and diacritics ("cafe" finds "Café").
    public var tokenizer: String
    /// Prefix lengths to index (`prefix='2 3'`), making prefix queries of those lengths fast.
    public var prefixLengths: [Int]

    /// An index named `name` over `columns`, reading them from `contentTable` when given.
    public init(
        name: String, columns: [String], contentTable: String? = nil, contentRowID: String = "rowid",
        tokenizer: String = "unicode61 remove_diacritics 2", prefixLengths: [Int] = []
    ) {
        self.name = name
        self.columns = columns
        self.contentTable = contentTable
        self.contentRowID = contentRowID
        self.tokenizer = tokenizer
        self.prefixLengths = prefixLengths
    }

    /// The `CREATE VIRTUAL TABLE` statement.
    public var createTableSQL: String {
        var arguments = columns.map(SQLiteQuoting.identifier)
        if let contentTable {
            arguments.append("content=\(SQLiteQuoting.literal(contentTable))")
            arguments.append("content_rowid=\(SQLiteQuoting.literal(contentRowID))")
        }
        arguments.append("tokenize=\(SQLiteQuoting.literal(tokenizer))")
        if !prefixLengths.isEmpty {
            arguments.append("prefix=\(SQLiteQuoting.literal(prefixLengths.map(String.init).joined(separator: " ")))")
        }
        return "CREATE VIRTUAL TABLE IF NOT EXISTS \(quotedName) USING fts5(\(arguments.joined(separator: ", ")))"
    }

    /// The three triggers keeping an external-content index in step; none without a content table.
    /// The update trigger fires only when an indexed column or the key changed.
    public var triggerSQL: [String] {
        guard let contentTable else { return [] }
        let content = SQLiteQuoting.identifier(contentTable)
        let key = SQLiteQuoting.identifier(contentRowID)
        let names = columns.map(SQLiteQuoting.identifier)
        let columnList = (["rowid"] + names).joined(separator: ", ")
        let newValues = (["new.\(key)"] + names.map { "new.\($0)" }).joined(separator: ", ")
        let oldValues = (["old.\(key)"] + names.map { "old.\($0)" }).joined(separator: ", ")
        let insert = "INSERT INTO \(quotedName)(\(columnList)) VALUES (\(newValues));"
        let delete = "INSERT INTO \(quotedName)(\(quotedName), \(columnList)) VALUES ('delete', \(oldValues));"
        let changed = ([key] + names).map { "old.\($0) IS NOT new.\($0)" }.joined(separator: " OR ")
        return [
            "CREATE TRIGGER IF NOT EXISTS \(triggerName("ai")) AFTER INSERT ON \(content) BEGIN \(insert) END",
            "CREATE TRIGGER IF NOT EXISTS \(triggerName("ad")) AFTER DELETE ON \(content) BEGIN \(delete) END",
            "CREATE TRIGGER IF NOT EXISTS \(triggerName("au")) AFTER UPDATE ON \(content) WHEN \(changed) BEGIN \(delete) \(insert) END",
        ]
    }

    /// Creates the index and its triggers; an external-content index is then rebuilt so rows
    /// already in the content table are found. Run it inside a write.
    public func create(in db: SQLiteConnection) throws {
        try validate()
        try db.execute(createTableSQL)
        for trigger in triggerSQL { try db.execute(trigger) }
        if contentTable != nil { try rebuild(in: db) }
    }

    /// Builds the index again from the content table (FTS5's `'rebuild'` command): after bulk
    /// changes made with the triggers absent, or to repair an index.
    public func rebuild(in db: SQLiteConnection) throws {
        try db.execute("INSERT INTO \(quotedName)(\(quotedName)) VALUES ('rebuild')")
    }

    /// Drops the triggers and the index; the content table is left as it is.
    public func drop(in db: SQLiteConnection) throws {
        for suffix in ["ai", "ad", "au"] { try db.execute("DROP TRIGGER IF EXISTS \(triggerName(suffix))") }
        try db.execute("DROP TABLE IF EXISTS \(quotedName)")
    }

    /// The quoted table name.
    public var quotedName: String { SQLiteQuoting.identifier(name) }

    /// The quoted name of the trigger with `suffix`.
    private func triggerName(_ suffix: String) -> String { SQLiteQuoting.identifier("\(name)_\(suffix)") }

    /// Refuses a description SQLite would reject, with a clear message.
    func validate() throws {
        guard !columns.isEmpty else { throw SQLiteError.misuse("The FTS5 table \(name) has no columns.") }
        guard Set(columns.map { $0.lowercased() }).count == columns.count else {
            throw SQLiteError.misuse("The FTS5 table \(name) names a column twice.")
        }
        if let bad = prefixLengths.first(where: { !(1...999).contains($0) }) {
            throw SQLiteError.misuse("The FTS5 table \(name) has prefix length \(bad); FTS5 takes 1 to 999.")
        }
    }

    /// The position of `column` among `columns`, or a clear error.
    func columnIndex(_ column: String) throws -> Int {
        guard let index = columns.firstIndex(where: { $0.caseInsensitiveCompare(column) == .orderedSame }) else {
            throw SQLiteError.misuse(
                "The FTS5 table \(name) has no column \(column); it has \(columns.joined(separator: ", ")).")
        }
        return index
    }
}
