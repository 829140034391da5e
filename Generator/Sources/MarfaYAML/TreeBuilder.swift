import CYaml

/// Builds a `Node` tree from libyaml events without recursion, so nesting costs heap, not stack.
///
/// Keeps the anchors seen so far, applies merge keys when a mapping ends, reports duplicate keys,
/// and counts produced nodes (alias copies included) against `LoadLimits`.
struct TreeBuilder {
    /// A mapping or sequence whose end event has not come yet.
    private struct Frame {
        var location: SourceLocation
        var anchor: String?
        var isMapping: Bool
        /// Nodes in the expanded subtree so far, this one included.
        var size = 1
        var elements: [Node] = []
        var entries: [Node.Entry] = []
        /// Key → index in `entries`, built once a mapping grows past a few entries.
        var keyIndex: [String: Int]? = nil
        var pendingKey: PendingKey? = nil
        var merges: [MergeSlot] = []
    }

    private struct PendingKey {
        var text: String
        var location: SourceLocation
        var isMerge: Bool
    }

    /// Mappings brought in by a `<<` key that sat before `entries[insertAt]`.
    private struct MergeSlot {
        var insertAt: Int
        var sources: [[Node.Entry]]
    }

    private static let mergeTag = "tag:yaml.org,2002:merge"
    private static let indexThreshold = 12

    let positions: PositionMap
    let limits: LoadLimits
    private var file: String { positions.file }
    private var frames: [Frame] = []
    private var anchors: [String: (node: Node, size: Int)] = [:]
    private var produced = 0
    private var warnings: [LoadWarning] = []
    private var root: Node?
    private var rootIsEmpty = false
    private var documents = 0

    init(positions: PositionMap, limits: LoadLimits) {
        self.positions = positions
        self.limits = limits
    }

    /// The root and warnings once the stream has ended.
    func finish() throws(LoadError) -> LoadedDocument {
        guard let root, !rootIsEmpty else {
            throw LoadError("the document is empty", at: SourceLocation(file: file, line: 1, column: 1))
        }
        return LoadedDocument(root: root, warnings: warnings)
    }

