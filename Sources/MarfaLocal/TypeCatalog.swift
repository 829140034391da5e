import Foundation
import MarfaSQLite
import MarfaTypes

/// The types every instance ships: `core.note`, `core.task`, `core.bookmark`, `core.event`. They
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
            mergePolicy: .init(fields: .init(additionalProperties: ["body": .keepBothCopies, "notes": .keepBothCopies]), _default: .lastWriterWins),
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
    ]

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
