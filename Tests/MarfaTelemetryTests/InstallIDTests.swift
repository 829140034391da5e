import Foundation
import Testing

@testable import MarfaTelemetry

@Suite("The install's distinct ID")
struct InstallIDTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("install-id-\(UUID().uuidString)")

    func isLowercaseUUID(_ text: String) -> Bool {
        UUID(uuidString: text)?.uuidString.lowercased() == text
    }

    func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func madeOnceKeptOwnerOnlyAndReused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("nested/MarfaTelemetry/app.install-id")
        let first = InstallID.load(from: file)
        #expect(isLowercaseUUID(first))
        #expect(try String(contentsOf: file, encoding: .utf8) == first + "\n")
        #expect(try mode(file) == 0o600)
        #expect(try mode(file.deletingLastPathComponent()) == 0o700)
        #expect(InstallID.load(from: file) == first)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(leftovers == ["app.install-id"])
    }

    @Test func anUnreadableFileIsReplaced() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("app.install-id")
        try Data("someone@example.com\n".utf8).write(to: file)
        let id = InstallID.load(from: file)
        #expect(isLowercaseUUID(id))
        #expect(InstallID.load(from: file) == id)
    }

    @Test func aFileThatCannotBeMadeGivesAnIDForTheProcess() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let blocker = folder.appendingPathComponent("not-a-folder")
        try Data().write(to: blocker)
        let file = blocker.appendingPathComponent("app.install-id")
        let first = InstallID.load(from: file)
        #expect(isLowercaseUUID(first))
        #expect(InstallID.load(from: file) != first)

        let sender = TelemetrySender()
        let configuration = Telemetry.Configuration(
            destination: try Telemetry.Destination(
                host: URL(string: "https://eu.i.posthog.com")!, projectToken: "phc_x"),
            serviceName: "app", serviceVersion: "1", installIDFile: file)
        let kept = await sender.installID(for: configuration)
        #expect(isLowercaseUUID(kept))
        #expect(await sender.installID(for: configuration) == kept)
    }

    @Test func theDefaultFileIsOnePerServiceInAStateFolder() throws {
        let file = try #require(InstallID.defaultFile(serviceName: "notes/../../etc passwd"))
        #expect(file.lastPathComponent == "notes_.._.._etc_passwd.install-id")
        #expect(file.deletingLastPathComponent().lastPathComponent == "MarfaTelemetry")
        #if !canImport(Darwin)
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "") + "/.local/state"
        #expect(
            file.path
                == URL(fileURLWithPath: base).appendingPathComponent("MarfaTelemetry/notes_.._.._etc_passwd.install-id")
                .path)
        #endif
    }
}
