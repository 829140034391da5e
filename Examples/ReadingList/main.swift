// The walkthrough `make demo` runs: a local Marfa instance, and the SDK's calls against it, step by
// step. It grows with the SDK; sign-in, the working copy and the API client's conveniences join as
// they land.
import Foundation
import Marfa
import MarfaAPI
import MarfaHTTP
import MarfaIcons
import MarfaLocal
import MarfaOpenAPIGenerator
import MarfaTelemetry
import MarfaTypes

func step(_ text: String) { print("\n▸ \(text)") }
func show(_ text: String) { print("  \(text)") }

/// Plays the person on another device: opens the instance's device page and approves `userCode`
/// with the owner password, ticking `scopes`.
func approveOnInstancePage(_ instance: LocalInstance, userCode: String, password: String, scopes: [String]) async throws
{
    let transport = DefaultTransport.make()
    let (page, _) = try await transport.send(
        HTTPRequest(method: .get, path: "/auth/device"), body: nil, baseURL: instance.url, operationID: "page")
    show("the instance's page /auth/device answers \(page.status); the owner enters \(userCode) and approves")
    let form =
        [("user_code", userCode), ("decision", "approve"), ("password", password)] + scopes.map { ("scope", $0) }
    let text = form.map { "\(PercentEncoding.encode($0.0))=\(PercentEncoding.encode($0.1))" }.joined(separator: "&")
    let (decision, _) = try await transport.send(
        HTTPRequest(
            method: .post, path: "/auth/device/consent",
            headerFields: ["Content-Type": "application/x-www-form-urlencoded"]),
        body: HTTPBody(text), baseURL: instance.url, operationID: "consent")
    guard decision.status == 200 else {
        throw MarfaError.invalid(message: "The consent page answered \(decision.status).")
    }
}

/// The `MarfaError` a call throws, or nil when it succeeds.
func refusal(_ call: () async throws -> Void) async -> MarfaError? {
    do {
        try await call()
        return nil
    } catch {
        return error as? MarfaError
    }
}

