/// A blob's name: `sha256:` and the 64 lowercase hex digits of its SHA-256. The hex alone is
/// taken too, as the server's doors take it. The hex becomes a file name, so nothing else is.
enum BlobHash {
    static let prefix = "sha256:"

    /// The name as the server writes it, or `invalid` for anything that isn't one.
    static func named(_ hash: String) throws(MarfaError) -> String { prefix + (try hex(of: hash)) }

    /// The hex digits `hash` names, or `invalid`.
    static func hex(of hash: String) throws(MarfaError) -> String {
        let hex = hash.hasPrefix(prefix) ? String(hash.dropFirst(prefix.count)) : hash
        guard hex.utf8.count == 64, hex.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            throw .invalid(message: "\(hash) isn't a blob's name: sha256: and 64 lowercase hex digits.")
        }
        return hex
    }
}
