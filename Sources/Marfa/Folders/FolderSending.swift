import Foundation
import MarfaDigest

/// The steps that send files to the instance, as queued writes on the folder's copy.
extension FolderApply {
    /// New files: each given an id and recorded as being sent, all in one step, before its
    /// create is queued, so a crash between the two sends the same item again, never a second.
    /// Text files' creates are queued a batch at a time, each batch in one transaction.
    mutating func sendNew(_ files: [ScannedFile]) async {
        guard !files.isEmpty else { return }
        let minted = files.map { file in
            FolderLedger.Entry(
                path: file.path, itemId: UUIDv7.make(), hash: file.hash, size: file.size, modified: file.modified,
                kind: file.kind, sending: true)
        }
        guard (await attempt(files[0].path) { try await $0.ledger.put(minted) }) != nil else { return }
        let news = Array(zip(files, minted))
        var sent: [FolderLedger.Entry] = []
        let texts = news.filter { $0.0.kind == .text }
        for start in stride(from: 0, to: texts.count, by: Self.batch) {
            sent += await createTogether(Array(texts[start..<min(start + Self.batch, texts.count)]))
        }
        for (file, entry) in news where file.kind != .text {
            if await attempt(file.path, { try await $0.create(file, as: entry.itemId) }) == true { sent.append(entry) }
        }
        for var entry in sent {
            entry.sending = false
            learn(entry)
            scan.created += 1
        }
    }

    /// How many text files' creates are queued in one transaction.
    private static let batch = 250

    /// Queues the creates of `news`' text files in one transaction; when that fails, each on its
    /// own, so a failure is flagged against its own file. Answers the entries whose create is queued.
    private mutating func createTogether(
        _ news: [(ScannedFile, FolderLedger.Entry)]
    ) async -> [FolderLedger.Entry] {
        var ready: [(ScannedFile, FolderLedger.Entry)] = []
        var drafts: [Draft] = []
        for (file, entry) in news {
            guard let read = await attempt(file.path, { try await $0.current(file) }) else { continue }
            guard let bytes = read else {
                changedDuringPass(file.path)
                continue
            }
            ready.append((file, entry))
            drafts.append(textDraft(file, bytes, id: entry.itemId))
        }
        do {
            _ = try await copy.items.create(drafts, in: try copy.fileStore("Folders.sync"))
            for (file, _) in ready { observer?(file.path) }
            return ready.map(\.1)
        } catch {
            var sent: [FolderLedger.Entry] = []
            for (file, entry) in ready
            where await attempt(file.path, { try await $0.create(file, as: entry.itemId) }) == true {
                sent.append(entry)
            }
            return sent
        }
    }

    /// The draft of the item for the text file `file` read as `bytes`: its title from the name,
    /// its body the text, with the folder's defaults.
    private func textDraft(_ file: ScannedFile, _ bytes: [UInt8], id: String) -> Draft {
        let type = settings.newType
        let (title, body) = fields(of: type)
        var properties = settings.defaults.properties
        properties[title] = .string(FolderNames.title(of: file.path))
        properties[body] = .string(String(decoding: bytes, as: UTF8.self))
        return Draft(type: type, properties: properties, tags: settings.defaults.tags, tier: settings.newTier, id: id)
    }

    /// A file recorded as being sent whose item the copy doesn't hold: its create, again.
    mutating func resend(_ file: ScannedFile, _ entry: FolderLedger.Entry) async throws {
        guard try await create(file, as: entry.itemId) else { return }
        var done = entry
        done.hash = file.hash
        done.sending = false
        learn(done)
        scan.created += 1
    }

    /// Queues the create of the item `id` for `file`; false when the file changed meanwhile.
    mutating func create(_ file: ScannedFile, as id: String) async throws -> Bool {
        guard let bytes = try await current(file) else {
            changedDuringPass(file.path)
            return false
        }
        let defaults = settings.defaults
        switch file.kind {
        case .text: _ = try await copy.items.create(textDraft(file, bytes, id: id))
        case .blob:
            let url = session.directory.appendingPathComponent(file.path)
            let mimeType = MimeTypes.forFile(url, given: nil)
            let (upload, hash) = try await copy.upload(url, mimeType: mimeType, in: try copy.fileStore("Folders.sync"))
            let properties: JSONObject = [
                "title": .string(url.lastPathComponent), "blob_ref": .string(hash), "mime_type": .string(mimeType),
            ]
            let draft = Draft(
                type: MimeTypes.fileType(for: mimeType, given: nil), properties: properties, tags: defaults.tags,
                tier: settings.newTier, id: id)
            _ = try await copy.items.create(draft, after: [upload.id])
        }
        return true
    }

    /// A file changed on disk: an edit of its item on the version the copy holds.
    mutating func sendChange(_ file: ScannedFile, _ entry: FolderLedger.Entry, _ item: Item) async throws {
        guard let bytes = try await current(file) else { return changedDuringPass(file.path) }
        let properties: JSONObject
        switch file.kind {
        case .text:
            properties = [fields(of: item.type).body: .string(String(decoding: bytes, as: UTF8.self))]
        case .blob:
            let url = session.directory.appendingPathComponent(file.path)
            let mimeType = MimeTypes.forFile(url, given: nil)
            let (_, hash) = try await copy.upload(url, mimeType: mimeType, in: try copy.fileStore("Folders.sync"))
            properties = ["blob_ref": .string(hash), "mime_type": .string(mimeType)]
        }
        _ = try await copy.items.update(item.id, Edit(.merge(properties), baseVersion: item.version))
        var done = entry
        done.hash = file.hash
        done.size = file.size
        done.modified = file.modified
        learn(done)
        scan.changed += 1
    }

    /// A file renamed or moved: the ledger follows it, and a new name retitles the item.
    mutating func move(_ entry: FolderLedger.Entry, _ file: ScannedFile, _ item: Item) async throws {
        let title =
            entry.kind == .text ? FolderNames.title(of: file.path) : String(file.path.split(separator: "/").last ?? "")
        let field = entry.kind == .text ? fields(of: item.type).title : "title"
        if item.properties[field]?.string != title {
            _ = try await copy.items.update(item.id, Edit(.merge([field: .string(title)]), baseVersion: item.version))
        }
        var moved = entry
        moved.path = file.path
        moved.size = file.size
        moved.modified = file.modified
        forget(entry.path)
        learn(moved)
        scan.moved += 1
    }

    /// A file removed on disk: its item goes to the bin (restorable there).
    mutating func removeItem(_ entry: FolderLedger.Entry, _ item: Item) async throws {
        _ = try await copy.items.delete(item.id)
        forget(entry.path)
        scan.removed += 1
    }
}
