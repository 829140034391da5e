/// The output's pieces as rendered: their text one after another in one buffer, and where each
/// piece ends in it. The sharder copies each piece's bytes once, into the file it goes to.
struct RenderedChunks {
    private(set) var writer = SwiftWriter(capacity: 1 << 16)
    /// The byte offset where each piece ends, in order.
    private(set) var ends: [Int] = []

    /// Renders `decls` as the next piece.
    mutating func append(_ decls: [SwiftDecl], with renderer: SwiftRenderer) {
        for decl in decls { renderer.render(decl, into: &writer) }
        ends.append(writer.byteCount)
    }

    /// Calls `body` with each piece's bytes, in order.
    func forEachPiece(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        writer.source.withBytes { all in
            var start = 0
            for end in ends {
                body(UnsafeBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
    }
}

/// A generated file as its bytes, before it is made a `String` (the command line writes the bytes).
struct RenderedFile {
    var name: String
    var text: SourceText

    /// The file with its text as a `String`.
    var file: Generator.File { Generator.File(name: name, contents: text.string) }
}
