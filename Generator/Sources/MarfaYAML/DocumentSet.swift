import Synchronization

/// A root document and every file its `$ref`s reach, each loaded once, on first use.
///
/// Files are named by lexically normalized paths (`a/./b/../c.yaml` → `a/c.yaml`), and the
/// nodes of a file carry that name, so a node's `location.file` is the right base for the
/// `$ref`s inside it. Two spellings of one file (relative and absolute, or through a symlink)
/// are loaded twice.
///
/// Only files inside the root document's folder, or inside a folder named in `allowedFolders`,
/// are read. The check is made on real paths (symbolic links and `..` resolved), so a link inside
/// the folder that leads out of it is refused too; a refused `$ref` is an error at the `$ref`.
///
/// Thread-safe: the cache sits behind a `Mutex`. Two threads asking for the same new file at
/// once may both parse it; the first result stored is kept.
public final class DocumentSet: Sendable {
    /// The root file's name, as used in its nodes' locations.
    public let rootFile: String
    /// The root node of the root file.
    public let root: Node
    public let limits: LoadLimits
    private let folders: ReadableFolders

    private struct State {
        var documents: [String: Result<LoadedDocument, LoadError>] = [:]
        var order: [String] = []
        /// Refs resolved so far, by referring file and ref text: a document never changes once
        /// stored, so the same ref from the same file always lands on the same node.
        var resolved: [ResolvedKey: (node: Node, file: String, pointer: String)] = [:]
        /// Large mappings that refs point into (`/components/schemas`), by file and pointer, each
        /// indexed once by key (the first entry of a key wins, as a walk finds it).
        var mappingIndexes: [ResolvedKey: [String: Node]] = [:]
        /// Warnings about `$ref`s read the way bundlers read them, in the order they were met.
        var referenceWarnings: [LoadWarning] = []
        /// The absolute `$id`s of each file's schemas, by file, gathered on first use.
        var identifiers: [String: SchemaIdentifiers] = [:]
    }

    /// A ref as written, and the file it is written in (the base of a relative ref).
    private struct ResolvedKey: Hashable {
        var file: String
        var ref: String
    }

    private let state = Mutex(State())

    /// Loads the file at `rootPath`. `$ref`s may read files in its folder and in `allowedFolders`
    /// (relative ones are taken from the working folder).
    public init(rootPath: String, allowedFolders: [String] = [], limits: LoadLimits = .default) throws(LoadError) {
        let file = FilePath.normalized(rootPath)
        let document = try YAMLLoader.loadDocument(path: file, limits: limits)
        rootFile = file
        root = document.root
        self.limits = limits
        folders = ReadableFolders(rootFile: file, extra: allowedFolders)
        state.withLock {
            $0.documents[file] = .success(document)
            $0.order.append(file)
        }
    }

    /// Uses already-parsed bytes as the root file named `rootFile` (it is never read from disk).
    /// Relative `$ref`s from it are taken from the directory of `rootFile`, which is also the folder
    /// they may read, with `allowedFolders`.
    public init(
        rootFile: String, bytes: [UInt8], allowedFolders: [String] = [], limits: LoadLimits = .default
    ) throws(LoadError) {
        let file = FilePath.normalized(rootFile)
        let document = try YAMLLoader.parseDocument(bytes, file: file, limits: limits)
        self.rootFile = file
        root = document.root
        self.limits = limits
        folders = ReadableFolders(rootFile: file, extra: allowedFolders)
        state.withLock {
            $0.documents[file] = .success(document)
            $0.order.append(file)
        }
    }

    /// The folders `$ref`s may read files from, as real paths: the root document's folder first.
    public var readableFolders: [String] { folders.folders }

    /// The files loaded so far (including ones that failed to parse), in load order.
    public var loadedFiles: [String] {
        state.withLock { $0.order }
    }

    /// The warnings of every file loaded so far, file by file in load order.
    public var warnings: [LoadWarning] {
        state.withLock { state in
            state.order.flatMap { file -> [LoadWarning] in
                if case .success(let document) = state.documents[file] { return document.warnings }
                return []
            } + state.referenceWarnings
        }
    }

