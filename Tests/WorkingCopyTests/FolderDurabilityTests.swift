import Foundation
import Marfa
import Testing

/// A pass killed with SIGKILL part way, twenty times at different steps, with work on both sides
/// between the kills: nothing is lost on either side, nothing is made twice, and the next pass
/// finishes the work.
@Suite(.timeLimit(.minutes(3))) struct FolderDurabilityTests {
    @Test func aPassKilledTwentyTimesLosesNothing() async throws {
        try await CopyTestInstance.with { test in
            let bed = try await FolderBed.make(test)
            for n in 0..<4 { try bed.write("seed \(n)", to: "seed\(n).md") }
            try await bed.pass()
            let registry = test.folder.appendingPathComponent("folders.json").path
            var killed = 0
            for round in 0..<20 {
                for n in 0..<3 { try bed.write("round \(round) file \(n)", to: "r\(round)/r\(round)f\(n).md") }
                try bed.write("seed 0 changed in round \(round)", to: "seed0.md")
                if let seed = try await bed.note(titled: "seed1") {
                    try await test.updateItem(
                        seed.id, properties: #"{"body": "seed 1 changed elsewhere in \#(round)"}"#)
                }
                let steps = 1 + round % 5
                let run = try await killProbe(
                    ["folder-sync", bed.directory.path, test.instance.url.absoluteString, test.ownerKey, registry]
                ) { said in said.components(separatedBy: "step ").count > steps || said.contains("passed") }
                if run.killed { killed += 1 }
            }
            #expect(killed >= 15, "most passes were killed part way")

            try await bed.pass()
            let settled = try await bed.pass()
            #expect(settled.scan.created == 0 && settled.scan.changed == 0 && settled.pull?.written == 0)
            let notes = try await bed.notes()
            let files = try FileManager.default.subpathsOfDirectory(atPath: bed.directory.path)
                .filter { $0.hasSuffix(".md") && !$0.hasPrefix(".marfa") }
            #expect(notes.count == files.count, "one item for each file, none twice")
            for path in files {
                let title = String(path.split(separator: "/").last!.dropLast(3))
                #expect(notes[title] == bed.read(path), "\(path) and its item hold the same text")
            }
            #expect(files.count == 4 + 20 * 3)
            #expect(notes["seed0"] == "seed 0 changed in round 19")
            #expect(notes["seed1"] == "seed 1 changed elsewhere in 19")
        }
    }
}
