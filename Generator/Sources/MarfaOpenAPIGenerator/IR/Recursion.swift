/// Finds types that contain themselves through stored properties (not through lists or maps) and
/// breaks each such cycle: struct properties inside a cycle are boxed, enums become `indirect`.
enum Recursion {
    static func breakCycles(in roots: [Decl]) {
        var byName: [String: Decl] = [:]
        func index(_ decl: Decl) {
            byName[decl.qualifiedName] = decl
            decl.children.forEach(index)
        }
        roots.forEach(index)
        func resolve(_ name: String?) -> Decl? {
            var current = name
            for _ in 0..<16 {
                guard let key = current, let decl = byName[key] else { return nil }
                if case .alias(let target) = decl.kind { current = target } else { return decl }
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
        // Tarjan's strongly connected components, iteratively deep enough for real documents.
        var indexOf: [ObjectIdentifier: Int] = [:]
        var lowLink: [ObjectIdentifier: Int] = [:]
        var onStack: Set<ObjectIdentifier> = []
        var stack: [Decl] = []
        var counter = 0
        var component: [ObjectIdentifier: Int] = [:]
        var cyclic: Set<Int> = []
        var componentCount = 0
        func connect(_ decl: Decl) {
            let id = ObjectIdentifier(decl)
            indexOf[id] = counter
            lowLink[id] = counter
            counter += 1
            stack.append(decl)
            onStack.insert(id)
            for next in edges(decl) {
                let nextID = ObjectIdentifier(next)
                if indexOf[nextID] == nil {
                    connect(next)
                    lowLink[id] = min(lowLink[id]!, lowLink[nextID]!)
                } else if onStack.contains(nextID) {
                    lowLink[id] = min(lowLink[id]!, indexOf[nextID]!)
                }
            }
            if lowLink[id] == indexOf[id] {
                var members: [Decl] = []
                while let top = stack.popLast() {
                    onStack.remove(ObjectIdentifier(top))
                    members.append(top)
                    component[ObjectIdentifier(top)] = componentCount
                    if top === decl { break }
                }
                if members.count > 1 || edges(decl).contains(where: { $0 === decl }) { cyclic.insert(componentCount) }
                componentCount += 1
            }
        }
        for decl in byName.keys.sorted().compactMap({ byName[$0] }) where indexOf[ObjectIdentifier(decl)] == nil {
            connect(decl)
        }
        for decl in byName.values {
            guard let group = component[ObjectIdentifier(decl)], cyclic.contains(group) else { continue }
            let inCycle: (String?) -> Bool = { name in
                resolve(name).map { component[ObjectIdentifier($0)] == group } ?? false
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
