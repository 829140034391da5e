import Foundation

/// Where the documents the contract tests read are, found from this file's place in the package.
enum ContractFiles {
    /// The package's root folder: the nearest folder above this file that holds `Package.swift`.
    static let packageRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/"
            && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
        {
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    /// `openapi/marfa.yaml`, the contract.
    static let contract = packageRoot.appendingPathComponent("openapi/marfa.yaml").path

    /// `openapi/generator-config.yaml`, the settings of each generated target.
    static let generatorConfig = packageRoot.appendingPathComponent("openapi/generator-config.yaml").path

    /// `../shared/specs/marfa-openapi.json`, the public Marfa server's document, beside the package.
    static let publicDocument = packageRoot.deletingLastPathComponent().appendingPathComponent(
        "shared/specs/marfa-openapi.json"
    ).path

    /// Whether the public document is there to compare with.
    static var hasPublicDocument: Bool { FileManager.default.fileExists(atPath: publicDocument) }
}