func walkthrough() async throws {

    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let work = FileManager.default.temporaryDirectory.appending(
        path: "reading-list-demo-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }

    // 1. The generator.
    step("Generate Swift from the contract, openapi/marfa.yaml, in every mode")
    var config = GeneratorConfig()
    config.modes = [.types, .client, .server]
    config.strict = true
    let start = Date()
    let output = try Generator.generate(specPath: root.appending(path: "openapi/marfa.yaml").path, config: config)
    show(
        "\(output.files.count) files, \(output.files.reduce(0) { $0 + $1.contents.split(separator: "\n").count }) lines, \(output.diagnostics.count) diagnostics, in \(Int(Date().timeIntervalSince(start) * 1000)) ms"
    )

    // 2. A local instance.
    step("Start a local Marfa instance on a free loopback port")
    var options = LocalInstance.Options()
    options.signIn.devicePollInterval = 1
    let ownerPassword = "reading-list-demo-owner"
    let instance = try await LocalInstance.start(
        dataDirectory: work.appending(path: "data"), port: 0, ownerPassword: ownerPassword, options: options)
    guard let ownerKey = instance.bootstrapKey else { fatalError("a fresh instance mints the owner's key") }
    show("\(instance.url)  instance \(instance.instanceID)")
    show("owner key: \(ownerKey.prefix(12))… (shown once)")

    step("Sign the app in on a device with no browser: device sign-in, approved on the instance's page")
    let scopes = ["app.*:read", "app.*:write", "metadata.types:write", "schema.write", "config.manage"]
    let auth = try Authorization(
        server: instance.url,
        client: .init(
            name: "Reading List", redirect: URL(string: "com.example.readinglist:/signed-in"), scopes: scopes),
        service: "com.example.readinglist.demo-\(UUID().uuidString.prefix(8))")
    let device = try await auth.startDeviceSignIn()
    show("show the person: code \(device.userCode) at \(device.verificationURL)")
    let waiting = Task { try await device.credential() }
    try await approveOnInstancePage(instance, userCode: device.userCode, password: ownerPassword, scopes: scopes)
    let credential = try await waiting.value
    show("signed in; approved scopes: \(credential.scopes.joined(separator: " "))")
    show("kept in the key store; auth.credential() now answers it: \(try auth.credential() != nil)")

    let server = try Server(url: instance.url, credential: credential)
    step("Server.instanceDescription(): read without the key")
    let description = try await server.instanceDescription()
    show(
        "\(description.name), version \(description.version), contract \(description.contract), instance \(description.instanceID)"
    )

    // 3. Types through the API client, items through generated calls with the app's token (the working copy takes those over).
    let api = MarfaAPI.Client(server)
    let authentication = AuthenticationMiddleware(
        schemes: Components.SecuritySchemes.all, requirements: Operations.securityRequirements,
        credential: { _ in .bearer(credential.accessToken) })
    let calls = Client(serverURL: instance.url, transport: DefaultTransport.make(), middlewares: [authentication])

    step("Check the reading-list type, then register it (the seeds' sample)")
    let title = Components.Schemas.FieldDefinition(_type: .string, required: true)
    let finished = Components.Schemas.FieldDefinition(_type: .boolean)
    let entry = Components.Schemas.TypeDefinitionInput(
        fields: .init(additionalProperties: ["title": title, "finished": finished]),
        id: "app.readinglist.entry")
    let checked = try await api.check(itemType: entry)
    show("check: \(checked.id) is valid, nothing written")
    let registered = try await api.register(itemType: entry)
    show(
        "registered \(registered.id) with fields \(registered.fields.additionalProperties.keys.sorted().joined(separator: ", "))"
    )

    step("Add a book, then finish it: each write keeps a snapshot of the state before it")
    let created = try await calls.createItem(
        body: .json(.init(_type: "app.readinglist.entry", properties: ["title": "Dune"])))
    let bookItem = try created.created.body.json.item
    show("created \(bookItem.id) at version \(bookItem.version)")
    let updated = try await calls.updateItem(
        path: .init(id: bookItem.id),
        body: .json(.init(version: bookItem.version, properties: ["title": "Dune", "finished": true])))
    show("updated to version \(try updated.ok.body.json.item.version)")

    step("Server.snapshots(ofItem:): the item's history, oldest first")
    var page = try await server.snapshots(ofItem: bookItem.id)
    var history = page.snapshots
    while let next = page.next {
        page = try await server.snapshots(ofItem: bookItem.id, after: next)
        history += page.snapshots
    }
    for snapshot in history {
        show(
            "version \(snapshot.version) by \(snapshot.writer.map { "\($0.kind)" } ?? "the server"): \(OpenAPIValue.object(snapshot.properties))"
        )
    }

    // 4. Settings.
    step("Change a setting, on the instance the person saw")
    let settings = try await server.config()
    var patch = InstanceConfigPatch()
    patch.trashRetentionDays = .set(60)
    let stored = try await server.updateConfig(patch, expecting: settings.instanceID)
    show("trash kept for \(stored.trashRetentionDays.map(String.init) ?? "the default") days")
    if let error = await refusal({
        _ = try await server.updateConfig(patch, expecting: "0190e000-0000-7000-8000-000000000000")
    }) {
        show("expecting another instance: \(error.code()): \(error.message)")
    }

    // 5. Type icons.
    step("Set the type's icon and draw it as SVG")
    let icon = try await server.setTypeIcon("lucide:book-open", ofType: "app.readinglist.entry")
    let svgFile = root.appending(path: ".build/reading-list-icon.svg")
    try IconArtwork.svg(for: icon, tint: IconColor(hex: "#1F6FEB")!, size: 48).write(
        to: svgFile, atomically: true, encoding: .utf8)
    show("icon \(icon ?? "none"), drawn to \(svgFile.path) (\((try? Data(contentsOf: svgFile).count) ?? 0) bytes)")
    if let error = await refusal({ try await server.setTypeIcon("lucide:not-an-icon", ofType: "app.readinglist.entry") }
    ) {
        show("an ID outside the pinned sets: \(error.code()) (\(error.message))")
    }
    try await server.setTypeIcon(nil, ofType: "app.readinglist.entry")
    show("cleared: the author's icon shows again")

    // 6. Move the items to a new type, then delete the old one.
    step("Rename the type: register the new one, move the items, delete the old")
    var book = entry
    book.id = "app.readinglist.book"
    book.fields.additionalProperties["shelf"] = Components.Schemas.FieldDefinition(_type: .string)
    try await api.register(itemType: book)
    let preview = try await api.previewMove(ofType: "app.readinglist.entry", to: "app.readinglist.book")
    show("preview: \(preview.items) item(s) would move, \(preview.settings.count) setting(s) name the type")
    let started = try await api.startMove(
        ofType: "app.readinglist.entry", to: "app.readinglist.book", properties: ["shelf": "read"])
    let job = try await api.follow(moveJob: started.id, every: .milliseconds(100)) { job in
        show("job \(job.status): \(job.result.map { "\($0.moved) moved, \($0.remaining) remaining" } ?? "starting")")
    }
    if job.status == .completed, job.result?.settingsRewritten == true {
        try await api.delete(itemType: "app.readinglist.entry")
        show("deleted app.readinglist.entry")
    }
    let current = try await calls.getItem(path: .init(id: bookItem.id)).ok.body.json.item
    let moved = try await calls.updateItem(
        path: .init(id: bookItem.id),
        body: .json(
            .init(version: current.version, properties: ["title": "Dune", "finished": true, "shelf": "favourites"])))
    show(
        "the book is now \(try moved.ok.body.json.item._type) on shelf \(try moved.ok.body.json.item.properties["shelf"] ?? "?")"
    )

    // 7. The working copy.
    step("Open a working copy of the books and notes, and hydrate it")
    let ownerServer = try Server(url: instance.url, key: ownerKey)
    let copy = try await WorkingCopy.open(store: work.appending(path: "reading-list.sqlite"), server: ownerServer)
    let filled = try await copy.hydrate(types: ["app.readinglist.book", "core.note"], tier: .library)
    show(
        "held \(filled.items) item(s) from \(filled.pages) page(s), cursor \(filled.cursor); hydration \(try await copy.status().hydration)"
    )
    for item in try await copy.items.list() {
        show("\(item.type) \(item.title ?? item.id) (version \(item.version))")
    }

    step("Watch the change feed while another client writes")
    let changes = copy.changes()
    let watcher = Task { () -> [Change] in
        var seen: [Change] = []
        for await change in changes {
            if case .server = change.origin { seen.append(change) }
            if seen.count == 3 { break }
        }
        return seen
    }
    let ownerCalls = Client(
        serverURL: instance.url, transport: DefaultTransport.make(),
        middlewares: [
            AuthenticationMiddleware(
                schemes: Components.SecuritySchemes.all, requirements: Operations.securityRequirements,
                credential: { _ in .bearer(ownerKey) })
        ])
    for await update in copy.updates() where update == .following { break }
    let added = try await calls.createItem(
        body: .json(.init(_type: "app.readinglist.book", properties: ["title": "Piranesi"])))
    let readingNotes = try await ownerCalls.createItem(
        body: .json(.init(_type: "core.note", properties: ["title": "Reading notes", "body": "First thoughts."]))
    ).created.body.json.item
    let piranesi = try added.created.body.json.item
    _ = try await calls.updateItem(
        path: .init(id: piranesi.id), body: .json(.init(version: piranesi.version, properties: ["shelf": "to read"])))
    for change in await watcher.value {
        if case .server(let event, let cursor) = change.origin {
            show("\(event) for \(change.itemId ?? "-") at event \(cursor)")
        }
    }
    show(
        "the copy holds it already: \(try await copy.items.get(piranesi.id).map { "\($0.title ?? "") on shelf \($0.properties["shelf"]?.string ?? "?")" } ?? "nothing")"
    )
    _ = try await copy.tags.add("classic", to: bookItem.id)
    _ = try await copy.queue.drain()
    let byTag = try await copy.views.create(
        View.Settings(name: "Books by tag", types: ["app.readinglist.book"], groupBy: "tag"))
    show(
        "a view kept on the instance and held in the copy: \(byTag.settings.name), grouped by \(byTag.settings.groupBy ?? "-")"
    )
    let journal = try await copy.changes(since: 0)
    show("the store's journal keeps \(journal.count) change(s) for an app that wasn't running")

    step("Sign out: the kept sign-in is deleted, then the grant revoked at the instance")
    show(
        "the instance confirmed: \(try await auth.signOut()); auth.credential() is now \(try auth.credential() == nil ? "nil" : "set")"
    )
    if let error = await refusal({ _ = try await server.config() }) {
        show("the old access token is refused: \(error.code())")
    }

    // 8. Telemetry, toward a receiver that plays PostHog on loopback.
    step("Report an error and an event with MarfaTelemetry, to a local receiver")
    let receiver = try TelemetryReceiver()
    Telemetry.shared.configure(
        Telemetry.Configuration(
            destination: try Telemetry.Destination(host: receiver.url, projectToken: "phc_reading_list_demo"),
            serviceName: "reading-list", serviceVersion: "0.2.0",
            installIDFile: work.appending(path: "telemetry/install-id")))
    Telemetry.shared.isEnabled = true
    if let error = await refusal({ _ = try await server.config() }) {
        Telemetry.shared.report(error, during: "settings")
    }
    Telemetry.shared.log("walkthrough_finished", attributes: ["steps": 7, "signedOut": true])
    await Telemetry.shared.flush()
    Telemetry.shared.isEnabled = false
    for (path, body) in receiver.requests {
        show("\(path) (\(body.utf8.count) bytes of JSON, gzipped on the wire): \(TelemetryReceiver.summary(of: body))")
    }
    show(
        "no token, key, address or message in them: \(receiver.requests.allSatisfy { !$0.body.contains(credential.accessToken) && !$0.body.contains(instance.url.absoluteString) })"
    )
    await receiver.stop()

    step("Stop the instance")
    await instance.stop()
    show("stopped")
    if let error = await refusal({ _ = try await server.instanceDescription(timeout: .seconds(2)) }) {
        show("now offline: \(error.code()), isOffline = \(error.isOffline)")
    }
    step("Read the working copy offline, with the instance stopped")
    for item in try await copy.items.list(ListFilters(type: "app.readinglist.book")) {
        show("\(item.title ?? item.id): \(item.properties["shelf"]?.string ?? "no shelf")")
        show("  its properties as JSON, in the server's order: \(item.properties.json())")
    }
    show("status: \(try await copy.status().items) item(s) held, hydration \(try await copy.status().hydration)")
    for hit in try await copy.search("piran") {
        show(
            "search \"piran\": \(hit.item.title ?? "") — matched \(hit.snippet.matchedText) in \"\(hit.snippet.text)\"")
    }
    for group in try await copy.views.groups(in: byTag.id) {
        show(
            "\(byTag.settings.name) [\(group.key.isEmpty ? "no tag" : group.key)]: \(group.items.compactMap(\.title).joined(separator: ", "))"
        )
    }

    step("Write with the instance stopped: the copy changes at once, the writes wait in the queue")
    let heldNote = try await copy.items.get(readingNotes.id)!
    _ = try await copy.items.update(
        readingNotes.id, Edit(.merge(["body": "Offline: the spice must flow."]), baseVersion: heldNote.version))
    let klara = try await copy.items.create(
        Draft(type: "app.readinglist.book", properties: ["title": "Klara and the Sun"], tags: ["gift"]))
    show(
        "the copy reads its own writes: \(try await copy.items.get(klara.itemId!)?.title ?? "?"), tags \(try await copy.items.get(klara.itemId!)?.tags ?? [])"
    )
    for write in try await copy.queue.all() {
        show(
            "\(write.kind) \(write.itemId ?? "") key \(write.idempotencyKey.prefix(8))… \(write.waiting ? "waiting behind \(write.follows ?? "")" : "ready")"
        )
    }
    step("Embed a photo in the note, offline: its bytes wait beside the store, three writes in the queue")
    let photo = work.appending(path: "dune-cover.png")
    try Data(
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    ).write(to: photo)
    let embedded = try await copy.items.embed(file: photo, in: readingNotes.id)
    let coverHash = embedded.attached.upload.blob ?? ""
    show(
        "\(embedded.embed) appended; the bytes are held as \(coverHash.prefix(19))…: \(try await copy.blobs.isHeld(coverHash))"
    )
    for write in [embedded.attached.upload, embedded.attached.item, embedded.attached.edge, embedded.body] {
        show(
            "\(write.kind) waits on \(write.dependsOn.isEmpty ? "nothing" : write.dependsOn.map { String($0.suffix(6)) }.joined(separator: ", "))"
        )
    }
    let offlineDrain = try await copy.queue.drain()
    show(
        "drain while offline: \(offlineDrain.answered) answered, \(offlineDrain.undelivered) undelivered (\(offlineDrain.unavailable ?? "")); the writes keep their keys"
    )

    step("Start the instance again; another device edits the note first; drain")
    let restarted = try await LocalInstance.start(
        dataDirectory: instance.dataDirectory, port: instance.url.port ?? 0, options: options)
    let serverNote = try await ownerCalls.getItem(path: .init(id: readingNotes.id)).ok.body.json.item
    _ = try await ownerCalls.updateItem(
        path: .init(id: readingNotes.id),
        body: .json(.init(version: serverNote.version, properties: ["body": "Other device: a desert planet."])))
    let drained = try await copy.queue.drain()
    for answered in drained.verdicts {
        show("\(answered.kind) \(answered.itemId ?? ""): \(answered.verdict?.description ?? "unanswered")")
    }
    let caughtUp = try await copy.catchUp()
    show(
        "catch-up: \(caughtUp.applied) event(s) applied, \(caughtUp.skipped) passed over (already held, or older), cursor \(caughtUp.cursor)"
    )
    for note in try await copy.items.list(ListFilters(type: "core.note")) {
        show("note \(note.title ?? "") \(note.tags.isEmpty ? "" : "\(note.tags) "): \(note.body ?? "")")
    }
    step("A second copy on another device fetches the photo by the hash its file item names")
    let second = try await WorkingCopy.open(store: work.appending(path: "second-device.sqlite"), server: ownerServer)
    _ = try await second.hydrate(types: ["core.note", "core.file.image"], tier: .library)
    let coverItem = try await second.items.get(embedded.attached.item.itemId ?? "")
    let fetched = try await second.blobs.get(coverItem?.properties["blob_ref"]?.string ?? "")
    show(
        "\(coverItem?.title ?? "?") (\(coverItem?.properties["mime_type"]?.string ?? "?")): \(try Data(contentsOf: fetched).count) bytes, checked against the hash"
    )
    show("its embed in the note: \(try await second.items.embedText(of: coverItem?.id ?? "", in: readingNotes.id))")
    await second.close()
    _ = try await copy.queue.takeAnswered()
    await copy.close()
    await restarted.stop()
    print(
        "\nDone. The API reference: run `make docs`, then open .build/docs/index.html (python3 -m http.server --directory .build/docs 8000)."
    )
}

try await walkthrough()
