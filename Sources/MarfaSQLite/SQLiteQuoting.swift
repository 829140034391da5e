/// Quoting names and text into SQL.
enum SQLiteQuoting {
    /// `name` as an SQL identifier: in double quotes, inner double quotes doubled.
    static func identifier(_ name: String) -> String { "\"" + name.replacing("\"", with: "\"\"") + "\"" }

    /// `text` as an SQL string literal: in single quotes, inner single quotes doubled.
    static func literal(_ text: String) -> String { "'" + text.replacing("'", with: "''") + "'" }
}
