import Foundation
import MarfaDigest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Walks a folder: every regular file the patterns take, its kind and hash. A file whose size
/// and time are those the ledger last saw keeps its hash unread. Symbolic links are never
/// followed (so a loop can't trap the walk) and are flagged, as are names the other platform
/// can't hold and files that can't be read. The folder's own state directory is passed over.
/// Its calls block: run them on `FolderThread`.
struct FolderScanner {
    /// The directory inside a folder that holds its state.
    static let stateDirectory = ".marfa"

    let root: URL
    let patterns: FolderPatterns
    /// What the ledger knows of each path: size, time and hash.
    let known: [String: ScannedFile]

    private(set) var files: [String: ScannedFile] = [:]
    private(set) var flagged: [FlaggedFile] = []
    private(set) var read = 0

    init(root: URL, patterns: FolderPatterns, known: [String: ScannedFile]) {
        self.root = root
        self.patterns = patterns
        self.known = known
    }

    /// Walks the whole folder.
    mutating func scan() throws(MarfaError) {
        guard Self.isDirectory(root.path) else {
            throw .io(message: "The folder \(root.path) isn't a directory on this machine.")
        }
        try walk("")
    }

    private mutating func walk(_ relative: String) throws(MarfaError) {
        let directory = relative.isEmpty ? root.path : root.path + "/" + relative
        guard let handle = opendir(directory) else {
            if relative.isEmpty {
                throw .io(message: "The folder \(root.path) can't be read: \(FolderFiles.lastError()).")
            }
            flagged.append(FlaggedFile(path: relative, flag: .unreadable, reason: FolderFiles.lastError()))
            return
        }
        defer { closedir(handle) }
        var names: [[UInt8]] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [46] && name != [46, 46] { names.append(name) }
        }
        for name in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) { try visit(name, in: relative) }
    }

    private mutating func visit(_ bytes: [UInt8], in relative: String) throws(MarfaError) {
        guard let name = String(validating: bytes, as: UTF8.self) else {
            flagged.append(
                FlaggedFile(
                    path: relative + "/" + String(decoding: bytes, as: UTF8.self), flag: .illegalName,
                    reason: "The name isn't UTF-8, which the other platform needs."))
            return
        }
        let path = relative.isEmpty ? name : relative + "/" + name
        if relative.isEmpty && name == Self.stateDirectory { return }
        if name.hasSuffix(".marfa-writing") { return }
        var info = stat()
        guard lstat(root.path + "/" + path, &info) == 0 else { return }  // gone since listed
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            if patterns.enters(path) { try walk(path) }
        case S_IFREG:
            guard patterns.takes(path) else { return }
            if let problem = FolderNames.problem(with: name) {
                flagged.append(FlaggedFile(path: path, flag: .illegalName, reason: problem))
                return
            }
            try add(path, size: Int64(info.st_size), modified: Self.modified(info))
        case S_IFLNK:
            if patterns.takes(path) {
                flagged.append(FlaggedFile(path: path, flag: .symlink, reason: "A symbolic link isn't followed."))
            }
        default:
            return
        }
    }

    private mutating func add(_ path: String, size: Int64, modified: Double) throws(MarfaError) {
        if let seen = known[path], seen.size == size, seen.modified == modified {
            files[path] = seen
            return
        }
        let bytes: [UInt8]
        do {
            guard let found = try FolderFiles.read(root.appendingPathComponent(path)) else { return }
            bytes = found
        } catch {
            flagged.append(FlaggedFile(path: path, flag: .unreadable, reason: error.message))
            return
        }
        read += 1
        files[path] = ScannedFile(
            path: path, size: Int64(bytes.count), modified: modified, kind: Self.kind(of: bytes),
            hash: Self.hash(bytes))
    }

    /// Text when the bytes are UTF-8 without a NUL.
    static func kind(of bytes: [UInt8]) -> ScannedFile.Kind {
        !bytes.contains(0) && String(validating: bytes, as: UTF8.self) != nil ? .text : .blob
    }

    static func hash(_ bytes: [UInt8]) -> String { "sha256:" + SHA256.hex(bytes) }

    static func modified(_ info: stat) -> Double {
        #if canImport(Darwin)
        Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
        Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
