import Foundation

/// The links written in bodies, and the edges they stand for.
extension Items {
    /// The links in the item's body, in body order, each with its target.
    public func links(in id: String) async throws -> [BodyLink] {
        try await copy.perform {
            let item = try await held(id)
            let queue = try await copy.engine.queuedWrites()
            var links: [BodyLink] = []
            for link in BodyLink.parse(item.body ?? "") {
                links.append(
                    BodyLink(
                        text: link.text, name: link.name, isEmbed: link.isEmbed,
                        target: try await target(of: link.name, embed: link.isEmbed, in: item.id, queue: queue)))
            }
            return links
        }
    }

    private func target(
        of name: String, embed: Bool, in id: String, queue: [QueuedWrite]
    ) async throws -> BodyLink.Target {
        let named = try await self.named(name, excluding: id)
        guard named.count == 1, let other = named.first else {
            return named.isEmpty ? .missing : .ambiguous(named.sorted())
        }
        let (source, target, type) = embed ? (other, id, "attached-to") : (id, other, "references")
        let writes = queue.filter {
            $0.kind == .createEdge && $0.itemId == source && $0.targetId == target
                && WireBodies.edgeType(of: $0.body) == type
        }
        if let write = writes.last {
            switch write.verdict {
            case nil: return .pending(id: other)
            case .refused(let refusal)?: return .refused(reason: refusal.message ?? refusal.reason)
            case .blocked(let reason, _)?: return .refused(reason: reason.rawValue)
            default: break
            }
        }
        return .item(id: other)
    }

    /// The held items (not in the bin) whose name is `name`, case and accents aside.
    func named(_ name: String, excluding id: String) async throws -> [String] {
        let wanted = LinkCandidate.folded(name)
        return try await copy.engine.linkCandidates(of: name, in: id, limit: 50).filter {
            $0.match == .exact && LinkCandidate.folded($0.name) == wanted
        }
        .map(\.itemId)
    }

    /// Queues the edges a body change adds and the deletes of those it drops: `[[Name]]` is a
    /// `references` edge from the item, `![[Name]]` an `attached-to` edge from the item named.
    func queueLinkEdges(of id: String, from oldBody: String?, to newBody: String?) async throws {
        let before = BodyLink.keys(in: oldBody)
        let after = BodyLink.keys(in: newBody)
        guard before != after else { return }
        let held = try await copy.engine.edges(.from(id)) + copy.engine.edges(.to(id))
        for link in after.subtracting(before) {
            let named = try await self.named(link.name, excluding: id)
            guard named.count == 1, let other = named.first else { continue }
            let (source, target, type) = link.isEmbed ? (other, id, "attached-to") : (id, other, "references")
            guard !held.contains(where: { $0.sourceId == source && $0.targetId == target && $0.edgeType == type })
            else { continue }
            _ = try await copy.edges.create(from: source, to: target, type: type)
        }
        for link in before.subtracting(after) {
            for other in try await self.named(link.name, excluding: id) {
                let (source, target, type) = link.isEmbed ? (other, id, "attached-to") : (id, other, "references")
                for edge in held where edge.sourceId == source && edge.targetId == target && edge.edgeType == type {
                    _ = try await copy.edges.delete(edge.id)
                }
            }
        }
    }
}
