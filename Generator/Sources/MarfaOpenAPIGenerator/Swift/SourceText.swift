/// Generated source as it is written: UTF-8 bytes that pieces of text are appended to, made a
/// `String` once at the end. Appending a piece's bytes costs far less than appending a `String` to
/// a `String`, and the renderer appends over a million short pieces for a large document.
struct SourceText {
    private var bytes: [UInt8] = []

    /// The text written so far.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `piece`'s UTF-8 bytes.
    static func += (text: inout SourceText, piece: String) {
        var piece = piece
        piece.withUTF8 { text.bytes.append(contentsOf: $0) }
    }

    /// Appends the scalar's UTF-8 bytes.
    mutating func append(_ scalar: Unicode.Scalar) {
        bytes.append(contentsOf: UTF8.encode(scalar)!)
    }
}
