/// Where a body is cut into the chunks a transport hands over.
enum Chunking {
    /// `bytes` in chunks whose sizes cycle through small numbers drawn from `seed`, so a line end,
    /// a CR LF pair or a UTF-8 sequence is often split across two chunks.
    static func chunks(of bytes: [UInt8], seed: Int) -> [ArraySlice<UInt8>] {
        let sizes = [1 + seed % 7, 1 + (seed / 7) % 5, 1 + seed % 3]
        var chunks: [ArraySlice<UInt8>] = []
        var start = 0
        var turn = 0
        while start < bytes.count {
            let end = min(bytes.count, start + sizes[turn % sizes.count])
            chunks.append(bytes[start..<end])
            start = end
            turn += 1
        }
        return chunks
    }
}
