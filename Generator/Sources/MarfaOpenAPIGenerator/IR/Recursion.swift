/// Finds types that contain themselves through stored properties (not through lists or maps) and
/// breaks each such cycle: struct properties inside a cycle are boxed, enums become `indirect`.
enum Recursion {
    static func breakCycles(in roots: [Decl]) {
        let graph = TypeGraph(roots: roots)
        let components = graph.stronglyConnectedComponents()
        for node in graph.decls.indices where components.isCyclic(node) {
            let decl = graph.decls[node]
            let group = components.component[node]
            let inCycle: (TypeName?) -> Bool = { name in
                graph.resolve(name).map { components.component[$0] == group } ?? false
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

/// The declarations, numbered in tree order, and which each holds directly (through a property or a
/// union case), as numbers. Of several declarations with one name, the name stands for the last in
/// tree order; nothing leads to the others, so none of them is in a cycle.
private struct TypeGraph {
    private(set) var decls: [Decl] = []
    private var numbers: [TypeName: Int] = [:]
    /// Each declaration's targets, by number.
    private(set) var edges: [[Int]] = []

    init(roots: [Decl]) {
        func collect(_ decl: Decl) {
            decls.append(decl)
            decl.children.forEach(collect)
        }
        roots.forEach(collect)
        numbers.reserveCapacity(decls.count)
        for (number, decl) in decls.enumerated() { numbers[decl.qualifiedName] = number }
        edges = decls.map { decl in
            switch decl.kind {
            case .structure(let structure): structure.properties.compactMap { resolve($0.targetName) }
            case .choice(let choice): choice.cases.compactMap { resolve($0.targetName) }
            default: []
            }
        }
    }

    /// The number of the declaration `name` stands for, through type aliases.
    func resolve(_ name: TypeName?) -> Int? {
        var current = name
        for _ in 0..<16 {
            guard let key = current, let number = numbers[key] else { return nil }
            if case .alias(let target) = decls[number].kind { current = target.typeName } else { return number }
        }
        return nil
    }

    /// Each declaration's strongly connected component, and the components that form a cycle.
    struct Components {
        var component: [Int]
        var cyclic: Set<Int> = []

        func isCyclic(_ node: Int) -> Bool { cyclic.contains(component[node]) }
    }

    /// Tarjan's algorithm, visiting declarations in tree order (which components are found does not
    /// depend on the order; their numbers, which only tell them apart, do).
    func stronglyConnectedComponents() -> Components {
        var search = Tarjan(edges: edges)
        for node in decls.indices where search.indexOf[node] < 0 {
            search.connect(node)
        }
        return search.result
    }
}

/// The state of one run of Tarjan's strongly connected components algorithm over numbered nodes.
private struct Tarjan {
    let edges: [[Int]]
    var indexOf: [Int]
    var lowLink: [Int]
    var onStack: [Bool]
    var stack: [Int] = []
    var counter = 0
    var result: TypeGraph.Components
    var componentCount = 0

    init(edges: [[Int]]) {
        self.edges = edges
        indexOf = Array(repeating: -1, count: edges.count)
        lowLink = indexOf
        onStack = Array(repeating: false, count: edges.count)
        result = TypeGraph.Components(component: Array(repeating: -1, count: edges.count))
    }

    mutating func connect(_ node: Int) {
        indexOf[node] = counter
        lowLink[node] = counter
        counter += 1
        stack.append(node)
        onStack[node] = true
        for next in edges[node] {
            if indexOf[next] < 0 {
                connect(next)
                lowLink[node] = min(lowLink[node], lowLink[next])
            } else if onStack[next] {
                lowLink[node] = min(lowLink[node], indexOf[next])
            }
        }
        guard lowLink[node] == indexOf[node] else { return }
        var members = 0
        while let top = stack.popLast() {
            onStack[top] = false
            members += 1
            result.component[top] = componentCount
            if top == node { break }
        }
        if members > 1 || edges[node].contains(node) { result.cyclic.insert(componentCount) }
        componentCount += 1
    }
}
