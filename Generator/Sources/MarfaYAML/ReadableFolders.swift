/// The folders a `DocumentSet` may read files from: the root document's folder and any folders the
/// caller names, all as real paths, so a symbolic link or `..` that leads out of them is caught.
struct ReadableFolders: Sendable {
    /// The folders, as real paths, the root document's first.
    let folders: [String]

    /// The folder of `rootFile` and `extra` (relative ones taken from the working folder).
    init(rootFile: String, extra: [String]) {
        let rootFolder = FilePath.directory(of: FilePath.normalized(rootFile))
        var folders = [RealPath.resolve(rootFolder.isEmpty ? "." : rootFolder).path]
        for folder in extra where !folder.isEmpty {
            let real = RealPath.resolve(folder).path
            if !folders.contains(real) { folders.append(real) }
        }
        self.folders = folders
    }

    /// Where `file` leads, and whether that lies in one of the folders.
    func check(_ file: String) -> (resolution: RealPath.Resolution, allowed: Bool) {
        let resolution = RealPath.resolve(file)
        return (resolution, folders.contains { RealPath.isInside(resolution.path, folder: $0) })
    }

    /// The folders quoted for a message: `'/a/api', '/a/shared'`.
    var listed: String {
        folders.map { quoted($0, limit: 400) }.joined(separator: ", ")
    }
}
