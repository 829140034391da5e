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
        let (firstImports, firstBody) = split(first.contents)
        let (secondImports, secondBody) = split(second.contents)
        let imports = firstImports + secondImports.filter { !firstImports.contains($0) }
        let body = [firstBody, secondBody].filter { !$0.isEmpty }.joined(separator: "\n")
        return Generator.File(name: first.name, contents: SwiftRenderer.fileHeader(imports: imports) + (body.isEmpty ? "" : "\n" + body))
    }

    /// A generated file's imported modules and the text after its header.
    private static func split(_ contents: String) -> (imports: [String], body: String) {
        var lines = contents.split(separator: "\n", omittingEmptySubsequences: false)[...]
        if lines.first?.hasPrefix("//") == true { lines = lines.dropFirst() }
        if lines.first?.isEmpty == true { lines = lines.dropFirst() }
        var imports: [String] = []
        while let line = lines.first, line.hasPrefix("import ") {
            imports.append(String(line.dropFirst("import ".count)))
            lines = lines.dropFirst()
        }
        if lines.first?.isEmpty == true { lines = lines.dropFirst() }
        return (imports, lines.joined(separator: "\n"))
    }
}
