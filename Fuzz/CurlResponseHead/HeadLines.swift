/// A response head cut into lines the way libcurl's header callback delivers them: each line with
/// its LF (and CR), the last one as it is when the bytes end without one.
enum HeadLines {
    static func split(_ bytes: UnsafeRawBufferPointer) -> [ArraySlice<UInt8>] {
        let all = Array(bytes)
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for (index, byte) in all.enumerated() where byte == 0x0A {
            lines.append(all[start...index])
            start = index + 1
        }
        if start < all.count { lines.append(all[start...]) }
        return lines
    }
}
