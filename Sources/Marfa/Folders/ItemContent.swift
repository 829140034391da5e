import MarfaDigest

/// What an item holds as a file: a text item's body text, or a file item's blob.
struct ItemContent: Sendable, Hashable {
    /// The body text, for a text item.
    var text: String?
    /// The blob's hash (`blob_ref`), for a file item.
    var blob: String?

    /// The hash a file holding this content has.
    var hash: String { blob ?? FolderScanner.hash(Array((text ?? "").utf8)) }

    /// The content of `item`, whose type's body field is `bodyField`.
    init(_ item: Item, bodyField: String?) {
        if let blob = item.properties["blob_ref"]?.string {
            self.blob = blob
            return
        }
        text = bodyField.flatMap { item.properties[$0]?.string } ?? item.body ?? ""
    }
}
