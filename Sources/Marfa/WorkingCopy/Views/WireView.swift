/// Views to and from the wire.
enum WireView {
    static func view(_ wire: Components.Schemas.View) -> View {
        View(
            id: wire.id, version: wire.version,
            settings: View.Settings(
                name: wire.name, types: wire.search.types ?? [], tier: wire.search.tier.flatMap(Tier.init),
                states: (wire.search.state ?? []).compactMap { ItemState(rawValue: $0.rawValue) },
                filter: wire.search.filter,
                beneath: wire.search.beneath, sortField: wire.sort?.field ?? "created_at",
                ascending: wire.sort?.direction?.rawValue == "asc", groupBy: wire.groupBy?.value))
    }

    static func search(_ settings: View.Settings) -> Components.Schemas.SavedSearch {
        Components.Schemas.SavedSearch(
            types: settings.types.isEmpty ? nil : settings.types,
            tier: settings.tier.map { .init(rawValue: $0.rawValue) },
            state: settings.states.isEmpty ? nil : settings.states.map { .init(rawValue: $0.rawValue) },
            filter: settings.filter,
            beneath: settings.beneath)
    }

    static func sort(_ settings: View.Settings) -> Components.Schemas.ViewSort {
        .init(field: settings.sortField, direction: .init(rawValue: settings.ascending ? "asc" : "desc"))
    }
}
