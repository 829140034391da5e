import MarfaOpenAPIRuntime
import Testing

@testable import MarfaHTTPServer

/// The checks a request head passes before any handler runs, on heads built field by field.
@Suite struct RequestHeadTests {
    private func problem(_ fields: [(String, String)], version: String = "HTTP/1.1") -> RequestHead.Problem? {
        let headers = HTTPFields(fields.map { HTTPFields.Field(name: $0.0, value: $0.1) })
        return RequestHead(target: "/items", version: version, headers: headers).problem(limits: .init())
    }

    @Test func aPlainHeadPasses() {
        #expect(problem([("Host", "a"), ("Content-Length", "12"), ("Content-Type", "application/json")]) == nil)
    }

    @Test func fieldNamesMatchWhateverTheirCase() {
        let both = problem([("HOST", "a"), ("CONTENT-length", "5"), ("transfer-ENCODING", "chunked")])
        #expect(both?.message.contains("both Content-Length and Transfer-Encoding") == true)
        let twoHosts = problem([("host", "a"), ("Host", "b")])
        #expect(twoHosts?.message == "The request has more than one Host header.")
    }

    @Test func lengthsThatSayTheSameNumberAgree() {
        #expect(problem([("Host", "a"), ("Content-Length", "007, 7"), ("content-length", "7")]) == nil)
        let differing = problem([("Host", "a"), ("Content-Length", "7"), ("Content-Length", "70")])
        #expect(differing?.message.contains("differing Content-Length") == true)
    }

    @Test func aLengthThatIsNotDigitsIsRefused() {
        for value in ["", "1 2", "+5", "5,", "٣"] {
            let answer = problem([("Host", "a"), ("Content-Length", value)])
            #expect(answer?.message.contains("is not a number") == true, "\(value)")
        }
    }

    @Test func aNameWithABlankIsRefusedBeforeAnythingElse() {
        for name in ["Host ", "Content\tLength", "", " \u{301}x"] {
            let answer = problem([("Content-Length", "1"), ("Transfer-Encoding", "chunked"), (name, "a")])
            #expect(answer?.message.contains("holds a space") == true, "\(name)")
        }
    }

    @Test func onlyHTTP11NeedsAHost() {
        #expect(problem([], version: "HTTP/1.1")?.message == "An HTTP/1.1 request needs a Host header.")
        #expect(problem([], version: "HTTP/1.0") == nil)
    }

    @Test func aNameLikeAFramingNameIsNotOne() {
        // U+212A KELVIN SIGN lowercases to "k"; a name is bytes, so neither it nor a longer name counts.
        #expect(problem([("Host", "a"), ("Content-Lengths", "x"), ("Transfer-Encoding\u{212A}", "chunked")]) == nil)
    }
}