    /// The document in `file` (a path as written in locations), loading it on first use.
    /// A file that cannot be read, or lies outside the readable folders, is an error at `file:1:1`;
    /// a file that cannot be parsed is an error inside it, remembered and thrown again on later calls.
    public func document(file: String) throws(LoadError) -> LoadedDocument {
        let name = FilePath.normalized(file)
        let start = SourceLocation(file: name, line: 1, column: 1)
        switch load(name) {
        case .success(let document): return document
        case .failure(.unreadable(let reason)):
            throw LoadError("cannot read \(quoted(name, limit: 400)): \(reason)", at: start, kind: .unreadable)
        case .failure(.outside(let real)):
            throw LoadError(
                "cannot read \(quoted(name, limit: 400))\(leadsTo(name, real)): it is \(outsideText)", at: start,
                kind: .outsideAllowedFolders)
        case .failure(.invalid(let error)): throw error
        }
    }

    private enum LoadFailure: Error {
        case unreadable(String)
        /// Outside the readable folders; the real path it leads to.
        case outside(String)
        case invalid(LoadError)
    }

    /// The cached document for a normalized name, loading it if needed. Files that cannot be read
    /// or are refused are not cached: they may appear later, and each `$ref` positions that error itself.
    private func load(_ name: String) -> Result<LoadedDocument, LoadFailure> {
        if let cached = state.withLock({ $0.documents[name] }) { return cached.mapError { .invalid($0) } }
        let (resolution, allowed) = folders.check(name)
        guard allowed else { return .failure(.outside(resolution.path)) }
        let bytes: [UInt8]
        switch resolution {
        case .missing(_, let reason): return .failure(.unreadable(reason))
        case .found(let real):
            // The real path is read, so what was checked is what is read.
            switch FileBytes.read(path: real) {
            case .success(let read): bytes = read
            case .failure(let failure): return .failure(.unreadable(failure.reason))
            }
        }
        let result = Result { () throws(LoadError) in try YAMLLoader.parseDocument(bytes, file: name, limits: limits) }
        let stored = state.withLock { state -> Result<LoadedDocument, LoadError> in
            if let earlier = state.documents[name] { return earlier }
            state.documents[name] = result
            state.order.append(name)
            return result
        }
        return stored.mapError { .invalid($0) }
    }

    /// Resolves a `$ref` written at `from` (whose `file` is the referring file).
    ///
    /// Accepts `#/pointer`, `file`, and `file#/pointer`, where `file` is relative to the directory
    /// of `from.file` (or absolute, or `file://`-prefixed) and may be percent-encoded. Returns the
    /// node, the normalized file name, and the pointer in plain form (percent-decoded, still
    /// `~`-escaped; `""` for a whole file), which `Node.value(at:)` accepts. A URI that a schema
    /// declares as its absolute `$id` (in the referring file, the root, or a file loaded already)
    /// names that schema, and a JSON pointer after it a place inside it.
    ///
    /// Errors are positioned at `from` and quote the ref: a remote URL ("remote $ref is not
    /// supported: ..."), a file outside the readable folders (naming them), a file that cannot be
    /// read, a fragment that is not a JSON pointer, or a pointer that finds nothing (saying which
    /// key or index is missing). Each carries its `LoadError.Kind`. Parse errors inside the
    /// referenced file keep their own position in that file.
    public func resolve(
        ref: String, from: SourceLocation
    ) throws(LoadError) -> (node: Node, file: String, pointer: String) {
        try resolve(ref: ref, from: from, depth: 0)
    }

    /// `resolve`, `depth` `$ref`s deep into pointers that pass through `$ref`s (at most 32).
    private func resolve(
        ref: String, from: SourceLocation, depth: Int
    ) throws(LoadError) -> (node: Node, file: String, pointer: String) {
        let key = ResolvedKey(file: from.file, ref: ref)
        if let known = state.withLock({ $0.resolved[key] }) { return known }
        let found = try resolveUncached(ref: ref, from: from, depth: depth)
        state.withLock { $0.resolved[key] = found }
        return found
    }

