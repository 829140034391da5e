/// The steps that bring a folder into step, worked out from what is on disk, what the ledger
/// last knew, and what the folder's search holds, without touching either side.
struct FolderPlan {
    let disk: [String: ScannedFile]
    let ledger: [String: FolderLedger.Entry]
    /// The version of every item the folder holds, by id.
    let versions: [String: Int64]
    /// The folder's items read whole, by id: at least every one `needsItem` picks.
    let items: [String: Item]
    let content: (Item) -> ItemContent
    /// The path a new file for an item takes.
    let placement: (Item) -> String

    /// Every step, in path order.
    func actions() -> [FolderAction] {
        var actions: [FolderAction] = []
        var claimed = Set<String>()  // disk paths a step already stands for
        var newByHash = Dictionary(grouping: disk.values.filter { ledger[$0.path] == nil }, by: \.hash)
        for entry in ledger.values.sorted(by: { $0.path < $1.path }) {
            if let action = step(for: entry, newByHash: &newByHash) {
                if case .move(_, let file, _) = action { claimed.insert(file.path) }
                actions.append(action)
            }
        }
        let tracked = Set(ledger.values.map(\.itemId))
        var taken = Set(disk.keys).union(ledger.keys)
        for id in versions.keys.sorted() where !tracked.contains(id) {
            guard let item = items[id] else { continue }  // gone since its version was read
            let path = freePath(placement(item), for: item, taken: &taken, claimed: &claimed)
            actions.append(path.existing ? .record(entry(path.path, item)) : .writeNew(item, path: path.path))
        }
        for file in disk.values.sorted(by: { $0.path < $1.path })
        where ledger[file.path] == nil && !claimed.contains(file.path) {
            actions.append(.sendNew(file))
        }
        return actions
    }

    private func step(
        for entry: FolderLedger.Entry, newByHash: inout [String: [ScannedFile]]
    ) -> FolderAction? {
        let file = disk[entry.path]
        guard let version = versions[entry.itemId] else {
            if entry.sending, let file { return .resend(file, entry) }
            guard let file else { return .forget(entry) }
            return file.hash == entry.hash ? .removeFile(entry) : .sendNew(file)
        }
        guard Self.needsItem(entry, version: version, file: file) else { return nil }
        guard let item = items[entry.itemId] else { return nil }  // changed since its version was read: the next pass
        let itemHash = item.version == entry.version ? entry.hash : content(item).hash
        guard let file else {
            if itemHash == entry.hash, var moved = newByHash[entry.hash], !moved.isEmpty {
                let target = moved.removeFirst()
                newByHash[entry.hash] = moved
                return .move(entry, target, item)
            }
            return itemHash == entry.hash ? .removeItem(entry, item) : .rewrite(entry, item)
        }
        let onDisk = file.hash != entry.hash
        let elsewhere = itemHash != entry.hash
        switch (onDisk, elsewhere) {
        case (false, false):
            return entry.sending || entry.version != item.version
                ? .record(with(entry, file, version: item.version)) : nil
        case (true, false): return .sendChange(file, entry, item)
        case (false, true): return .rewrite(entry, item)
        case (true, true):
            return file.hash == itemHash
                ? .record(with(entry, file, version: item.version)) : .conflict(file, entry, item)
        }
    }

    /// Whether the step for `entry` needs its item whole: unless the item is at the version the
    /// ledger saw and the file is as the ledger saw it, with nothing being sent, when there is
    /// nothing to do.
    static func needsItem(_ entry: FolderLedger.Entry, version: Int64, file: ScannedFile?) -> Bool {
        entry.sending || entry.version != version || file?.hash != entry.hash
    }

    /// A path free of other files, unless a new file there already holds the item's content.
    private func freePath(
        _ wanted: String, for item: Item, taken: inout Set<String>, claimed: inout Set<String>
    ) -> (path: String, existing: Bool) {
        let hash = content(item).hash
        var path = wanted
        var n = 1
        while taken.contains(path) {
            if let file = disk[path], ledger[path] == nil, !claimed.contains(path), file.hash == hash {
                claimed.insert(path)
                return (path, true)
            }
            n += 1
            path = FolderNames.beside(wanted, n)
        }
        taken.insert(path)
        return (path, false)
    }

    private func entry(_ path: String, _ item: Item) -> FolderLedger.Entry {
        let file = disk[path]
        return FolderLedger.Entry(
            path: path, itemId: item.id, hash: content(item).hash, size: file?.size ?? 0, modified: file?.modified ?? 0,
            kind: file?.kind ?? .text, sending: false, version: item.version)
    }

    private func with(_ entry: FolderLedger.Entry, _ file: ScannedFile, version: Int64) -> FolderLedger.Entry {
        var entry = entry
        entry.version = version
        entry.hash = file.hash
        entry.size = file.size
        entry.modified = file.modified
        entry.sending = false
        return entry
    }
}
