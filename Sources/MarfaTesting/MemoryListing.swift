#if DEBUG
import Foundation
import Marfa

/// An `items.list` answered over items in memory exactly as the store's SQL answers it: the
/// type, state, tier, tags (all of them), occurred bounds and ids kept; ordered by the sort's
/// time, ties by id in the same direction (ids compared byte by byte); then the offset and limit.
struct MemoryListing {
    let query: ItemQuery

    func answer(from items: [Item]) -> [Item] {
        let kept = items.filter(holds).sorted(by: precedes)
        let start = min(query.offset, kept.count)
        let end = query.limit.map { min(kept.count, start + $0) } ?? kept.count
        return Array(kept[start..<end])
    }

    private func holds(_ item: Item) -> Bool {
        if let types = query.types, !types.contains(item.type) { return false }
        if let states = query.states, !states.contains(item.state) { return false }
        switch query.tier {
        case .library?: if (item.tier ?? .library) != .library { return false }
        case .feed?: if item.tier != .feed { return false }
        case nil: break
        }
        let occurred = item.occurredAt.timeIntervalSince1970
        if let after = query.occurredAfter, occurred < after.timeIntervalSince1970 { return false }
        if let before = query.occurredBefore, occurred > before.timeIntervalSince1970 { return false }
        if !Set(query.tags).isSubset(of: Set(item.tags)) { return false }
        if let ids = query.ids, !ids.contains(item.id) { return false }
        return true
    }

    private func precedes(_ a: Item, _ b: Item) -> Bool {
        query.sort.direction == .ascending ? earlier(a, b) : earlier(b, a)
    }

    private func earlier(_ a: Item, _ b: Item) -> Bool {
        let (x, y) = (time(of: a), time(of: b))
        return x != y ? x < y : a.id.utf8.lexicographicallyPrecedes(b.id.utf8)
    }

    private func time(of item: Item) -> Double {
        switch query.sort.field {
        case .createdAt: item.createdAt.timeIntervalSince1970
        case .updatedAt: item.updatedAt.timeIntervalSince1970
        case .occurredAt: item.occurredAt.timeIntervalSince1970
        }
    }
}
#endif
