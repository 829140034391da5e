import Foundation
import MarfaYAML
import Testing

/// The Marfa OpenAPI document, kept outside the repository at `../shared/specs` from the package root.
let marfaSpecPath: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }  // MarfaYAMLTests, Tests, Generator, then the file
    return url.appendingPathComponent("../shared/specs/marfa-openapi.json").standardized.path
}()

@Suite(.enabled(if: FileManager.default.fileExists(atPath: marfaSpecPath), "marfa-openapi.json is not present"))
struct OpenAPISpecTests {
    @Test func loadsTheMarfaSpec() throws {
        let clock = ContinuousClock()
        var root: Node?
        let elapsed = try clock.measure { root = try YAMLLoader.load(path: marfaSpecPath) }
        let spec = try #require(root)
        print("marfa-openapi.json loaded in \(elapsed)")
        #expect(spec["openapi"]?.string == "3.1.0")
        #expect(spec["paths"]?.entries?.count == 79)
        #expect(spec.value(at: "/info/title")?.string == "Marfa API")
        #expect(spec.value(at: "/paths/~1items/get") != nil)
        #expect(spec.location == SourceLocation(file: marfaSpecPath, line: 1, column: 1))
        #expect(at(try #require(spec.entry(forKey: "openapi")).keyLocation) == "2:3")
        #if !DEBUG
        #expect(elapsed < .milliseconds(500))
        #endif
    }

    @Test func everyRefResolves() throws {
        let set = try DocumentSet(rootPath: marfaSpecPath)
        var refs = 0
        var stack = [set.root]
        while let node = stack.popLast() {
            switch node.kind {
            case .scalar: break
            case .sequence(let elements): stack += elements
            case .mapping(let entries):
                for entry in entries {
                    if entry.key == "$ref", let ref = entry.value.string {
                        refs += 1
                        _ = try set.resolve(ref: ref, from: entry.value.location)
                    } else {
                        stack.append(entry.value)
                    }
                }
            }
        }
        #expect(refs == 2685)
        #expect(set.warnings.isEmpty)
        #expect(set.loadedFiles.count == 1)
    }
}
