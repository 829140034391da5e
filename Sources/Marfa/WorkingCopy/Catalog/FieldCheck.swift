/// What the copy checks of an item's values before it queues a write: the type is known, required
/// fields are there (on a create or a replace), and each declared field holds its kind of value.
struct FieldCheck {
    let catalog: CopyCatalog

    /// The type `id`, or `unknownType`.
    func type(_ id: String) throws(MarfaError) -> ItemType {
        guard let type = catalog.itemTypes[id] else {
            throw .unknownType(message: "The copy's catalog holds no type \(id). Hydrate the copy or declare the type.")
        }
        return type
    }

    /// Checks `properties` against `type`'s fields; `whole` when they are every value the item
    /// will hold, so required fields must be there.
    func check(_ properties: JSONObject, of type: ItemType, whole: Bool) throws(MarfaError) {
        for field in type.fields {
            guard let value = properties[field.name], value != .null else {
                if whole && field.required { throw Self.refusal(field.name, "is required by \(type.id)") }
                continue
            }
            guard Self.fits(value, field.type) else { throw Self.refusal(field.name, "must be \(field.type)") }
        }
    }

    private static func fits(_ value: JSONValue, _ kind: String) -> Bool {
        switch (kind, value) {
        case ("string", .string), ("date", .string), ("datetime", .string), ("enum", .string), ("thumbnail", .string):
            true
        case ("integer", .int), ("number", .int), ("number", .double), ("boolean", .bool), ("array", .array),
            ("object", .object):
            true
        case ("string", _), ("date", _), ("datetime", _), ("enum", _), ("thumbnail", _), ("integer", _), ("number", _),
            ("boolean", _),
            ("array", _), ("object", _):
            false
        default: true
        }
    }

    private static func refusal(_ field: String, _ problem: String) -> MarfaError {
        .validation(code: "validation_error", message: "The field \(field) \(problem).", details: nil)
    }
}