    /// Takes one event; returns true at the end of the stream.
    mutating func handle(_ event: yaml_event_t) throws(LoadError) -> Bool {
        let location = positions.location(event.start_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT, YAML_NO_EVENT:
            return false
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            if documents > 0 {
                throw LoadError("a second document starts here; a file must hold exactly one document", at: location)
            }
            documents += 1
            return false
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let text =
                data.length == 0 || data.value == nil
                ? ""
                : String(decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
            let tag = data.tag.map { String(cString: $0) }
            let isPlain = data.style == YAML_PLAIN_SCALAR_STYLE
            let node = Node(.scalar(Node.Scalar(text: text, isPlain: isPlain, tag: tag)), at: location)
            try count(1, at: location)
            if let anchor = data.anchor.map({ String(cString: $0) }) { anchors[anchor] = (node, 1) }
            if frames.isEmpty && isPlain && text.isEmpty && tag == nil && data.anchor == nil { rootIsEmpty = true }
            let isMerge = isPlain && text == "<<" && (tag == nil || tag == Self.mergeTag)
            try add(node, size: 1, at: location, isMergeKey: isMerge)
        case YAML_ALIAS_EVENT:
            let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
            if frames.contains(where: { $0.anchor == name }) {
                throw LoadError(
                    "alias '*\(name)' refers to a node that contains it; recursive aliases are not supported",
                    at: location)
            }
            guard let target = anchors[name] else {
                throw LoadError("unknown alias '*\(name)': no anchor '&\(name)' comes before it", at: location)
            }
            try count(target.size, at: location)
            try add(target.node, size: target.size, at: location, isMergeKey: false)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
            if frames.count >= limits.maxDepth {
                throw LoadError("nesting is deeper than \(limits.maxDepth) levels", at: location)
            }
            try count(1, at: location)
            frames.append(Frame(location: location, anchor: anchor.map { String(cString: $0) }, isMapping: isMapping))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = frames.popLast() else { return false }
            let node: Node
            if frame.isMapping {
                node = Node(.mapping(Self.merged(frame)), at: frame.location)
            } else {
                node = Node(.sequence(frame.elements), at: frame.location)
            }
            if let anchor = frame.anchor { anchors[anchor] = (node, frame.size) }
            try add(node, size: frame.size, at: frame.location, isMergeKey: false)
        default:
            return false
        }
        return false
    }

    private mutating func count(_ nodes: Int, at location: SourceLocation) throws(LoadError) {
        produced += nodes
        if produced > limits.maxNodes {
            throw LoadError(
                "the document expands to more than \(limits.maxNodes) nodes (aliases are copied); it may be an alias bomb",
                at: location)
        }
    }

    /// Attaches a finished node to the open collection, or makes it the root.
    /// `location` is where the node was written: for an alias, the alias itself.
    private mutating func add(
        _ node: consuming Node, size: Int, at location: SourceLocation, isMergeKey: Bool
    ) throws(LoadError) {
        let top = frames.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        frames[top].size += size
        if !frames[top].isMapping {
            frames[top].elements.append(node)
            return
        }
        guard let key = frames[top].pendingKey.take() else {
            guard case .scalar(let scalar) = node.kind else {
                let what = if case .mapping = node.kind { "a mapping" } else { "a sequence" }
                throw LoadError("a mapping key must be a scalar, not \(what)", at: location)
            }
            frames[top].pendingKey = PendingKey(text: scalar.text, location: location, isMerge: isMergeKey)
            return
        }
        if key.isMerge {
            let sources = try Self.mergeSources(node, at: location)
            frames[top].merges.append(MergeSlot(insertAt: frames[top].entries.count, sources: sources))
            return
        }
        if let existing = index(of: key.text, inFrame: top) {
            let first = frames[top].entries[existing].keyLocation
            warnings.append(
                LoadWarning(
                    "duplicate key \(quoted(key.text)) (first at \(first.line):\(first.column)); the last value is kept",
                    at: key.location))
            frames[top].entries[existing].value = node
            frames[top].entries[existing].keyLocation = key.location
            return
        }
        if frames[top].entries.isEmpty { frames[top].entries.reserveCapacity(4) }
        frames[top].entries.append(Node.Entry(key: key.text, keyLocation: key.location, value: node))
        let count = frames[top].entries.count
        if frames[top].keyIndex != nil {
            frames[top].keyIndex![key.text] = count - 1
        } else if count == Self.indexThreshold {
            var index: [String: Int] = [:]
            index.reserveCapacity(count * 2)
            for (offset, entry) in frames[top].entries.enumerated() { index[entry.key] = offset }
            frames[top].keyIndex = index
        }
    }

    /// Where `key` is in the entries of `frames[frame]` (read in place: a copy of the frame would
    /// retain everything it holds).
    private func index(of key: String, inFrame frame: Int) -> Int? {
        if let index = frames[frame].keyIndex { return index[key] }
        return frames[frame].entries.firstIndex { $0.key == key }
    }

    /// The mappings a `<<` value brings in: a mapping, or a sequence of mappings.
    private static func mergeSources(_ node: Node, at location: SourceLocation) throws(LoadError) -> [[Node.Entry]] {
        switch node.kind {
        case .mapping(let entries):
            return [entries]
        case .sequence(let elements):
            var sources: [[Node.Entry]] = []
            for element in elements {
                guard case .mapping(let entries) = element.kind else {
                    throw LoadError(
                        "the merge key '<<' takes a mapping or a sequence of mappings; this sequence holds something else",
                        at: location)
                }
                sources.append(entries)
            }
            return sources
        case .scalar:
            throw LoadError("the merge key '<<' takes a mapping or a sequence of mappings, not a scalar", at: location)
        }
    }

    /// The frame's entries with merged mappings spliced in where their `<<` keys were.
    private static func merged(_ frame: Frame) -> [Node.Entry] {
        if frame.merges.isEmpty { return frame.entries }
        var taken = Set(frame.entries.map(\.key))
        var result: [Node.Entry] = []
        var slot = 0
        for position in 0...frame.entries.count {
            while slot < frame.merges.count && frame.merges[slot].insertAt == position {
                for source in frame.merges[slot].sources {
                    for entry in source where taken.insert(entry.key).inserted {
                        result.append(entry)
                    }
                }
                slot += 1
            }
            if position < frame.entries.count { result.append(frame.entries[position]) }
        }
        return result
    }
}
