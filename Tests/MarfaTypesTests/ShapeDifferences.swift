/// The ways the public document's answer differs from ours, field by field: a field the public
/// document has and ours lacks, or a field whose JSON types differ. Fields only in ours are fine.
enum ShapeDifferences {
    /// The differences between `real` (the public document) and `ours`, each as
    /// `$.field.path: what differs`. `[]` marks an array's elements, `*` a map's values.
    static func between(real: SchemaShape, ours: SchemaShape, at path: String = "$") -> [String] {
        if let realTypes = real.types, let ourTypes = ours.types, realTypes != ourTypes {
            return ["\(path): the public document says \(describe(realTypes)), ours \(describe(ourTypes))"]
        }
        var differences: [String] = []
        for name in real.properties.keys.sorted() {
            let field = path + "." + name
            if let ourField = ours.properties[name] ?? ours.additionalProperties {
                differences += between(real: real.properties[name]!, ours: ourField, at: field)
            } else if !ours.isOpenObject {
                differences.append("\(field): only in the public document")
            }
        }
        if let realValues = real.additionalProperties, let ourValues = ours.additionalProperties {
            differences += between(real: realValues, ours: ourValues, at: path + ".*")
        }
        if let realItems = real.items, let ourItems = ours.items {
            differences += between(real: realItems, ours: ourItems, at: path + "[]")
        }
        return differences
    }

    private static func describe(_ types: Set<String>) -> String {
        types.isEmpty ? "null" : types.sorted().joined(separator: " or ")
    }
}
