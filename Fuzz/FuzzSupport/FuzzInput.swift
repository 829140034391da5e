/// Ways a fuzz target reads its input bytes.
extension UnsafeRawBufferPointer {
    /// The bytes as an array.
    package var bytes: [UInt8] { Array(self) }

    /// The bytes as text, invalid UTF-8 replaced (U+FFFD), as a reader of untrusted text sees it.
    package var text: String { String(decoding: self, as: UTF8.self) }

    /// The first byte as a choice among `count` (0 when the input is empty), and the bytes after it.
    package func choice(of count: Int) -> (Int, UnsafeRawBufferPointer) {
        guard let first = self.first else { return (0, self) }
        return (Int(first) % count, UnsafeRawBufferPointer(rebasing: self[1...]))
    }
}
