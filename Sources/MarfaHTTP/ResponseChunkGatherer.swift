#if canImport(CCurl)
/// The body bytes libcurl hands over during one pass of the event loop, gathered into chunks of up
/// to a piece before the reader sees them; `CurlTransfer` hands them to its buffer when a chunk is
/// full and at the end of the pass. Loop thread only.
///
/// A download arrives in pieces of whatever the socket held (often 16 KiB), and each chunk costs
/// the reader a call and the allocator an array; gathered, a chunk holds a piece (256 KiB by
/// default). The first chunk of a body is made to fit, as a small body's only chunk. Later ones
/// reuse an array the reader took before (`ResponseBodyBuffer.reusableArray`): emptied with
/// `removeAll(keepingCapacity:)`, which clears it in place once the reader has let it go, and
/// otherwise leaves the reader's bytes alone and allocates. Fresh arrays for every piece would
/// often be fresh pages from the system too, a page fault for each 4 KiB.
struct ResponseChunkGatherer {
    /// The capacity of a chunk after the first: the most bytes libcurl hands over at once.
    let piece: Int
    private var filling: [UInt8] = []
    private var started = false

    init(piece: Int) { self.piece = piece }

    /// The bytes gathered and not yet handed over.
    var count: Int { filling.count }

    /// Adds a copy of `bytes`; answers the chunk to hand over first when the one being filled has
    /// no room left. `spare` gives an array the reader took before, if any.
    mutating func add(_ bytes: UnsafeRawBufferPointer, spare: () -> [UInt8]?) -> [UInt8]? {
        guard started else {
            started = true
            filling = [UInt8](bytes)
            return nil
        }
        var full: [UInt8]?
        if filling.capacity - filling.count < bytes.count {
            if !filling.isEmpty { full = filling }
            var next = spare() ?? []
            next.removeAll(keepingCapacity: true)
            if next.capacity < bytes.count { next.reserveCapacity(max(bytes.count, piece)) }
            filling = next
        }
        filling.append(contentsOf: bytes)
        return full
    }

    /// The bytes gathered so far, to hand over now; nil when there are none.
    mutating func take() -> [UInt8]? {
        guard !filling.isEmpty else { return nil }
        defer { filling = [] }
        return filling
    }
}
#endif
