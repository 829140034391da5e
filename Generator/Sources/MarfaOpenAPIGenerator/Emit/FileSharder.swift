/// Splits generated chunks across a fixed number of files so the compiler can build them in
/// parallel. Each chunk goes to the file with the least text so far (the lowest index on a tie),
/// which is deterministic.
enum FileSharder {
    static func shard(_ chunks: [String], into count: Int, imports: [String]) -> [Generator.File] {
        var bodies = [String](repeating: "", count: count)
        var sizes = [Int](repeating: 0, count: count)
        for chunk in chunks {
            var target = 0
            for index in 1..<count where sizes[index] < sizes[target] { target = index }
            bodies[target] += (bodies[target].isEmpty ? "" : "\n") + chunk
            sizes[target] += chunk.utf8.count
        }
        let header = SwiftRenderer.fileHeader(imports: imports)
        return bodies.enumerated().map { index, body in
            Generator.File(name: "Generated\(index).swift", contents: header + (body.isEmpty ? "" : "\n" + body))
        }
    }
}
