import Foundation
import MarfaTesting
import Testing

@testable import Marfa

@Suite struct KeyStoreTests {
    @Test func isolatedStoresKeepToThemselves() throws {
        let first = Keychain.isolated(), second = Keychain.isolated()
        defer { for store in [first, second] { try? FileManager.default.removeItem(at: store.folderURL) } }
        let service = "com.example.isolated-\(UUID().uuidString)"
        #expect(first != second && first.folderURL != Keychain.system.folderURL)
        try first.save(key: "marfa_k1_isolated", service: service, account: "owner")
        #expect(try first.key(service: service, account: "owner") == "marfa_k1_isolated")
        #expect(try second.key(service: service, account: "owner") == nil)
        #expect(try Keychain.system.holds(service: service) == false)
        let file = FileKeyFolder(root: first.folderURL).serviceFolder(service)
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test func fileStoreKeepsKeysInPrivateFiles() throws {
        let folder = try TemporaryFolder()
        let store = Keychain(folder: folder.url.appendingPathComponent("keys"))
        #expect(try store.key(service: "com.example.app", account: "owner") == nil)
        #expect(try store.holds(service: "com.example.app") == false)

        try store.save(key: "marfa_k1_first", service: "com.example.app", account: "owner")
        try store.save(key: "marfa_k1_second", service: "com.example.app", account: "owner")
        try store.save(key: "marfa_k1_other", service: "com.example.app", account: "bot")
        #expect(try store.key(service: "com.example.app", account: "owner") == "marfa_k1_second")
        #expect(try store.holds(service: "com.example.app", account: "bot"))
        #expect(try store.holds(service: "com.example.app"))
        #expect(try store.accounts(service: "com.example.app") == ["bot", "owner"])

        let serviceFolder = FileKeyFolder(root: store.folder).serviceFolder("com.example.app")
        let files = try FileManager.default.contentsOfDirectory(atPath: serviceFolder.path)
        #expect(files.count == 2, "no temporary file is left behind: \(files)")
        for file in files {
            let mode =
                try FileManager.default.attributesOfItem(atPath: serviceFolder.appendingPathComponent(file).path)[
                    .posixPermissions] as? Int
            #expect(mode == 0o600)
        }
        for url in [store.folder, serviceFolder] {
            #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int == 0o700)
        }

        #expect(try store.delete(service: "com.example.app", account: "owner"))
        #expect(try store.delete(service: "com.example.app", account: "owner") == false)
        #expect(try store.key(service: "com.example.app", account: "owner") == nil)
    }

    @Test func systemStoreLivesUnderTheConfigFolder() {
        let base = Keychain.baseFolder().path
        if let xdg = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            #expect(base == URL(fileURLWithPath: xdg).appendingPathComponent("marfa/keys").path)
        } else {
            #expect(base.hasSuffix("/.config/marfa/keys"))
        }
        #expect(
            Keychain(accessGroup: "group.example").folder.deletingLastPathComponent().path
                == Keychain.system.folder.path)
        #expect(Keychain(accessGroup: "group.example").identity != Keychain.system.identity)
    }

    @Test func aLockHeldTooLongIsHeldElsewhere() async throws {
        let folder = try TemporaryFolder()
        let store = Keychain(folder: folder.url)
        let (held, holding) = AsyncStream.makeStream(of: Void.self)
        let (released, release) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await store.withExclusiveAccess(service: "s", account: "a", wait: .seconds(1)) {
                holding.yield()
                for await _ in released { break }
            }
        }
        for await _ in held { break }
        await #expect(throws: Keychain.Failure.heldElsewhere) {
            try await store.withExclusiveAccess(service: "s", account: "a", wait: .zero) {}
        }
        release.finish()
        try await holder.value
        let value = try await store.withExclusiveAccess(service: "s", account: "a", wait: .milliseconds(100)) { 7 }
        #expect(value == 7)
    }

    @Test func memoryStoreCanHoldAnUnreadableKey() throws {
        let store = MemoryKeyStore()
        try store.save(key: "marfa_k1_x", service: "svc", account: "me")
        store.makeUnreadable("svc", account: "me")
        #expect(try store.holds(service: "svc", account: "me"))
        #expect(throws: Keychain.Failure.self) { try store.key(service: "svc", account: "me") }
        #expect(try store.delete(service: "svc", account: "me"))
        #expect(try store.key(service: "svc", account: "me") == nil)
    }
}

/// A folder under the system's temporary folder, removed when the value is released.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "marfa-signin-" + UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
