import Foundation
import MarfaHTTP
import MarfaLocal
import MarfaOpenAPIRuntime
import Testing

/// `marfa-local` as a developer runs it: the real executable on a real data folder, beside an
/// instance answering over loopback HTTP.
@Suite struct CommandLineTests {
    static func newFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("marfa-cli-\(UUID().uuidString)")
    }

    /// `GET path` on the instance at `url` with `key`, read whole.
    static func get(_ path: String, at url: URL, key: String) async throws -> RawAnswer {
        var fields = HTTPFields()
        fields["Authorization"] = "Bearer \(key)"
        let (response, body) = try await DefaultTransport.make().send(
            HTTPRequest(method: .get, path: path, headerFields: fields), body: nil, baseURL: url, operationID: "raw")
        return RawAnswer(
            status: response.status.code, headers: response.headerFields,
            bytes: try await body?.collect(upTo: 1 << 20) ?? []
        )
    }

    @Test func aStartThatCannotListenMintsNothingAndTheNextStartPrintsBoth() async throws {
        let folder = Self.newFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await LocalTestInstance.with { occupier in
            let port = try #require(occupier.url.port)
            let refused = try await MarfaLocalProcess.serve(["--data", folder.path, "--port", String(port)])
            #expect(refused.url == nil)
            refused.process.waitUntilExit()
            #expect(refused.process.terminationStatus == 3)
            #expect(!refused.output.contains("owner's key"))
        }
        let nothingKept = try await MarfaLocalProcess.run(["owner-key", "--data", folder.path])
        #expect(nothingKept.status == 1)
        #expect(nothingKept.errors.contains("keeps no owner key"), "\(nothingKept.errors)")

        let serving = try await MarfaLocalProcess.serve(["--data", folder.path, "--port", "0"])
        defer { if serving.process.isRunning { serving.process.terminate() } }  // when an expectation stops the test
        let key = try #require(serving.value(after: "the owner's key (shown once, keep it): "), "\(serving.output)")
        let password = try #require(serving.value(after: "sign-in pages (shown once, keep it): "))
        #expect(serving.output.contains("marfa-local owner-key --data \(folder.path)"))

        let shown = try await MarfaLocalProcess.run(["owner-key", "--data", folder.path])
        #expect(shown.status == 0, "\(shown.errors)")
        #expect(shown.output.contains("the owner's key: \(key)\n"))
        #expect(shown.output.contains("the owner password for sign-in pages: \(password)\n"))
        let kept = folder.appendingPathComponent("owner-secrets.json").path
        let mode = try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let url = try #require(serving.url)
        let owner = try await Self.get("/keys", at: url, key: key)
        #expect(owner.status == 200, "\(owner.text)")
        #expect(await serving.stop() == 0)
    }

    @Test func ownerKeyRefusesAFileOthersCanReadAndSaysWhatWasReplaced() async throws {
        let instance = RestartableInstance()
        defer { instance.remove() }
        let first = try await instance.start()
        let key = try #require(first.bootstrapKey)
        await first.stop()
        // A later start with a password of the owner's choosing replaces the generated one.
        await (try await instance.start(ownerPassword: "a-password-of-my-own")).stop()

        let shown = try await MarfaLocalProcess.run(["owner-key", "--data", instance.folder.path])
        #expect(shown.status == 0)
        #expect(shown.output == "marfa-local: the owner's key: \(key)\n")
        #expect(shown.errors.contains("was replaced since"))

        let kept = instance.folder.appendingPathComponent("owner-secrets.json").path
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: kept)
        let exposed = try await MarfaLocalProcess.run(["owner-key", "--data", instance.folder.path])
        #expect(exposed.status == 1)
        #expect(exposed.output.isEmpty)
        #expect(exposed.errors.contains("readable by others (mode 644)"), "\(exposed.errors)")
    }

    @Test func approveGivesTheWaitingDeviceItsTokensForTheScopesNamed() async throws {
        try await LocalTestInstance.with { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register(name: "Notes CLI")
            let codes = try await DeviceFlowTests.start(
                player, client: client, scope: "core.note:read core.task:read offline_access")
            let deviceCode = try #require(codes.json["device_code"]?.string)
            let userCode = try #require(codes.json["user_code"]?.string)

            let notAsked = try await MarfaLocalProcess.run(
                ["approve", userCode, "--data", local.folder.path, "--scope", "core.event:read"])
            #expect(notAsked.status == 2)
            #expect(notAsked.errors.contains("the device didn't ask for it"), "\(notAsked.errors)")

            let typedLoosely = userCode.lowercased().replacingOccurrences(of: "-", with: "")
            let approved = try await MarfaLocalProcess.run(
                ["approve", typedLoosely, "--data", local.folder.path, "--scope", "core.note:read"])
            #expect(approved.status == 0, "\(approved.errors)")
            #expect(
                approved.output == "marfa-local: approved \(userCode) for Notes CLI: core.note:read offline_access\n")

            // The refused approval left the request waiting; the device's first poll gets tokens
            // holding what was approved.
            let tokens = try await DeviceFlowTests.poll(player, client: client, deviceCode: deviceCode)
            #expect(tokens.status == 200, "\(tokens.text)")
            #expect(tokens.json["scope"]?.string == "core.note:read offline_access")
            let access = try #require(tokens.json["access_token"]?.string)
            let note = try await local.send(.post, "/items", json: #"{"type":"core.note","properties":{"title":"n"}}"#)
            let task = try await local.send(.post, "/items", json: #"{"type":"core.task","properties":{"title":"t"}}"#)
            let noteID = try #require(note.json["item"]?["id"]?.string)
            let taskID = try #require(task.json["item"]?["id"]?.string)
            #expect(try await local.send(.get, "/items/\(noteID)", key: access).status == 200)
            #expect(
                try await local.send(.get, "/items/\(taskID)", key: access).status == 404,
                "core.task:read was not approved")

            let again = try await MarfaLocalProcess.run(["approve", userCode, "--data", local.folder.path])
            #expect(again.status == 1)
            #expect(again.errors.contains("it was already used"))
        }
    }

    @Test func approveRefusesCodesNoDeviceIsWaitingWith() async throws {
        try await LocalTestInstance.with { local in
            let unknown = try await MarfaLocalProcess.run(["approve", "BCDF-GHJK", "--data", local.folder.path])
            #expect(unknown.status == 1)
            #expect(
                unknown.errors.contains("No device sign-in can be approved with the code BCDF-GHJK: none was asked for")
            )
            let malformed = try await MarfaLocalProcess.run(["approve", "1234", "--data", local.folder.path])
            #expect(malformed.status == 2)
            #expect(malformed.errors.contains("1234 is not a user code"))
            let missing = try await MarfaLocalProcess.run(["approve", "--data", local.folder.path])
            #expect(missing.status == 2)
            #expect(missing.errors.contains("approve needs the user code"))
        }
    }

    @Test func keyCreateMintsAKeyHoldingExactlyItsScopes() async throws {
        try await LocalTestInstance.with { local in
            let created = try await MarfaLocalProcess.run(
                [
                    "key", "create", "--scope", "core.note:write", "--label", "notes app", "--source", "notes-app",
                    "--data", local.folder.path,
                ])
            #expect(created.status == 0, "\(created.errors)")
            let key = created.output.trimmingCharacters(in: .newlines)
            #expect(key.hasPrefix("marfa_k1_"))
            #expect(created.errors.contains("(source notes-app) holds: core.note:write"))

            let note = try await local.send(
                .post, "/items", json: #"{"type":"core.note","properties":{"title":"from the cli key"}}"#, key: key)
            #expect(note.status == 201, "\(note.text)")
            #expect(note.json["item"]?["source"]?.string == "notes-app", "\(note.text)")
            let task = try await local.send(
                .post, "/items", json: #"{"type":"core.task","properties":{"title":"no"}}"#, key: key)
            #expect(task.status == 403)

            let taken = try await MarfaLocalProcess.run(
                ["key", "create", "--scope", "core.note:read", "--source", "notes-app", "--data", local.folder.path])
            #expect(taken.status == 1)
            #expect(taken.errors.contains("Another key already has the source notes-app"))
            #expect(taken.output.isEmpty)
        }
    }

    @Test(arguments: [
        (["--scope", "core.note:delete"], "The scope core.note:delete can't be used"),
        (["--scope", "openid"], "it is a sign-in scope"),
        ([], "key create needs at least one --scope"),
        (["--scope", "core.note:read", "--label", " "], "--label must be 1 to 200 characters"),
    ])
    func keyCreateRefusesWhatNoKeyCanHold(_ options: [String], _ message: String) async throws {
        try await LocalTestInstance.with { local in
            let refused = try await MarfaLocalProcess.run(["key", "create"] + options + ["--data", local.folder.path])
            #expect(refused.status == 2)
            #expect(refused.errors.contains(message), "\(refused.errors)")
            #expect(refused.output.isEmpty)
            let keys = try await local.send(.get, "/keys")
            #expect(keys.json["keys"]?.array?.count == 1, "\(keys.text)")
        }
    }

    @Test(arguments: [
        ["--help"], ["owner-key", "--help"], ["approve", "-h"], ["key", "create", "--help"], ["key", "--help"],
    ])
    func everyCommandExplainsItself(_ arguments: [String]) async throws {
        let help = try await MarfaLocalProcess.run(arguments)
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("usage: marfa-local"))
        #expect(help.errors.isEmpty)
    }

    @Test(arguments: [
        (["serve-forever"], "unknown command serve-forever"),
        (["owner-key"], "--data is required"),
        (["key", "mint"], "marfa-local key takes one command, create"),
        (["--port", "70000", "--data", "x"], "--port must be 0 to 65535"),
        (["owner-key", "--data", "x", "--data", "y"], "--data is given twice"),
    ])
    func aWrongCommandLineIsRefusedWithWhatToType(_ arguments: [String], _ message: String) async throws {
        let refused = try await MarfaLocalProcess.run(arguments)
        #expect(refused.status == 2)
        #expect(refused.errors.contains(message), "\(refused.errors)")
    }

    @Test func aFolderWithNoInstanceIsSaidSoAndLeftAlone() async throws {
        let folder = Self.newFolder()
        for command in [["owner-key"], ["approve", "BCDF-GHJK"], ["key", "create", "--scope", "core.note:read"]] {
            let refused = try await MarfaLocalProcess.run(command + ["--data", folder.path])
            #expect(refused.status == 2)
            #expect(refused.errors.contains("holds no local instance: start one there first"), "\(refused.errors)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
