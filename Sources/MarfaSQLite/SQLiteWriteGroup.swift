/// Writes queued together, run in one transaction and committed once.
///
/// Each member runs in a savepoint of its own (its body opens a nested transaction), so one that
/// throws rolls back only its own changes and gets its own error. The others' results are
/// delivered after the shared `COMMIT`, never before their changes are committed. When the shared
/// transaction is lost (a member's error ended it, or the commit failed), nothing of it was
/// committed: each member that had succeeded, and each not reached, runs again alone. The outcome
/// is therefore the same as running the members one after another in their own transactions.
enum SQLiteWriteGroup {
    /// The most writes one transaction takes, so a long queue still commits in steps.
    static let largest = 64

    /// Runs `members` (in queue order) on `db`, the writer's connection outside any transaction.
    static func run(_ members: [any SQLiteWork], on db: SQLiteConnection) {
        var held: [any SQLiteWork] = []
        var ended: [any SQLiteWork] = []
        var waiting = members[...]
        do {
            try db.transaction(.immediate) { db in
                while let member = waiting.popFirst() {
                    switch member.runHeld(on: db) {
                    case .succeeded: held.append(member)
                    case .failed: ended.append(member)
                    case .skipped: break
                    }
                    guard db.isInTransaction else { throw TransactionLost() }
                }
            }
        } catch {
            for member in ended { member.deliverHeld() }
            for member in held + waiting { member.run(on: db) }
            return
        }
        for member in ended + held { member.deliverHeld() }
    }

    /// A member's error ended the shared transaction.
    private struct TransactionLost: Error {}
}
