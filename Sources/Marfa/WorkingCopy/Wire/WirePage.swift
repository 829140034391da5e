/// One page of a listing as the copy reads it: its rows, and the cursor of the next page (nil on
/// the last).
struct WirePage<Row: Sendable>: Sendable {
    var rows: [Row]
    var cursor: String?

    init(rows: [Row], cursor: String?) {
        self.rows = rows
        self.cursor = cursor
    }

    /// The page `answer` holds (see `WireShapes.page`), each row read by `row`.
    init(_ answer: JSONValue, what: String, _ row: (JSONValue) throws(MarfaError) -> Row) throws(MarfaError) {
        let (rows, cursor) = try WireShapes.page(answer, what: what)
        var read: [Row] = []
        read.reserveCapacity(rows.count)
        for each in rows { read.append(try row(each)) }
        self.init(rows: read, cursor: cursor)
    }
}
