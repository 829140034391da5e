/// Whether the credential can read each type a hydration names, asked before anything is cleared.
///
/// A key reads its own record (`GET /keys/current`) and its type permissions answer. A credential
/// that can't read that door (a sign-in's token) probes each type's first listing page instead.
struct ReachCheck: Sendable {
    let wire: CopyWire

    /// Checks `types` with the key's record, read with `view` when the copy holds one.
    func check(_ types: [String], view: String? = nil) async throws(MarfaError) {
        let key: KeyReach
        do {
            key = try await wire.currentKey(view: view)
        } catch .forbidden, .notFound {
            for type in types {
                _ = try await wire.itemsPage(type: type, tier: .all, limit: 1, cursor: nil, view: view)
            }
            return
        }
        guard key.role != "instance_admin" else { return }
        let permissions = key.typePermissions
        for type in types where !Self.reads(type, permissions) {
            throw .forbidden(
                code: "type_not_permitted", message: "The key can't read \(type), so the copy wasn't changed.")
        }
    }

    /// Whether `permissions` lets a key read `type`: the exact entry, else the longest pattern
    /// that covers it, else `*`; `none` denies.
    static func reads(_ type: String, _ permissions: [String: String]) -> Bool {
        if let exact = permissions[type] { return exact != "none" }
        var best: (length: Int, level: String)?
        for (pattern, level) in permissions where pattern.hasSuffix(".*") {
            let prefix = String(pattern.dropLast())
            if type.hasPrefix(prefix), prefix.count > (best?.length ?? -1) { best = (prefix.count, level) }
        }
        if let best { return best.level != "none" }
        return (permissions["*"] ?? "none") != "none"
    }
}
