// Fuzz target: the YAML/JSON document loader (libyaml events into `Node` trees with positions) and
// `$ref` resolution (`DocumentSet`). Input: a document, read as `root.yaml` in Fuzz/Fixtures/Documents,
// so its `$ref`s may reach the files there and no others.
import FuzzSupport
import MarfaYAML

let folder = fixtureFolder("Documents")

FuzzDriver.run { input in
    let documents: DocumentSet
    do throws(LoadError) {
        documents = try DocumentSet(rootFile: folder + "/root.yaml", bytes: input.bytes)
    } catch {
        ErrorRules.check(error, file: folder + "/root.yaml")
        return
    }
    var walk = ReferenceWalk(documents: documents)
    walk.visit(documents.root)
}
