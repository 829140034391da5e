import Synchronization

/// Values decoded from stored JSON text, kept by their text: decoding a text seen before answers
/// the value kept instead of decoding it again. The value depends on the text alone, so what is
/// kept never goes stale; past `capacity` texts the memo starts over.
final class DecodedTextMemo<Value: Sendable>: Sendable {
    private let values = Mutex<[String: Value]>([:])
    /// The most texts kept.
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// The value of `text`: the one kept, else `decode(text)`, kept when it decodes.
    func value(of text: String?, decode: (String?) throws -> Value) rethrows -> Value {
        guard let text else { return try decode(nil) }
        if let kept = values.withLock({ $0[text] }) { return kept }
        let value = try decode(text)
        values.withLock { values in
            if values.count >= capacity { values.removeAll(keepingCapacity: true) }
            values[text] = value
        }
        return value
    }
}
