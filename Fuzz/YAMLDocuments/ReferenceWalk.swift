import FuzzSupport
import MarfaYAML

/// Walks a loaded tree, checking every node's position, and resolves each `$ref` it meets,
/// walking what a reference reaches too (each target once, and at most `budget` nodes in all, so
/// aliases and reference cycles can't make the walk explode).
struct ReferenceWalk {
    let documents: DocumentSet
    var budget = 20_000
    private var resolved: Set<String> = []

    init(documents: DocumentSet) { self.documents = documents }

    mutating func visit(_ node: Node) {
        guard budget > 0 else { return }
        budget -= 1
        if node.location.line < 1 || node.location.column < 1 {
            FuzzFinding.report("a node at \(node.location)")
        }
        switch node.kind {
        case .scalar: return
        case .sequence(let elements): for element in elements { visit(element) }
        case .mapping(let entries):
            for entry in entries {
                if entry.key == "$ref", let ref = entry.value.scalar?.text { follow(ref, from: entry.value.location) }
                visit(entry.value)
            }
        }
    }

    private mutating func follow(_ ref: String, from location: SourceLocation) {
        do throws(LoadError) {
            let target = try documents.resolve(ref: ref, from: location)
            guard resolved.insert(target.file + "#" + target.pointer).inserted else { return }
            visit(target.node)
        } catch {
            ErrorRules.check(error, file: location.file)
        }
    }
}
