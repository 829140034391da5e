/// Generated source as it is written: UTF-8 bytes that pieces of text are appended to, made a
/// `String` once at the end. Appending a piece's bytes costs far less than appending a `String` to
/// a `String`, and the renderer appends over a million short pieces for a large document.
///
/// The bytes live in a buffer of its own that grows by doubling; an append is a capacity check
/// and a copy (the generic `Array.append(contentsOf:)` cost several times that per piece). A copy
/// of a `SourceText` shares the buffer until either is appended to.
struct SourceText {
    private var storage: Storage

    /// An empty text with room for `capacity` bytes before it grows.
    init(capacity: Int = 64) {
        storage = Storage(capacity: capacity)
    }

    /// How many bytes have been written.
    var byteCount: Int { storage.count }

    /// The text written so far.
    var string: String { withBytes { String(decoding: $0, as: UTF8.self) } }

    /// Calls `body` with the bytes written so far.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    /// Appends `piece`'s UTF-8 bytes.
    @inline(__always)
    static func += (text: inout SourceText, piece: String) {
        if piece.utf8.withContiguousStorageIfAvailable({ text.append($0) }) != nil { return }
        var piece = piece
        piece.withUTF8 { text.append($0) }
    }

    /// Appends the scalar's UTF-8 bytes.
    mutating func append(_ scalar: Unicode.Scalar) {
        for byte in UTF8.encode(scalar)! { append(byte) }
    }

    /// Appends one byte.
    mutating func append(_ byte: UInt8) {
        withUnsafePointer(to: byte) { append(UnsafeBufferPointer(start: $0, count: 1)) }
    }

    /// Appends `bytes`.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        storage.append(bytes)
    }

    /// Appends the bytes of `other`.
    mutating func append(_ other: SourceText) {
        other.withBytes { append($0) }
    }

    /// The growing byte buffer behind a `SourceText`.
    private final class Storage {
        private(set) var base: UnsafeMutablePointer<UInt8>
        private(set) var count = 0
        private var capacity: Int

        init(capacity: Int) {
            self.capacity = max(capacity, 16)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        func copy() -> Storage {
            let copy = Storage(capacity: capacity)
            copy.append(UnsafeBufferPointer(start: base, count: count))
            return copy
        }

        @inline(__always)
        func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            let added = bytes.count
            guard added > 0, let source = bytes.baseAddress else { return }
            if count + added > capacity { grow(toHold: count + added) }
            (base + count).initialize(from: source, count: added)
            count += added
        }

        @inline(never)
        private func grow(toHold needed: Int) {
            var newCapacity = capacity * 2
            while newCapacity < needed { newCapacity *= 2 }
            let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            newBase.initialize(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }
    }
}
