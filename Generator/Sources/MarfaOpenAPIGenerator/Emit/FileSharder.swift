/// Splits generated chunks across a fixed number of files so the compiler can build them in
/// parallel. Each chunk goes to the file with the least text so far (the lowest index on a tie),
/// which is deterministic.
enum FileSharder {
    static func shard(
        _ chunks: RenderedChunks, into count: Int, imports: [String], comments: [String] = []
    ) -> [RenderedFile] {
        let header = SwiftRenderer.fileHeader(imports: imports, comments: comments)
        var files = (0..<count).map { _ in ShardText(header: header) }
        var sizes = [Int](repeating: 0, count: count)
        chunks.forEachPiece { chunk in
            var target = 0
            for index in 1..<count where sizes[index] < sizes[target] { target = index }
            files[target].add(chunk)
            sizes[target] += chunk.count
        }
        return files.enumerated().map { index, file in
            RenderedFile(name: "Generated\(index).swift", text: file.text)
        }
    }

    /// One file as its chunks are added: the header, then, once a chunk has text, a blank line and
    /// the chunks, one line apart.
    private struct ShardText {
        var text: SourceText
        var hasBody = false

        init(header: String) {
            text = SourceText(capacity: 1 << 14)
            text += header
        }

        mutating func add(_ chunk: UnsafeBufferPointer<UInt8>) {
            if !hasBody && chunk.isEmpty { return }
            text += "\n"
            text.append(chunk)
            hasBody = true
        }
    }

    /// Joins the files of several runs (one per document) shard by shard: file N of each run goes into
    /// file N, after one header that imports every module the joined files import. A run with more
    /// files than the others adds its own; no file and no declaration is dropped.
    static func merge(_ runs: [[Generator.File]]) -> [Generator.File] {
        var merged: [Generator.File] = []
        for run in runs {
            for (index, file) in run.enumerated() {
                if index < merged.count {
                    merged[index] = join(merged[index], file)
                } else {
                    merged.append(file)
                }
            }
        }
        return merged
    }

    private static func join(_ first: Generator.File, _ second: Generator.File) -> Generator.File {
        let one = split(first.contents), other = split(second.contents)
        let imports = one.imports + other.imports.filter { !one.imports.contains($0) }
        let comments = one.comments + other.comments.filter { !one.comments.contains($0) }
        let body = [one.body, other.body].filter { !$0.isEmpty }.joined(separator: "\n")
        let header = SwiftRenderer.fileHeader(imports: imports, comments: comments)
        return Generator.File(name: first.name, contents: header + (body.isEmpty ? "" : "\n" + body))
    }

    /// A generated file's comment lines after the note not to edit it, its imported modules, and the
    /// text after its header.
    private static func split(_ contents: String) -> (comments: [String], imports: [String], body: String) {
        var lines = contents.split(separator: "\n", omittingEmptySubsequences: false)[...]
        if lines.first?.hasPrefix("//") == true { lines = lines.dropFirst() }
        var comments: [String] = []
        while let line = lines.first, line.hasPrefix("// ") {
            comments.append(String(line.dropFirst("// ".count)))
            lines = lines.dropFirst()
        }
        if lines.first?.isEmpty == true { lines = lines.dropFirst() }
        var imports: [String] = []
        while let line = lines.first, line.hasPrefix("import ") {
            imports.append(String(line.dropFirst("import ".count)))
            lines = lines.dropFirst()
        }
        if lines.first?.isEmpty == true { lines = lines.dropFirst() }
        return (comments, imports, lines.joined(separator: "\n"))
    }
}
