/// The catalog's values from the wire: the instance's types and the app's declarations, each with
/// only its own fields (`CopyCatalog` adds the inherited ones).
package enum WireCatalog {
    /// An item type as the instance lists it.
    package static func itemType(_ wire: Components.Schemas.ItemType) -> ItemType {
        ItemType(
            id: wire.id, label: wire.label, description: wire.description, parent: wire.parent, version: wire.version,
            fields: fields(wire.fields, of: wire.id), titleField: wire.displayHints?.titleField,
            bodyField: wire.displayHints?.bodyField, linkField: wire.linkField,
            roles: (wire.roles ?? []).map(\.rawValue),
            compatibleWith: wire.compatibleWith ?? [], icon: wire.icon?.value)
    }

    /// An item type as the app declares it.
    package static func itemType(_ wire: Components.Schemas.TypeDefinitionInput) -> ItemType {
        ItemType(
            id: wire.id, label: wire.label, description: wire.description, parent: wire.parent,
            version: wire.version ?? 1,
            fields: fields(wire.fields, of: wire.id), titleField: wire.displayHints?.titleField,
            bodyField: wire.displayHints?.bodyField, linkField: wire.linkField,
            roles: (wire.roles ?? []).map(\.rawValue),
            compatibleWith: wire.compatibleWith ?? [], icon: wire.icon?.value)
    }

    /// An edge type as the instance lists it.
    static func edgeType(_ row: CatalogEdgeType) -> EdgeType {
        let wire = row.wire
        return EdgeType(
            id: wire.id, label: wire.label, description: wire.description, cardinality: wire.cardinality.rawValue,
            sourceTypeConstraints: wire.sourceTypeConstraints, targetTypeConstraints: wire.targetTypeConstraints,
            cascadeOnDelete: wire.cascadeOnDelete.rawValue, properties: wire.propertySchema,
            reverseName: row.reverseName, writtenAt: row.writtenAt, shipped: row.shipped)
    }

    private static func fields(
        _ wire: Components.Schemas.TypeDefinitionInput.FieldsPayload, of type: String
    ) -> [TypeField] {
        wire.additionalProperties.map { name, definition in
            TypeField(
                name: name, type: definition._type.rawValue, required: definition.required ?? false,
                description: definition.description, declaredBy: type,
                definition: JSONText.value(of: definition).object ?? [:])
        }.sorted { $0.name < $1.name }
    }
}
