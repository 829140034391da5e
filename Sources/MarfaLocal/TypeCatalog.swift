import Foundation
import MarfaSQLite
import MarfaTypes

/// The types every instance ships: `core.note`, `core.task`, `core.bookmark`, `core.event`, and
/// the file types `core.file` (bytes named by `blob_ref`, `sha256:<hex>`) with its subtypes
/// `core.file.image`, `core.file.audio` and `core.file.video`. They
/// cannot be replaced or deleted (`403 core_type_immutable`); the owner may still set their icons.
enum TypeCatalog {
    typealias Field = Components.Schemas.FieldDefinition

    static func field(_ kind: Field.TypePayload, required: Bool = false, _ description: String) -> Field {
        Field(_type: kind, required: required, description: description)
    }

    static let builtins: [Components.Schemas.TypeDefinitionInput] = [
        .init(
            fields: .init(additionalProperties: [
                "title": field(.string, "The note's title."),
                "body": field(.string, "The note's text."),
                "notes": field(.string, "Further notes."),
            ]),
            id: "core.note", label: "Note", description: "A note with a title and a body.", version: 1,
            displayHints: .init(titleField: "title", bodyField: "body"),
            mergePolicy: .init(
                fields: .init(additionalProperties: ["body": .keepBothCopies, "notes": .keepBothCopies]),
                _default: .lastWriterWins),
            icon: .value("lucide:sticky-note")),
        .init(
            fields: .init(additionalProperties: [
                "title": field(.string, required: true, "What to do."),
                "body": field(.string, "Details."),
                "done": field(.boolean, "Whether it is done."),
                "due": field(.datetime, "When it is due."),
            ]),
            id: "core.task", label: "Task", description: "Something to do.", version: 1,
            displayHints: .init(titleField: "title", bodyField: "body"), icon: .value("lucide:square-check")),
        .init(
            fields: .init(additionalProperties: [
                "url": field(.string, required: true, "The address."),
                "title": field(.string, "The page's title."),
                "description": field(.string, "What the page is about."),
            ]),
            id: "core.bookmark", label: "Bookmark", description: "A saved web address.", version: 1,
            displayHints: .init(titleField: "title", bodyField: "description"), icon: .value("lucide:bookmark")),
        .init(
            fields: .init(additionalProperties: [
                "title": field(.string, required: true, "The event's name."),
                "description": field(.string, "What happens."),
                "starts_at": field(.datetime, required: true, "When it starts."),
                "ends_at": field(.datetime, "When it ends."),
                "location": field(.string, "Where it happens."),
            ]),
            id: "core.event", label: "Event", description: "Something that happens at a time.", version: 1,
            displayHints: .init(titleField: "title", bodyField: "description"), icon: .value("lucide:calendar")),
        .init(
            fields: .init(additionalProperties: [
                "blob_ref": field(.string, required: true, "The bytes: sha256:<hex>."),
                "mime_type": field(.string, required: true, "The media type of the bytes."),
                "title": field(.string, "The file's name or title."),
                "description": field(.string, "What the file holds."),
                "thumbnail": field(
                    .thumbnail, "A small picture of the file: a PNG, JPEG or WebP data URI of at most 16 KiB."),
            ]),
            id: "core.file", label: "File", description: "A file's bytes and what they are.", version: 1,
            displayHints: .init(titleField: "title", bodyField: "description"), icon: .value("lucide:file")),
        fileSubtype("image", "Image", "A picture.", icon: "lucide:image"),
        fileSubtype("audio", "Audio file", "A recording.", icon: "lucide:file-audio"),
        fileSubtype("video", "Video", "A film.", icon: "lucide:file-video"),
    ]

    private static func fileSubtype(
        _ name: String, _ label: String, _ description: String, icon: String
    ) -> Components.Schemas.TypeDefinitionInput {
        .init(
            fields: .init(additionalProperties: [:]), id: "core.file.\(name)", label: label, description: description,
            parent: "core.file",
            version: 1, displayHints: .init(titleField: "title", bodyField: "description"), icon: .value(icon))
    }

    /// Writes the shipped types into a new store.
    static func install(in db: SQLiteConnection, at date: Date) throws {
        let now = date.stored
        for definition in builtins {
            try db.run(
                "INSERT OR IGNORE INTO item_types (id, definition, builtin, created_at, updated_at) VALUES (?, ?, 1, ?, ?)",
                definition.id, try StoredJSON.encode(definition), now, now)
        }
    }
}
