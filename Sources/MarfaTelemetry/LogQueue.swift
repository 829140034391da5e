/// One event waiting to be sent.
struct PendingLogRecord: Sendable {
    var name: String
    var level: Telemetry.LogLevel
    var attributes: [(key: String, value: Telemetry.AttributeValue)]
    /// Nanoseconds since 1970, from the wall clock, when the app logged it.
    var unixNanoseconds: UInt64
    /// When it was logged, on the telemetry clock (for the batch timer).
    var enqueuedAt: Duration
}

/// The events waiting to be sent, at most `capacity`: a new one beyond that pushes the oldest out,
/// and the count of those pushed out goes with the next batch.
struct LogQueue: Sendable {
    let capacity: Int
    private var records: [PendingLogRecord] = []
    private var start = 0
    /// Records pushed out since the last batch was taken.
    private(set) var dropped = 0

    init(capacity: Int) { self.capacity = capacity }

    var count: Int { records.count - start }
    var isEmpty: Bool { count == 0 }
    /// When the oldest waiting record was logged, on the telemetry clock.
    var oldestEnqueuedAt: Duration? { isEmpty ? nil : records[start].enqueuedAt }

    mutating func append(_ record: PendingLogRecord) {
        if count >= capacity {
            start += 1
            dropped += 1
        }
        records.append(record)
        compact()
    }

    /// Takes up to `limit` of the oldest records and the count dropped before them.
    mutating func take(_ limit: Int) -> (records: [PendingLogRecord], dropped: Int) {
        let end = min(start + limit, records.count)
        let taken = Array(records[start..<end])
        start = end
        let droppedBefore = dropped
        dropped = 0
        compact()
        return (taken, droppedBefore)
    }

    /// Forgets every waiting record and the dropped count.
    mutating func removeAll() {
        records.removeAll()
        start = 0
        dropped = 0
    }

    private mutating func compact() {
        if start > 0 && start * 2 >= records.count {
            records.removeFirst(start)
            start = 0
        }
    }
}
