// The walkthrough `make demo-folders` runs: a local Marfa instance and a temporary directory kept in
// step with a folder on it. A file written on disk appears as an item; an item edited elsewhere
// rewrites its file.
import Foundation
import Marfa
import MarfaLocal

func step(_ text: String) { print("\n▸ \(text)") }
func show(_ text: String) { print("  \(text)") }

/// The next pass the watch tells that `matches`, showing each event on the way.
func nextPass(_ events: inout FolderWatch.AsyncIterator, _ matches: (FolderPass) -> Bool) async throws -> FolderPass {
    while let event = try await events.next() {
        if case .passed(let pass) = event, matches(pass) { return pass }
    }
    throw MarfaError.invalid(message: "The watch ended before the pass the walkthrough waits for.")
}

func walkthrough() async throws {
    let work = FileManager.default.temporaryDirectory.appending(path: "folders-demo-\(UUID().uuidString.prefix(8))")
    let notes = work.appending(path: "Notes")
    try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }

    step("Start a local Marfa instance")
    let instance = try await LocalInstance.start(
        dataDirectory: work.appending(path: "instance"), port: 0, options: LocalInstance.Options(log: { _ in }))
    defer { Task { await instance.stop() } }
    guard let ownerKey = instance.bootstrapKey else { fatalError("a fresh instance mints the owner's key") }
    let server = try Server(url: instance.url, key: ownerKey)
    show("listening at \(instance.url.absoluteString)")

    step("Create a folder on the instance: the notes it holds, the paths it takes")
    let elsewhere = try await WorkingCopy.open(store: work.appending(path: "elsewhere.sqlite"), server: server)
    let folder = try await elsewhere.createFolder(
        FolderSettings(title: "Notes", search: FolderSearch(types: ["core.note"]), ignore: ["drafts/"]))
    show("folder \(folder.id), version \(folder.version), ignoring \(folder.settings.ignore)")

    step("Bind \(notes.lastPathComponent)/ to it; the first sync waits for confirmation")
    try Data("milk, eggs".utf8).write(to: notes.appending(path: "Groceries.md"))
    let folders = Folders(server: server, registry: work.appending(path: "folders.json"))
    _ = try await folders.add(notes, following: folder.id)
    if case .awaitingConfirmation(let plan) = try await folders.sync(notes) {
        show("plan: write \(plan.write) files, send \(plan.send); confirmed")
        _ = try await folders.confirmFirstSync(in: notes)
    }
    if case .synced(let sync) = try await folders.sync(notes) {
        show("first sync: sent \(sync.pass.scan.created) file, drained \(sync.pass.drain.answered) writes")
    }

    step("Watch the folder: a file written on disk appears as an item")
    let watch = folders.watch(notes)
    var events = watch.makeAsyncIterator()
    while let event = try await events.next(), event != .watching(notes) {}
    try Data("Call the plumber".utf8).write(to: notes.appending(path: "Todo.md"))
    let sent = try await nextPass(&events) { $0.scan.created > 0 }
    _ = try await elsewhere.hydrate(types: ["core.note"], tier: .library)
    let todo = try await elsewhere.items.list().first { $0.title == "Todo" }
    show(
        "the watch sent \(sent.scan.created) file; elsewhere the item \"\(todo?.title ?? "?")\" reads \"\(todo?.body ?? "")\""
    )

    step("Edit the item elsewhere: its file is rewritten")
    guard let todo else { throw MarfaError.invalid(message: "The new file's item never arrived.") }
    _ = try await elsewhere.items.update(
        todo.id, Edit(.merge(["body": "Call the plumber on Monday"]), baseVersion: todo.version))
    _ = try await elsewhere.queue.drain()
    let pulled = try await nextPass(&events) { ($0.pull?.rewritten ?? 0) > 0 }
    let text = String(decoding: try Data(contentsOf: notes.appending(path: "Todo.md")), as: UTF8.self)
    show("the watch rewrote \(pulled.pull?.rewritten ?? 0) file; Todo.md now reads \"\(text)\"")

    await watch.stop()
    await elsewhere.close()
    step("Done: the folder, the watch and the instance stop")
}

do {
    try await walkthrough()
} catch {
    print("folders-demo failed: \(error)")
    exit(1)
}
