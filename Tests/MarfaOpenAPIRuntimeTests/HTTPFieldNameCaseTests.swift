import MarfaOpenAPIRuntime
import Testing

/// Field names match in any case: ASCII letters byte by byte, other text by its lowercased form.
@Suite struct HTTPFieldNameCaseTests {
    @Test func asciiNamesMatchInAnyCase() {
        let fields: HTTPFields = ["Content-Type": "application/json"]
        #expect(fields["content-type"] == "application/json")
        #expect(fields["CONTENT-TYPE"] == "application/json")
        #expect(fields.contains("cOnTeNt-TyPe"))
    }

    @Test func onlyLettersDifferByCase() {
        // '-' and '\r' differ by the same bit as 'A' and 'a'; they are not the same name.
        let fields: HTTPFields = ["X-A": "1"]
        #expect(fields["X\rA"] == nil)
        #expect(fields["X-@"] == nil)
        #expect(fields["X-a"] == "1")
    }

    @Test func otherTextMatchesByItsLowercasedForm() {
        let fields: HTTPFields = ["X-Été": "1"]
        #expect(fields["x-été"] == "1")
        #expect(fields["X-ÉTÉ"] == "1")
        #expect(fields["X-Ete"] == nil)
    }
}
