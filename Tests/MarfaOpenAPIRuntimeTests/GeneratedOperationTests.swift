import MarfaOpenAPIRuntime
import Testing

@Suite struct GeneratedOperationTests {
    private enum RemoveTag: GeneratedOperation {
        static let id = "removeItemTag"
        static let method = "delete"
        static let path = "/items/{id}/tags/{tag}"
    }

    @Test func fillsEachParameterInOrderAsOneSegment() {
        #expect(RemoveTag.path(filling: "item 1", "a/b?c#d") == "/items/item%201/tags/a%2Fb%3Fc%23d")
        #expect(RemoveTag.path(filling: ["é", "ok"]) == "/items/%C3%A9/tags/ok")
        #expect(RemoveTag.path(filling: "sha256:ab", "me@host %3A") == "/items/sha256:ab/tags/me@host%20%253A")
    }

    @Test func leavesAMissingParameterEmpty() {
        #expect(RemoveTag.path(filling: "x") == "/items/x/tags/")
    }

    @Test func readsTheMethodUppercased() {
        #expect(RemoveTag.httpMethod == .delete)
    }
}
