import Foundation
import Marfa

// A second process for the working-copy tests.
//
//   copy-probe read <store>                 opens the store (as the second opener) and prints
//                                           "handle=<reader|writer> items=<n>"
//   copy-probe hydrate <store> <url> <key> <type>
//                                           opens the store as its writer and hydrates <type>
//                                           (library tier), printing "page <n>" as pages are
//                                           stored and "hydrated items=<n>"; the tests kill it
//                                           with SIGKILL part way.
//   copy-probe drain <store> <url> <key>    opens the store as its writer and drains its queue,
//                                           printing "drained answered=<n>"; killed part way too.
//   copy-probe catchup <store> <url> <key>  opens the store as its writer and catches up, printing
//                                           "events <n>" as batches are stored and
//                                           "caught up applied=<n>"; killed part way too.
//   copy-probe folder-sync <dir> <url> <key> <registry>
//                                           syncs the folder at <dir>, printing "step <path>" after
//                                           each step of the pass and "passed"; killed part way.
/// Writes one line to standard output at once, unbuffered.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

/// Says the line `line` makes of each of the copy's updates, until canceled.
func report(_ copy: WorkingCopy, _ line: @escaping @Sendable (CopyUpdate) -> String?) -> Task<Void, Never> {
    let updates = copy.updates()
    return Task {
        for await update in updates {
            if let text = line(update) { say(text) }
        }
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: copy-probe read|hydrate <store> …\n".utf8))
    exit(2)
}
let store = URL(fileURLWithPath: arguments[2])
do {
    switch arguments[1] {
    case "read":
        let copy = try await WorkingCopy.open(store: store)
        let items = try await copy.items.list(ListFilters(allStates: true))
        say("handle=\(copy.handle.rawValue) items=\(items.count)")
        await copy.close()
    case "hydrate" where arguments.count == 6:
        let server = try Server(url: URL(string: arguments[3])!, key: arguments[4])
        let copy = try await WorkingCopy.open(store: store, server: server)
        let reporter = report(copy) { update in
            if case .hydrating(let progress) = update, progress.pages > 0 { return "page \(progress.pages)" }
            return nil
        }
        say("opened")
        let report = try await copy.hydrate(types: [arguments[5]], tier: .library)
        say("hydrated items=\(report.items)")
        await copy.close()
        reporter.cancel()
    case "drain" where arguments.count == 5:
        let server = try Server(url: URL(string: arguments[3])!, key: arguments[4])
        let copy = try await WorkingCopy.open(store: store, server: server)
        say("opened")
        let report = try await copy.queue.drain()
        say("drained answered=\(report.answered)")
        await copy.close()
    case "catchup" where arguments.count == 5:
        let server = try Server(url: URL(string: arguments[3])!, key: arguments[4])
        let copy = try await WorkingCopy.open(store: store, server: server)
        let reporter = report(copy) { update in
            if case .catchingUp(let progress) = update, progress.events > 0 { return "events \(progress.events)" }
            return nil
        }
        say("opened")
        let report = try await copy.catchUp()
        say("caught up applied=\(report.applied)")
        await copy.close()
        reporter.cancel()
    case "folder-sync" where arguments.count == 6:
        let server = try Server(url: URL(string: arguments[3])!, key: arguments[4])
        let folders = Folders(
            server: server, registryFile: URL(fileURLWithPath: arguments[5]), observer: { say("step \($0)") })
        say("opened")
        _ = try await folders.sync(store)
        say("passed")
    default:
        FileHandle.standardError.write(Data("unknown command\n".utf8))
        exit(2)
    }
} catch {
    say("error \(error)")
    exit(1)
}
