import Foundation

/// The views the instance keeps, held in the copy: made, changed and deleted by immediate server
/// calls, read and grouped from the device.
public struct Views: Sendable {
    let copy: WorkingCopy

    /// Every view held, by name.
    public func list() async throws -> [View] {
        try await copy.perform { try await copy.engine.views() }
    }

    /// Makes a view on the instance and holds it.
    public func create(_ settings: View.Settings) async throws -> View {
        try await copy.perform {
            try Self.check(settings)
            return try await copy.requireDrainer().save(view: settings, id: nil, baseVersion: nil)
        }
    }

    /// Changes the view `id`, based on the version the app read.
    ///
    /// - Parameters:
    ///   - id: A view the copy holds (else `notFound`).
    ///   - settings: What the view shows from now on.
    ///   - baseVersion: The version the change is based on (else `versionConflict`).
    public func change(_ id: String, to settings: View.Settings, baseVersion: Int64) async throws -> View {
        try await copy.perform {
            try Self.check(settings)
            return try await copy.requireDrainer().save(
                view: settings, id: try WorkingCopy.checkedID(id), baseVersion: baseVersion)
        }
    }

    /// Deletes the view `id` on the instance and lets it go.
    public func delete(_ id: String) async throws {
        try await copy.perform { try await copy.requireDrainer().delete(view: try WorkingCopy.checkedID(id)) }
    }

    /// The view's items in its order. A `filter` the copy can't answer whole throws `invalid`.
    public func items(in id: String) async throws -> [Item] {
        try await copy.perform {
            let view = try await held(id)
            var items: [Item] = []
            for type in view.settings.types.isEmpty ? [nil] : view.settings.types.map(Optional.some) {
                items += try await copy.items.list(Self.filters(view.settings, type: type))
            }
            return Self.sorted(
                Array(Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }).values), view.settings)
        }
    }

    /// The view's items in groups, as its `groupBy` says, groups by key, items in the view's order.
    public func groups(in id: String) async throws -> [ViewGroup] {
        try await copy.perform {
            let view = try await held(id)
            var groups: [String: [Item]] = [:]
            for item in try await items(in: id) {
                for key in ViewGrouping.keys(of: item, by: view.settings.groupBy) {
                    groups[key, default: []].append(item)
                }
            }
            return groups.keys.sorted().map { ViewGroup(key: $0, items: groups[$0] ?? []) }
        }
    }

    func held(_ id: String) async throws -> View {
        guard let view = try await copy.engine.views().first(where: { $0.id == id }) else {
            throw MarfaError.notFound(code: "view_not_found", message: "The copy holds no view \(id).")
        }
        return view
    }

    static func filters(_ settings: View.Settings, type: String?) -> ListFilters {
        ListFilters(
            type: type, state: settings.states.count == 1 ? settings.states[0] : nil,
            allStates: settings.states.count > 1, tier: settings.tier, filter: settings.filter,
            beneath: settings.beneath)
    }

    static func sorted(_ items: [Item], _ settings: View.Settings) -> [Item] {
        let ordered = items.sorted { a, b in
            let (x, y) = (ViewGrouping.sortKey(a, settings.sortField), ViewGrouping.sortKey(b, settings.sortField))
            return x == y ? a.id < b.id : x < y
        }
        return settings.ascending ? ordered : ordered.reversed()
    }

    static func check(_ settings: View.Settings) throws(MarfaError) {
        guard !settings.name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .invalid(message: "A view needs a name.")
        }
        if !settings.types.isEmpty { _ = try WorkingCopy.checkedTypes(settings.types) }
    }
}

extension WorkingCopy {
    /// The views the instance keeps.
    public var views: Views { Views(copy: self) }

    /// The items of the view `viewId` matching `query`, best first (see `search(_:filters:limit:)`).
    public func search(_ query: String, inView viewId: String, limit: Int = 20) async throws -> [SearchHit] {
        let held = Set(try await views.items(in: viewId).map(\.id))
        let hits = try await search(query, filters: SearchFilters(allStates: true), limit: 200)
        return Array(hits.filter { held.contains($0.item.id) }.prefix(limit))
    }
}
