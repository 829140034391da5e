import Foundation

/// The steps that write the instance's items to disk, each file whole or not at all.
extension FolderApply {
    /// Writes `item`'s content at `path`: its text, or its blob fetched through the copy.
    mutating func write(_ item: Item, at path: String, new: Bool) async throws {
        let content = ItemContent(item, bodyField: fields(of: item.type).body)
        let bytes = try await bytes(of: content)
        let url = session.directory.appendingPathComponent(path)
        try await FolderThread.run { () throws(MarfaError) in try FolderFiles.replace(url, with: bytes) }
        learn(try await entry(path, item: item, hash: content.hash, kind: content.blob == nil ? .text : .blob))
        if new { pull.written += 1 } else { pull.rewritten += 1 }
    }

    /// Writes each item's content at its path as `write(_:at:new:)` does, the files written
    /// together (`FolderFiles.replace(_:)`: several at a time, each directory synced once) and
    /// learned once all are on disk. A file that fails is flagged and the others go on.
    mutating func writeAll(_ writes: [(item: Item, path: String, new: Bool)]) async {
        var ready: [(write: (item: Item, path: String, new: Bool), content: ItemContent, bytes: [UInt8])] = []
        for write in writes {
            let content = ItemContent(write.item, bodyField: fields(of: write.item.type).body)
            do {
                ready.append((write, content, try await bytes(of: content)))
            } catch {
                flagged.append(FlaggedFile(path: write.path, flag: .failed, reason: MarfaError(error).message))
                observer?(write.path)
            }
        }
        guard !ready.isEmpty else { return }
        let root = session.directory
        let files = ready.map { (url: root.appendingPathComponent($0.write.path), bytes: $0.bytes) }
        let written = await Self.replace(files)
        for ((write, content, _), done) in zip(ready, written) {
            defer { observer?(write.path) }
            if let failure = done.failure {
                flagged.append(FlaggedFile(path: write.path, flag: .failed, reason: failure.message))
                continue
            }
            learn(
                FolderLedger.Entry(
                    path: write.path, itemId: write.item.id, hash: content.hash, size: done.size,
                    modified: done.modified, kind: content.blob == nil ? .text : .blob, sending: false,
                    version: write.item.version))
            if write.new { pull.written += 1 } else { pull.rewritten += 1 }
        }
    }

    /// Changed on both sides: the disk's text is written beside as a conflicted copy (sent as a
    /// new item), then the instance's text over the file. Answers the copy, for sending.
    mutating func conflict(_ file: ScannedFile, _ entry: FolderLedger.Entry, _ item: Item) async throws -> ScannedFile?
    {
        guard let bytes = try await current(file) else {
            changedDuringPass(file.path)
            return nil
        }
        let root = session.directory
        let besidePath = try await FolderThread.run { () throws(MarfaError) -> String in
            var n = 1
            var path = FolderNames.beside(file.path, n, label: "conflicted copy")
            while FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) {
                n += 1
                path = FolderNames.beside(file.path, n, label: "conflicted copy")
            }
            try FolderFiles.replace(root.appendingPathComponent(path), with: bytes)
            return path
        }
        try await write(item, at: entry.path, new: false)
        pull.rewritten -= 1
        pull.conflicts += 1
        gaveWay += 1
        flagged.append(
            FlaggedFile(
                path: file.path, flag: .conflicted,
                reason:
                    "Changed here and on the instance: the instance's text is in the file, this one's in \(besidePath).",
                item: item.id))
        return ScannedFile(path: besidePath, size: file.size, modified: 0, kind: file.kind, hash: file.hash)
    }

    /// An item that left the folder: its file removed, once it holds nothing the item didn't.
    mutating func removeFile(_ entry: FolderLedger.Entry) async throws {
        let url = session.directory.appendingPathComponent(entry.path)
        try await FolderThread.run { () throws(MarfaError) in
            guard let bytes = try FolderFiles.read(url) else { return }
            guard FolderScanner.hash(bytes) == entry.hash else {
                throw .invalid(message: "The file changed since the pass read it, so it's kept.")
            }
            try FolderFiles.remove(url)
        }
        forget(entry.path)
        pull.removed += 1
    }

    /// `FolderFiles.replace(_:)` on the folder queue, with the size and time of each file written.
    private static func replace(
        _ files: [(url: URL, bytes: [UInt8])]
    ) async -> [(failure: MarfaError?, size: Int64, modified: Double)] {
        do {
            return try await FolderThread.run { () -> [(failure: MarfaError?, size: Int64, modified: Double)] in
                zip(files, FolderFiles.replace(files)).map { file, failure in
                    let (size, modified) = failure == nil ? FolderFiles.sizeAndTime(of: file.url) : (0, 0)
                    return (failure, size, modified)
                }
            }
        } catch {
            return files.map { _ in (error, 0, 0) }
        }
    }

    private func bytes(of content: ItemContent) async throws -> [UInt8] {
        guard let blob = content.blob else { return Array((content.text ?? "").utf8) }
        let url = try await copy.blobs.get(blob)
        guard let bytes = try await FolderThread.run({ () throws(MarfaError) in try FolderFiles.read(url) }) else {
            throw MarfaError.bytesAbsent(hash: blob, reason: "not_found", message: "The file's bytes are gone.")
        }
        return bytes
    }

    /// The ledger's entry for `path`, with the file's size and time as written.
    private func entry(
        _ path: String, item: Item, hash: String, kind: ScannedFile.Kind
    ) async throws -> FolderLedger.Entry {
        let url = session.directory.appendingPathComponent(path)
        let (size, modified) = try await FolderThread.run { () -> (Int64, Double) in FolderFiles.sizeAndTime(of: url) }
        return FolderLedger.Entry(
            path: path, itemId: item.id, hash: hash, size: size, modified: modified, kind: kind, sending: false,
            version: item.version)
    }
}
