import Foundation
import Marfa
import MarfaLocal
import Synchronization
import Testing

/// Faults during a pass: the instance gone for a whole pass, files rewritten or deleted while a
/// pass reads them. Nothing is lost, and the next pass finishes the work.
@Suite(.timeLimit(.minutes(2))) struct FolderFaultTests {
    @Test func aPassWithTheInstanceUnreachableKeepsTheWorkForTheNext() async throws {
        try await CopyTestInstance.with { test in
            let bed = try await FolderBed.make(test)
            try bed.write("before", to: "Kept.md")
            try await bed.pass()
            let port = test.instance.url.port ?? 0
            await test.instance.stop()

            try bed.write("made offline", to: "Offline.md")
            try bed.write("changed offline", to: "Kept.md")
            guard case .synced(let offline) = try await bed.folders.sync(bed.directory) else {
                Issue.record("an unreachable pass waited for confirmation")
                return
            }
            #expect(offline.catchUpError?.isOffline == true)
            #expect(offline.pass.drain.unavailable != nil && offline.pass.drain.answered == 0)
            #expect(offline.pass.scan.created == 1 && offline.pass.scan.changed == 1)
            let waiting = try await bed.folders.status(of: bed.directory).files
            #expect(waiting.filter { $0.state == .waiting }.map(\.path).sorted() == ["Kept.md", "Offline.md"])

            let again = try await LocalInstance.start(
                dataDirectory: test.folder.appendingPathComponent("instance"), port: port,
                options: LocalInstance.Options(log: { _ in }))
            let online = try await bed.pass()
            #expect(online.drain.answered == 2 && online.drain.unavailable == nil)
            #expect(try await bed.notes() == ["Kept": "changed offline", "Offline": "made offline"])
            await again.stop()
        }
    }

    @Test func filesRewrittenOrDeletedDuringAPassAreTakenByTheNext() async throws {
        try await CopyTestInstance.with { test in
            let bed = try await FolderBed.make(test)
            try bed.write("first", to: "a.md")
            try await bed.pass()
            for name in ["b", "c", "d"] { try bed.write("\(name) as scanned", to: "\(name).md") }
            let once = Atomic<Bool>(false)
            let directory = bed.directory
            let meddling = Folders(
                server: try test.server(), registryFile: test.folder.appendingPathComponent("folders.json"),
                observer: { _ in
                    guard !once.exchange(true, ordering: .relaxed) else { return }
                    try? Data("c rewritten during the pass".utf8).write(to: directory.appendingPathComponent("c.md"))
                    try? FileManager.default.removeItem(at: directory.appendingPathComponent("d.md"))
                })
            guard case .synced(let sync) = try await meddling.sync(bed.directory) else {
                Issue.record("the pass waited for confirmation")
                return
            }
            #expect(Set(sync.pass.flagged.filter { $0.flag == .unreadable }.map(\.path)) == ["c.md", "d.md"])
            #expect(try await bed.notes() == ["a": "first", "b": "b as scanned"])

            let next = try await bed.pass()
            #expect(next.scan.created == 1)
            #expect(try await bed.notes() == ["a": "first", "b": "b as scanned", "c": "c rewritten during the pass"])
            #expect(try await bed.pass().scan.created == 0)
        }
    }
}
