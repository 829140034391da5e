/// A file a scan found in the folder: where it is, how large and how new, what it holds.
struct ScannedFile: Sendable, Hashable {
    /// What the folder makes of a file.
    enum Kind: String, Sendable, Hashable {
        /// UTF-8 text without a NUL: an item whose body is the text.
        case text
        /// Anything else: a blob, held by a file item.
        case blob
    }

    /// Relative to the folder, `/`-separated.
    var path: String
    var size: Int64
    /// Seconds since 1970, to the nanosecond the file system keeps.
    var modified: Double
    var kind: Kind
    /// `sha256:` and the hex digest of the bytes.
    var hash: String
}
