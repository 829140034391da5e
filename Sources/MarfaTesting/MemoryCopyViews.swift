#if DEBUG
import Foundation
import Marfa

/// The fake copy's views: those given to `fake(...)` and those it makes, kept as the instance
/// would keep them (a new view at version 1, each change on the version it names moving it on).
extension MemoryCopyEngine {
    /// Every view held, by name (ties by id).
    func views() async throws -> [View] {
        state.withLock { Array($0.views.values) }.sorted { ($0.settings.name, $0.id) < ($1.settings.name, $1.id) }
    }

    /// Makes a view (`id` nil) or changes the view `id` on `baseVersion`; `notFound` for an
    /// unknown view, `versionConflict` for another version.
    func save(view settings: View.Settings, id: String?, baseVersion: Int64?) throws -> View {
        try state.withLock { state in
            guard let id else {
                let view = View(id: UUID().uuidString.lowercased(), version: 1, settings: settings)
                state.views[view.id] = view
                return view
            }
            guard var view = state.views[id] else { throw Self.unknownView(id) }
            guard baseVersion == view.version else {
                throw MarfaError.versionConflict(
                    code: "version_conflict",
                    message:
                        "The view \(id) is at version \(view.version), not \(baseVersion.map(String.init) ?? "none").")
            }
            view.version += 1
            view.settings = settings
            state.views[id] = view
            return view
        }
    }

    /// Deletes the view `id`; `notFound` for an unknown one.
    func delete(view id: String) throws {
        try state.withLock { state in
            guard state.views.removeValue(forKey: id) != nil else { throw Self.unknownView(id) }
        }
    }

    private static func unknownView(_ id: String) -> MarfaError {
        .notFound(code: "view_not_found", message: "The copy holds no view \(id).")
    }
}

/// Views made, changed and deleted on the fake, told as the copy on a store tells them.
extension MemoryCopyDrainer {
    func save(view settings: View.Settings, id: String?, baseVersion: Int64?) async throws -> View {
        let view = try engine.save(view: settings, id: id, baseVersion: baseVersion)
        feed.send(Change(origin: .refreshed(.views)))
        return view
    }

    func delete(view id: String) async throws {
        try engine.delete(view: id)
        feed.send(Change(origin: .refreshed(.views)))
    }
}
#endif
