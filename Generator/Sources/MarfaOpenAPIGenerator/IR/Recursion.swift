/// Finds types that contain themselves through stored properties (not through lists or maps) and
/// breaks each such cycle: struct properties inside a cycle are boxed, enums become `indirect`.
enum Recursion {
    static func breakCycles(in roots: [Decl]) {
        let graph = TypeGraph(roots: roots)
        let components = graph.stronglyConnectedComponents()
        for decl in graph.byName.values {
            guard let group = components.component[ObjectIdentifier(decl)], components.cyclic.contains(group) else { continue }
            let inCycle: (TypeName?) -> Bool = { name in
                graph.resolve(name).map { components.component[ObjectIdentifier($0)] == group } ?? false
            }
            switch decl.kind {
            case .structure(var structure):
                for i in structure.properties.indices where inCycle(structure.properties[i].targetName) {
                    structure.properties[i].boxed = true
                }
                decl.kind = .structure(structure)
            case .choice(var choice):
                if choice.cases.contains(where: { inCycle($0.targetName) }) { choice.indirect = true }
                decl.kind = .choice(choice)
            default:
                break
            }
        }
    }
}

/// The declarations by name, and which each holds directly (through a property or a union case).
private struct TypeGraph {
    private(set) var byName: [TypeName: Decl] = [:]

    init(roots: [Decl]) {
        func index(_ decl: Decl) {
            byName[decl.qualifiedName] = decl
            decl.children.forEach(index)
        }
        roots.forEach(index)
    }

    /// The declaration `name` stands for, through type aliases.
    func resolve(_ name: TypeName?) -> Decl? {
        var current = name
        for _ in 0..<16 {
            guard let key = current, let decl = byName[key] else { return nil }
            if case .alias(let target) = decl.kind { current = target.typeName } else { return decl }
        }
        return nil
    }

    func edges(_ decl: Decl) -> [Decl] {
        switch decl.kind {
        case .structure(let structure): structure.properties.compactMap { resolve($0.targetName) }
        case .choice(let choice): choice.cases.compactMap { resolve($0.targetName) }
        default: []
        }
    }

    /// Each declaration's strongly connected component, and the components that form a cycle.
    struct Components {
        var component: [ObjectIdentifier: Int] = [:]
        var cyclic: Set<Int> = []
    }

    /// Tarjan's algorithm, visiting declarations in name order so the result is deterministic.
    func stronglyConnectedComponents() -> Components {
        var search = Tarjan(graph: self)
        // Each name's dotted path is joined once, not twice per comparison.
        let keyed = byName.keys.map { (key: $0.path.joined(separator: "."), name: $0) }
        for decl in keyed.sorted(by: { $0.key < $1.key }).compactMap({ byName[$0.name] })
        where search.indexOf[ObjectIdentifier(decl)] == nil {
            search.connect(decl)
        }
        return search.result
    }
}

/// The state of one run of Tarjan's strongly connected components algorithm.
private struct Tarjan {
    let graph: TypeGraph
    var indexOf: [ObjectIdentifier: Int] = [:]
    var lowLink: [ObjectIdentifier: Int] = [:]
    var onStack: Set<ObjectIdentifier> = []
    var stack: [Decl] = []
    var counter = 0
    var result = TypeGraph.Components()
    var componentCount = 0

    init(graph: TypeGraph) { self.graph = graph }

    mutating func connect(_ decl: Decl) {
        let id = ObjectIdentifier(decl)
        indexOf[id] = counter
        lowLink[id] = counter
        counter += 1
        stack.append(decl)
        onStack.insert(id)
        for next in graph.edges(decl) {
            let nextID = ObjectIdentifier(next)
            if indexOf[nextID] == nil {
                connect(next)
                lowLink[id] = min(lowLink[id]!, lowLink[nextID]!)
            } else if onStack.contains(nextID) {
                lowLink[id] = min(lowLink[id]!, indexOf[nextID]!)
            }
        }
        guard lowLink[id] == indexOf[id] else { return }
        var members: [Decl] = []
        while let top = stack.popLast() {
            onStack.remove(ObjectIdentifier(top))
            members.append(top)
            result.component[ObjectIdentifier(top)] = componentCount
            if top === decl { break }
        }
        if members.count > 1 || graph.edges(decl).contains(where: { $0 === decl }) { result.cyclic.insert(componentCount) }
        componentCount += 1
    }
}
