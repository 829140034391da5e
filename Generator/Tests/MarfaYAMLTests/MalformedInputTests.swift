import Foundation
import MarfaYAML
import Testing

@Suite struct MalformedInputTests {
    @Test(arguments: [
        // Bad indentation: `c` is indented less than its sibling `b`.
        (
            "a:\n  b: 1\n c: 2\n",
            "bad.yaml:3:2: error: did not find expected key (while parsing a block mapping at 1:1)"
        ),
        // Unclosed flow sequence.
        (
            "a: [1, 2\nb: 3\n",
            "bad.yaml:2:2: error: did not find expected ',' or ']' (while parsing a flow sequence at 1:4)"
        ),
        // Tab indentation.
        (
            "a:\n\tb: 1\n",
            "bad.yaml:2:1: error: found a tab character where YAML allows only spaces (tabs cannot indent or start a token)"
        ),
        // Unknown alias.
        (
            "a: 1\nb: *nope\n",
            "bad.yaml:2:4: error: unknown alias '*nope': no anchor '&nope' comes before it"
        ),
        // Unterminated double-quoted string.
        (
            "a: \"abc\nb: 1\n",
            "bad.yaml:3:1: error: found unexpected end of stream (while scanning a quoted scalar at 1:4)"
        ),
        // Unterminated single-quoted string.
        (
            "a: 'abc\n",
            "bad.yaml:2:1: error: found unexpected end of stream (while scanning a quoted scalar at 1:4)"
        ),
        // A second mapping value on one line.
        (
            "a: b: c\n",
            "bad.yaml:1:5: error: mapping values are not allowed in this context"
        ),
        // A character that cannot start a token.
        (
            "a: 1\n@b: 2\n",
            "bad.yaml:2:1: error: found character '@' that cannot start any token"
        ),
        // A control character.
        (
            "a: 1\nbb: x\u{01}\n",
            "bad.yaml:2:6: error: control characters are not allowed (0x01)"
        ),
        // A sequence as a mapping key.
        (
            "x: 1\n? [1, 2]\n: 2\n",
            "bad.yaml:2:3: error: a mapping key must be a scalar, not a sequence"
        ),
        // A flow mapping as a key in flow.
        (
            "{{a: 1}: 2}\n",
            "bad.yaml:1:2: error: a mapping key must be a scalar, not a mapping"
        ),
        // An alias inside the node it names.
        (
            "a: &x [1, *x]\n",
            "bad.yaml:1:11: error: alias '*x' refers to a node that contains it; recursive aliases are not supported"
        ),
        // A merge key with a scalar value.
        (
            "a: 1\n<<: 2\n",
            "bad.yaml:2:5: error: the merge key '<<' takes a mapping or a sequence of mappings, not a scalar"
        ),
        // Nothing but a comment.
        (
            "# nothing here\n",
            "bad.yaml:1:1: error: the document is empty"
        ),
        // An explicit but empty document.
        (
            "---\n",
            "bad.yaml:1:1: error: the document is empty"
        ),
        // Two documents.
        (
            "a: 1\n---\nb: 2\n",
            "bad.yaml:2:1: error: a second document starts here; a file must hold exactly one document"
        ),
        // JSON missing a comma.
        (
            "{\"a\": 1 \"b\": 2}",
            "bad.yaml:1:12: error: did not find expected ',' or '}' (while parsing a flow mapping at 1:1)"
        ),
        // JSON with a trailing bracket missing.
        (
            "{\"a\": [1, 2}",
            "bad.yaml:1:12: error: did not find expected ',' or ']' (while parsing a flow sequence at 1:7)"
        ),
    ])
    func exactMessageAndPosition(input: String, expected: String) {
        #expect(parseError(input, file: "bad.yaml")?.description == expected)
    }

    @Test func invalidUTF8IsPositioned() {
        let bytes = Array("a: 1\nbé: ".utf8) + [0xFF, 0x78, 0x0A]
        do {
            _ = try YAMLLoader.parse(bytes, file: "bad.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "bad.yaml:2:5: error: invalid leading UTF-8 octet (0xFF)")
        }
    }

    @Test(
        "text with no UTF-8 character of several bytes is read as Windows-1252, with a warning where it stops being UTF-8"
    )
    func windowsLatinTextIsReadWithAWarning() throws {
        let bytes = Array("a: 1\nb: caf".utf8) + [0xE9, 0x20, 0x80, 0x0A]
        let document = try YAMLLoader.parseDocument(bytes, file: "latin.yaml")
        #expect(document.root["b"]?.string == "café €")
        #expect(
            document.warnings.map(\.description) == [
                "latin.yaml:2:8: warning: The file is not UTF-8; it is read as Windows-1252."
            ])
    }

    @Test func endOfStreamErrorsStayInsideTheText() {
        // libyaml puts the end of a stream without a final line break on a line of its own.
        #expect(
            parseError("{\"a\": [1", file: "x.json")?.description
                == "x.json:1:9: error: did not find expected ',' or ']' (while parsing a flow sequence at 1:7)")
        #expect(
            parseError("a: \"x", file: "x.yaml")?.description
                == "x.yaml:1:6: error: found unexpected end of stream (while scanning a quoted scalar at 1:4)")
        #expect(
            parseError("a: \"x\n", file: "x.yaml")?.description
                == "x.yaml:2:1: error: found unexpected end of stream (while scanning a quoted scalar at 1:4)")
    }

    @Test func emptyInputIsEmptyDocument() {
        #expect(parseError("", file: "e.json")?.description == "e.json:1:1: error: the document is empty")
    }

    @Test func errorsCarryStructuredLocation() throws {
        let error = try #require(parseError("a: [1, 2\nb: 3\n", file: "f.yaml"))
        #expect(error.location == SourceLocation(file: "f.yaml", line: 2, column: 2))
        #expect(error.message == "did not find expected ',' or ']' (while parsing a flow sequence at 1:4)")
        #expect(!error.description.contains("\n"))
    }

    @Test func missingFileNamesThePath() {
        do {
            _ = try YAMLLoader.load(path: "/nonexistent/dir/api.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description
                    == "/nonexistent/dir/api.yaml:1:1: error: cannot read '/nonexistent/dir/api.yaml': No such file or directory"
            )
        }
    }

    @Test func directoryIsNotAFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            _ = try YAMLLoader.load(path: directory)
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasSuffix("it is a directory"))
        }
    }
}
