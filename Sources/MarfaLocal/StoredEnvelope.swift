import MarfaOpenAPIRuntime
import MarfaSQLite

/// An item envelope as read in the store: the record, its extension namespaces and whether the
/// write it answers was acknowledged (already done), written as an answer's JSON by `ItemJSONText`
/// once off the database's thread.
struct StoredEnvelope: Sendable {
    var item: ItemRecord
    var extensions: OpenAPIObject
    var acknowledged: Bool?

    /// `item` with the extension namespaces stored for it now.
    init(_ item: ItemRecord, acknowledged: Bool? = nil, in db: SQLiteConnection) throws {
        self.item = item
        self.extensions = try ItemExtensions.all(of: item.id, in: db)
        self.acknowledged = acknowledged
    }

    /// The envelope as the generated `ItemEnvelope` answer writes it.
    var answer: UndocumentedPayload {
        var text = ItemJSONText(sorted: LocalAPI.sortsAnswerKeys)
        text.envelope(of: item, extensions: extensions, acknowledged: acknowledged)
        return LocalAPI.jsonAnswer(text.bytes)
    }
}