    /// `resolve` without the cache; only successes are cached, since errors are positioned at `from`.
    private func resolveUncached(
        ref: String, from: SourceLocation, depth: Int
    ) throws(LoadError) -> (node: Node, file: String, pointer: String) {
        if SchemaIdentifiers.isAbsolute(ref), depth < 32, let local = identified(ref, from: from) {
            return try resolve(ref: local, from: from, depth: depth + 1)
        }
        let target = try Self.split(ref: ref, from: from)
        let document: LoadedDocument
        switch load(target.file) {
        case .success(let loaded): document = loaded
        case .failure(.unreadable(let reason)):
            throw LoadError(
                "$ref \(quoted(ref, limit: 400)) names a file that cannot be read: \(quoted(target.file, limit: 400)): \(reason)",
                at: from, kind: .unreadable)
        case .failure(.outside(let real)):
            throw LoadError(
                "$ref \(quoted(ref, limit: 400)) names \(quoted(target.file, limit: 400))\(leadsTo(target.file, real)), which is \(outsideText)",
                at: from, kind: .outsideAllowedFolders)
        case .failure(.invalid(let error)): throw error
        }
        guard target.pointer.isEmpty || target.pointer.hasPrefix("/"),
            let tokens = JSONPointer.tokens(of: target.pointer)
        else {
            // A plain-name fragment (`#node`) names the schema declaring that `$anchor`.
            if depth < 32,
                let anchored = identifiers(of: target.file, document).anchoredRef(target.pointer, in: target.file)
            {
                return try resolve(ref: anchored, from: from, depth: depth + 1)
            }
            throw LoadError(
                "$ref \(quoted(ref, limit: 400)) has a fragment that is not a JSON pointer (it must be empty or start with '/')",
                at: from, kind: .unresolvable)
        }
        if let node = indexedStep(document, file: target.file, pointer: target.pointer, tokens: tokens) {
            return (node, target.file, target.pointer)
        }
        switch document.root.walk(tokens) {
        case .success(let node):
            return (node, target.file, target.pointer)
        case .failure(let miss):
            if depth < 32,
                let through = try walkThroughReferences(document.root, file: target.file, tokens: tokens, depth: depth)
            {
                return through
            }
            if let inRoot = try rootFallback(ref: ref, target: target, tokens: tokens, from: from, depth: depth) {
                return inRoot
            }
            throw LoadError(
                "$ref \(quoted(ref, limit: 400)) points to nothing: \(miss.explanation)", at: from, kind: .unresolvable)
        }
    }

    /// A fragment-only `$ref` (`#/components/schemas/X`) in a file other than the root that finds
    /// nothing there but names something in the root document: a file written to be pasted into
    /// the root, as bundlers read it. Answers the root's node, with a warning at the `$ref`; nil
    /// when the `$ref` is not such a one or the root has nothing there either.
    private func rootFallback(
        ref: String, target: (file: String, pointer: String), tokens: [String], from: SourceLocation, depth: Int
    ) throws(LoadError) -> (node: Node, file: String, pointer: String)? {
        guard ref.hasPrefix("#"), target.file != rootFile else { return nil }
        let found: (node: Node, file: String, pointer: String)
        if case .success(let node) = root.walk(tokens) {
            found = (node, rootFile, target.pointer)
        } else if depth < 32,
            let through = try walkThroughReferences(root, file: rootFile, tokens: tokens, depth: depth)
        {
            found = through
        } else {
            return nil
        }
        let warning = LoadWarning(
            "$ref \(quoted(ref, limit: 400)) names nothing in its own file; it is read in the root document \(quoted(rootFile, limit: 400)), as bundlers read it",
            at: from)
        state.withLock { $0.referenceWarnings.append(warning) }
        return found
    }

    /// Follows `tokens` from `root` (of `file`) as bundlers do: where a mapping lacks the next key
    /// but is itself a `$ref`, the walk goes on inside that `$ref`'s target. Answers where it ends
    /// (the file and plain pointer of the last target entered), or nil when it still finds nothing.
    /// A `$ref` on the way that cannot be followed is that error; past 32 `$ref`s (a loop) it finds nothing.
    private func walkThroughReferences(
        _ root: Node, file: String, tokens: [String], depth: Int
    ) throws(LoadError) -> (node: Node, file: String, pointer: String)? {
        var node = root
        var place = (file: file, pointer: "")
        var followed = 0
        var index = tokens.startIndex
        while index < tokens.endIndex {
            if case .success(let next) = node.walk([tokens[index]]) {
                node = next
                place.pointer += "/" + JSONPointer.escaped(tokens[index])
                index += 1
                continue
            }
            guard let reference = node["$ref"], let text = reference.string, followed < 32 else { return nil }
            followed += 1
            let target = try resolve(ref: text, from: reference.location, depth: depth + 1)
            node = target.node
            place = (target.file, target.pointer)
        }
        return (node, place.file, place.pointer)
    }

