import Foundation
import Marfa
import MarfaClock
import Testing

/// The watch driven by real inotify events in a temporary directory and by the copy's follow of
/// a local instance; it waits on the events themselves, the suite's time limit its only guard.
@Suite(.timeLimit(.minutes(1))) struct FolderWatchTests {
    @Test func aWatchSendsFilesWrittenOnDiskAndWritesItemsChangedElsewhere() async throws {
        try await CopyTestInstance.with { test in
            let bed = try await FolderBed.make(test)
            try bed.write("start", to: "Start.md")
            try await bed.pass()
            let watch = bed.folders.watch(bed.directory, debounce: .zero, clock: ManualClock())
            var events = watch.makeAsyncIterator()
            while let event = try await events.next(), event != .watching(bed.directory) {}

            try bed.write("written while watching", to: "New.md")
            while let event = try await events.next() {
                if case .passed(let pass) = event, pass.scan.created == 1 { break }
            }
            #expect(try await bed.note(titled: "New")?.body == "written while watching")

            let start = try #require(try await bed.note(titled: "Start"))
            try await test.updateItem(start.id, properties: #"{"body": "changed elsewhere"}"#)
            while let event = try await events.next() {
                if case .passed(let pass) = event, pass.pull?.rewritten == 1 { break }
            }
            #expect(bed.read("Start.md") == "changed elsewhere")

            let error = try await #require(throws: MarfaError.self) { _ = try await bed.folders.sync(bed.directory) }
            #expect(error.code == "reading_handle", "the watch holds the folder")
            await watch.stop()
            _ = try await bed.folders.sync(bed.directory)
        }
    }

    @Test func aWatchThrowsFirstSyncWaitingUntilTheFirstSyncIsConfirmed() async throws {
        try await CopyTestInstance.with { test in
            let bed = try await FolderBed.make(test)
            try bed.write("unsent", to: "Waiting.md")
            let watch = bed.folders.watch(bed.directory, debounce: .zero, clock: ManualClock())
            let error = try await #require(throws: MarfaError.self) { for try await _ in watch {} }
            #expect(error.code == "first_sync_waiting")
            #expect(try await bed.notes().isEmpty)
        }
    }
}
