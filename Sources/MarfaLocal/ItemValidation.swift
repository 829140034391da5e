import Foundation
import MarfaOpenAPIRuntime
import MarfaTypes

/// The checks an item's properties pass against its type.
enum ItemValidation {
    /// The longest string property, in characters.
    static let maxStringLength = 100_000

    /// `400 invalid_properties` naming every property that breaks `type`'s fields; with `strict`,
    /// undeclared properties break it too.
    static func check(
        _ properties: OpenAPIObject, against type: Components.Schemas.ItemType, strict: Bool
    ) throws {
        var errors: [(String, String)] = []
        let fields = type.fields.additionalProperties
        for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
            guard let value = properties[name], value != .null else {
                if field.required == true { errors.append((name, "is required")) }
                continue
            }
            if let problem = problem(value, field) { errors.append((name, problem)) }
        }
        for (name, value) in properties.sorted(by: { $0.key < $1.key }) {
            if strict && fields[name] == nil { errors.append((name, "is not declared by \(type.id) (strict mode)")) }
            if case .string(let text) = value, text.count > maxStringLength {
                errors.append((name, "is longer than \(maxStringLength) characters"))
            }
        }
        guard errors.isEmpty else {
            let message = errors.map { "'\($0.0)' \($0.1)" }.joined(separator: "; ")
            throw LocalError(
                400, "invalid_properties", "The properties do not fit \(type.id): \(message).",
                details: [
                    "errors": .array(
                        errors.map { .object(["path": .string("properties.\($0.0)"), "message": .string($0.1)]) })
                ])
        }
    }

    private static func problem(_ value: OpenAPIValue, _ field: Components.Schemas.FieldDefinition) -> String? {
        switch field._type {
        case .string:
            return value.string == nil ? "must be a string" : nil
        case .number:
            return value.double == nil ? "must be a number" : nil
        case .integer:
            if value.int != nil { return nil }
            guard let double = value.double, double.rounded() == double else { return "must be an integer" }
            // A whole number that fits Int64 arrives as an integer; one that arrives as a double at
            // 2^53 or beyond may have been rounded (2^70, or -2^63-1), so it is refused, never stored.
            guard abs(double) < 0x1p53 else { return "must be an integer from -2^63 to 2^63-1" }
            return nil
        case .boolean:
            return value.bool == nil ? "must be true or false" : nil
        case .date:
            guard let text = value.string, text.count == 10, CalendarDateCheck.isDate(text) else {
                return "must be a date (YYYY-MM-DD)"
            }
            return nil
        case .datetime:
            guard let text = value.string, (try? Paging.instant(text, "")) != nil else {
                return "must be an RFC 3339 date-time"
            }
            return nil
        case ._enum:
            guard let text = value.string, field.enumValues?.contains(text) ?? false else {
                return "must be one of \((field.enumValues ?? []).joined(separator: ", "))"
            }
            return nil
        case .array:
            return value.array == nil ? "must be an array" : nil
        case .object:
            return value.object == nil ? "must be an object" : nil
        case .thumbnail:
            guard let text = value.string,
                ["data:image/png;base64,", "data:image/jpeg;base64,", "data:image/webp;base64,"].contains(
                    where: text.hasPrefix)
            else { return "must be a PNG, JPEG or WebP data URI" }
            return text.utf8.count > 16 * 1024 * 4 / 3 + 32 ? "is larger than 16 KiB" : nil
        case .unknown:
            return nil
        }
    }
}

enum CalendarDateCheck {
    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let month = Int(parts[1]), let day = Int(parts[2]), Int(parts[0]) != nil
        else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }
}
