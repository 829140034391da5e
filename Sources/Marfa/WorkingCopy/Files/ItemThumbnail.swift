import Foundation

/// An item's thumbnail, read from the held row with no request.
extension Items {
    /// The thumbnail the item `id` carries in its type's thumbnail field, or nil when the type
    /// declares none or the item carries none.
    /// - Throws: `notFound` (`not_held`) for an item the copy doesn't hold; `decoding` for a held
    ///   value that isn't a PNG, JPEG or WebP data URI of at most 16 KiB.
    public func thumbnail(_ id: String) async throws -> Thumbnail? {
        try await copy.perform {
            _ = try copy.fileStore("items.thumbnail(_:)")
            let item = try await held(id)
            let catalog = try await copy.engine.catalog()
            let fields = catalog.itemTypes[item.type]?.fields ?? []
            guard
                let field = fields.first(where: {
                    $0.type == "thumbnail" || $0.definition["format"]?.string == "thumbnail"
                })
            else {
                return nil
            }
            switch item.properties[field.name] {
            case nil, .null?: return nil
            case .string(let uri)?: return try ThumbnailURI.decode(uri, item: id)
            case let other?:
                throw MarfaError.decoding(
                    message: "\(id): its \(field.name) holds \(other), where a thumbnail is a data URI.")
            }
        }
    }
}

/// A thumbnail's data URI: `data:image/png|jpeg|webp;base64,…`, 16 KiB of bytes at most.
enum ThumbnailURI {
    static let types = ["image/png", "image/jpeg", "image/webp"]
    static let most = 16 << 10

    static func decode(_ uri: String, item id: String) throws(MarfaError) -> Thumbnail {
        guard let type = types.first(where: { uri.hasPrefix("data:\($0);base64,") }) else {
            throw .decoding(message: "\(id): its thumbnail isn't a PNG, JPEG or WebP data URI.")
        }
        let encoded = uri.dropFirst("data:\(type);base64,".count)
        guard encoded.utf8.count <= (most + 2) / 3 * 4, let bytes = Data(base64Encoded: String(encoded)) else {
            throw .decoding(message: "\(id): its thumbnail isn't base64 of at most \(most) bytes.")
        }
        guard bytes.count <= most else { throw .decoding(message: "\(id): its thumbnail is larger than 16 KiB.") }
        return Thumbnail(mimeType: type, bytes: bytes)
    }
}
