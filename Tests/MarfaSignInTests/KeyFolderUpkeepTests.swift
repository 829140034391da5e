import Foundation
import Testing

@testable import Marfa

/// The file key store keeps its folders private and cleans up after writes that stopped.
@Suite struct KeyFolderUpkeepTests {
    @Test func anExistingLooseFolderIsTightenedOnUse() throws {
        let folder = try TemporaryFolder()
        let root = folder.url.appendingPathComponent("keys")
        let files = FileKeyFolder(root: root)
        let service = files.serviceFolder("com.example.app")
        try FileManager.default.createDirectory(
            at: service, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)

        let store = Keychain(folder: root)
        try store.save(key: "marfa_k1_x", service: "com.example.app", account: "owner")
        for url in [root, service] {
            #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int == 0o700)
        }
    }

    @Test func staleTemporaryFilesAreSweptAndFreshOnesKept() throws {
        let folder = try TemporaryFolder()
        let store = Keychain(folder: folder.url.appendingPathComponent("keys"))
        try store.save(key: "marfa_k1_x", service: "com.example.app", account: "owner")
        let service = FileKeyFolder(root: store.folder).serviceFolder("com.example.app")
        let stale = service.appendingPathComponent(".tmp-stale")
        let fresh = service.appendingPathComponent(".tmp-fresh")
        for url in [stale, fresh] {
            #expect(FileManager.default.createFile(atPath: url.path, contents: Data("secret".utf8)))
        }
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-120)], ofItemAtPath: stale.path)

        try store.save(key: "marfa_k1_y", service: "com.example.app", account: "owner")
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: fresh.path))
        #expect(try store.key(service: "com.example.app", account: "owner") == "marfa_k1_y")
        #expect(try store.accounts(service: "com.example.app") == ["owner"])
    }
}