    /// The node at `pointer` when its parent is a mapping of at least 16 keys, found through that
    /// mapping's index (made the first time), so refs into a large mapping do not each scan it;
    /// nil when the parent is smaller or anything else, or the key is missing (a walk says why).
    private func indexedStep(_ document: LoadedDocument, file: String, pointer: String, tokens: [String]) -> Node? {
        guard let last = tokens.last, let slash = pointer.lastIndex(of: "/") else { return nil }
        let parentKey = ResolvedKey(file: file, ref: String(pointer[..<slash]))
        if let index = state.withLock({ $0.mappingIndexes[parentKey] }) { return index[last] }
        guard case .success(let parent) = document.root.walk(Array(tokens.dropLast())),
            let entries = parent.entries, entries.count >= 16
        else { return nil }
        var index: [String: Node] = [:]
        index.reserveCapacity(entries.count)
        for entry in entries where index[entry.key] == nil { index[entry.key] = entry.value }
        state.withLock { $0.mappingIndexes[parentKey] = index }
        return index[last]
    }

    /// Why a file is refused: the folders that may be read.
    private var outsideText: String {
        "outside the folders this document may read (\(folders.listed))"
    }

    /// `ref`, a URI, as a ref to the schema that declares it as its `$id`: in the file of `from`,
    /// else in the root document, else in the other files loaded so far; nil when none declares it.
    private func identified(_ ref: String, from: SourceLocation) -> String? {
        var seen: Set<String> = []
        for file in [from.file, rootFile] + loadedFiles where seen.insert(file).inserted {
            guard case .success(let document) = load(file) else { continue }
            if let local = identifiers(of: file, document).localRef(for: ref, in: file) { return local }
        }
        return nil
    }

    /// The `$id`s and anchors of `file`'s schemas, gathered on first use.
    private func identifiers(of file: String, _ document: LoadedDocument) -> SchemaIdentifiers {
        state.withLock { state in
            if let known = state.identifiers[file] { return known }
            let found = SchemaIdentifiers(root: document.root)
            state.identifiers[file] = found
            return found
        }
    }

    /// Where `name` really leads, when that is not plain from it: ` (a link to '/real/path')` for a
    /// link or a path through one, `, that is '/real/path'` for a relative name.
    private func leadsTo(_ name: String, _ real: String) -> String {
        if RealPath.absolute(name) != real { return " (a link to \(quoted(real, limit: 400)))" }
        return name == real ? "" : ", that is \(quoted(real, limit: 400))"
    }

    /// The file and plain pointer a ref names, before anything is loaded.
    static func split(ref: String, from: SourceLocation) throws(LoadError) -> (file: String, pointer: String) {
        let (base, fragment) = JSONPointer.splitAtFragment(ref)
        var path = base
        let lowered = path.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("urn:") {
            throw LoadError(
                "remote $ref is not supported: \(quoted(ref, limit: 400)) (only local files can be referenced)",
                at: from, kind: .remote)
        }
        if lowered.hasPrefix("file://") {
            path = String(path.dropFirst("file://".count))
        } else if let scheme = lowered.firstRange(of: "://") {
            throw LoadError(
                "$ref \(quoted(ref, limit: 400)) uses the unsupported scheme '\(lowered[..<scheme.lowerBound])'",
                at: from, kind: .remote)
        }
        guard let decodedPath = JSONPointer.percentDecoded(path), let pointer = JSONPointer.percentDecoded(fragment)
        else {
            throw LoadError("$ref \(quoted(ref, limit: 400)) has a bad percent-escape", at: from, kind: .unresolvable)
        }
        let file =
            decodedPath.isEmpty
            ? FilePath.normalized(from.file)
            : FilePath.join(FilePath.directory(of: from.file), decodedPath)
        return (file, pointer)
    }
}
