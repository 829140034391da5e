import Foundation
import MarfaOpenAPIRuntime
import Testing

private typealias Schemas = DynamicRefsFixture.Components.Schemas

/// `$dynamicRef` (OpenAPI 3.1) and `$recursiveRef` resolve to the schema JSON Schema picks: a tree's
/// nodes are trees, and the nodes of a tree that extends it are of the extended kind.
@Suite struct DynamicReferenceTests {
    @Test func anExtendedTreesNodesAreExtendedTrees() throws {
        let text =
            #"{"children":[{"children":[],"label":"leaf","value":"b"}],"label":"root","parent":{"label":"up","value":"z"},"value":"a"}"#
        let tree = try decode(Schemas.LabeledTree.self, text)
        #expect(tree.children?.first?.label == "leaf")
        #expect(tree.parent?.label == "up")
        #expect(try jsonText(tree) == text)
        #expect(try roundTrip(tree) == tree)
        // Every node of a labeled tree has a label.
        #expect(throws: DecodingError.self) {
            try decode(Schemas.LabeledTree.self, #"{"label":"root","value":"a","children":[{"value":"b"}]}"#)
        }
    }

    @Test func aTreesNodesAreTrees() throws {
        let text = #"{"children":[{"children":[{"value":"c"}],"value":"b"}],"parent":{"value":"z"},"value":"a"}"#
        let tree = try decode(Schemas.Tree.self, text)
        #expect(tree.children?.first?.children?.first?.value == "c")
        #expect(tree.parent?.value == "z")
        #expect(try jsonText(tree) == text)
        let forest = Schemas.Forest(trees: [tree, Schemas.Tree(value: "d")])
        #expect(try roundTrip(forest) == forest)
        #expect(try roundTrip(Schemas.Pinned(tree: tree)) == Schemas.Pinned(tree: tree))
    }

    @Test func aRecursiveReferenceFindsTheRecursiveAnchor() throws {
        let text = #"{"name":"tools","subcategories":[{"name":"saws","subcategories":[]}]}"#
        let category = try decode(Schemas.Category.self, text)
        #expect(category.subcategories?.first?.name == "saws")
        #expect(try jsonText(category) == text)
    }
}
