import MarfaYAML
import Testing

/// SplitMix64: a small, fast, seedable generator so every run mutates the same way.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct FuzzTests {
    static let seeds: [String] = [
        """
        openapi: 3.1.0
        info: {title: "Pets", version: '1.0'}
        base: &base
          type: object
          required: [id]
        paths:
          /pets/{id}:
            get:
              parameters:
                - name: id
                  in: path
                  schema: {<<: *base, format: int64}
              responses:
                '200':
                  description: |
                    A pet.
                    Really.
                  content: !!map {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}
        list: [1, -2.5, .inf, ~, true, "x\\ty", 'it''s', 0x1F]

        """,
        #"""
        {"openapi": "3.1.0", "paths": {"\/a": {"get": {"x": [1, 2, {"y": null}], "e": "\u00e9\n"}}},
         "components": {"schemas": {"Pet": {"type": "object", "properties": {"id": {"type": "integer"}}}}}}
        """#,
        """
        - &a {k: v, list: [a, b]}
        - *a
        - ? complex
          : value
        - >-
          folded
          text
        - "multi
          line"

        """,
        #"""
        {"emoji": "\ud83d\ude00 and \uD83D\uDE03", "lone": "\udc00", "n": [1.5e3, -2, true, null],
         "nested": {"k": "\u00e9\/\"", "deeper": [[{"x": "\ud83d\ude00"}]]}}
        """#,
    ]

    static let specials = Array(":[]{}&*!|>'\"\t\n#-?,%@`\\u".utf8)

    static func mutate(_ input: [UInt8], using rng: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            if bytes.isEmpty { bytes.append(specials.randomElement(using: &rng)!) }
            let position = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: bytes[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &rng)
            case 1: bytes[position] = specials.randomElement(using: &rng)!
            case 2: bytes.insert(specials.randomElement(using: &rng)!, at: position)
            case 3: bytes.removeSubrange(position...)
            case 4: bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...8, using: &rng)))
            default: bytes[position] = UInt8.random(in: 0...255, using: &rng)
            }
        }
        return bytes
    }

    /// An upper bound on the number of lines plus one: every CR, LF, NEL, LS and PS may end a line,
    /// and the end of the text is on the line after the last break.
    static func maximumLine(_ bytes: [UInt8]) -> Int {
        var breaks = 0
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0A || byte == 0x0D || byte == 0x85 { breaks += 1 }
            if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
            {
                breaks += 1
            }
        }
        return breaks + 1
    }

    static func isInside(_ location: SourceLocation, _ bytes: [UInt8], file: String) -> Bool {
        location.file == file && location.line >= 1 && location.column >= 1 && location.line <= maximumLine(bytes)
    }

    @Test func mutatedInputNeverCrashesAndErrorsStayInside() {
        var rng = SplitMix64(seed: 0x4D41_5246_4159_414D)
        var failures = 0
        var successes = 0
        for iteration in 0..<4000 {
            let seed = Array(Self.seeds[iteration % Self.seeds.count].utf8)
            let input = Self.mutate(seed, using: &rng)
            do {
                let root = try YAMLLoader.parse(input, file: "fuzz.yaml")
                successes += 1
                var stack = [root]
                while let node = stack.popLast() {
                    #expect(Self.isInside(node.location, input, file: "fuzz.yaml"))
                    if let elements = node.elements { stack += elements }
                    for entry in node.entries ?? [] {
                        #expect(Self.isInside(entry.keyLocation, input, file: "fuzz.yaml"))
                        stack.append(entry.value)
                    }
                }
            } catch {
                failures += 1
                #expect(Self.isInside(error.location, input, file: "fuzz.yaml"), "\(error) for \(input)")
                #expect(!error.message.isEmpty && !error.description.contains("\n"))
            }
        }
        // Both outcomes must be exercised for the test to mean anything.
        #expect(failures > 300)
        #expect(successes > 300)
    }
}
