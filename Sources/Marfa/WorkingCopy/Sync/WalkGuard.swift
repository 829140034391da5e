/// Keeps a walk over a server's pages finite: a cursor that comes back, or more pages than the
/// rows they brought can explain (a server handing the same rows again under new cursors), ends
/// the walk with `decoding` naming the listing, within a few requests rather than never.
struct WalkGuard: Sendable {
    /// Pages a walk may read beyond one per new row: room for a server's short and empty pages.
    static let slack = 32

    let what: String
    private var cursors: Set<String> = []
    private var ids: Set<String> = []
    private var pages = 0
    /// Rows sent again after an earlier page held them.
    private var repeated = 0

    init(_ what: String) { self.what = what }

    /// Notes one page, the ids of its rows and the cursor it gave for the next; throws when the
    /// walk can't be finishing: a cursor given twice, more pages than its new rows explain, or
    /// more rows sent again than it has sent (pages that grow by repeating what came before).
    mutating func note(ids rows: some Sequence<String>, next cursor: String?) throws(MarfaError) {
        pages += 1
        for id in rows where !ids.insert(id).inserted { repeated += 1 }
        if cursor != nil, repeated > ids.count + Self.slack {
            throw .decoding(
                message:
                    "The server's \(what) sent \(repeated) rows again that it had sent before, without ending; nothing more was read."
            )
        }
        if let cursor, !cursors.insert(cursor).inserted {
            throw .decoding(
                message:
                    "The server's \(what) gave the cursor \(cursor) twice, so the walk would never end; nothing more was read."
            )
        }
        if cursor != nil, pages > ids.count + Self.slack {
            throw .decoding(
                message:
                    "The server's \(what) ran to \(pages) pages for \(ids.count) rows without ending; nothing more was read."
            )
        }
    }
}

/// Keeps a replay of events moving: an event that doesn't come after the one before it is
/// skipped, and a run of `limit` of them in a row ends the replay with `decoding`.
struct ReplayGuard: Sendable {
    static let limit = 256

    private var last: Int64?
    private var stuck = 0

    /// A replay from `cursor`: events at or before it make no progress.
    init(from cursor: String) { last = Int64(cursor) }

    /// Whether the event `id` moves the replay on; an error after too many in a row that don't.
    mutating func advances(_ id: String) -> Result<Bool, MarfaError> {
        guard let value = Int64(id) else { return .success(true) }
        if let last, value <= last {
            stuck += 1
            guard stuck < Self.limit else {
                return .failure(
                    .decoding(
                        message:
                            "The server's event stream sent \(stuck) events in a row at or before \(last); the replay stopped."
                    ))
            }
            return .success(false)
        }
        last = value
        stuck = 0
        return .success(true)
    }
}
