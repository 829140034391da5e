import Foundation
import Testing

@testable import MarfaOpenAPIGenerator

/// The real Marfa document, `../shared/specs/marfa-openapi.json` beside the package: it must generate
/// without errors and without warnings, and give a client method for every operation.
@Suite struct MarfaDocumentTests {
    static let specPath: String = {
        var folder = URL(fileURLWithPath: #filePath)
        while folder.path != "/"
            && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
        {
            folder.deleteLastPathComponent()
        }
        return folder.deletingLastPathComponent().appendingPathComponent("shared/specs/marfa-openapi.json").path
    }()

    static var present: Bool { FileManager.default.fileExists(atPath: specPath) }

    @Test(.enabled(if: present, "../shared/specs/marfa-openapi.json is not there"))
    func generatesWithoutDiagnostics() throws {
        var config = allModes(access: .public)
        config.strict = true
        let output = try Generator.generate(specPath: Self.specPath, config: config)
        #expect(output.diagnostics.map(\.description) == [])
        #expect(output.files.count == 8)
    }

    @Test(.enabled(if: present, "../shared/specs/marfa-openapi.json is not there"))
    func everyOperationHasAClientMethod() throws {
        let document =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.specPath)))
            as? [String: Any]
        let paths = try #require(document?["paths"] as? [String: [String: Any]])
        var ids: [String] = []
        for item in paths.values {
            for (method, operation) in item where DocumentReader.methods.contains(method) {
                if let id = (operation as? [String: Any])?["operationId"] as? String { ids.append(id) }
            }
        }
        #expect(ids.count > 50)
        let text = try generatedText(Self.specPath, allModes(access: .public))
        for id in ids.sorted() {
            let method = Naming.memberName(id)
            #expect(
                text.contains("extension Client {") && text.contains("public func \(method)(_ input: Operations."),
                "no client method for \(id)")
            #expect(
                text.contains("try _register_\(method.trimmingCharacters(in: "`"))(on: transport, registrar)"),
                "no handler for \(id)")
        }
    }
}
