// sqlite-probe: a second process for the MarfaSQLite tests.
//
//     sqlite-probe <database path> <count> [--hold]
//
// Opens the database through a `SQLitePool` and commits `count` transactions, the n-th inserting
// row n into `probe` and eight payload rows (about 15 KB) into `probe_payload`, printing `committed n` after each
// commit. With `--hold` it then prints `done` and waits for its standard input to close, so a test
// can always end it with SIGKILL. Exits 2 on bad arguments, 1 on a database error.
import Foundation
import MarfaSQLite

/// Writes `line` straight to standard output (unbuffered), so the reader sees it at once.
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, let count = Int(arguments[2]), count >= 0 else {
    FileHandle.standardError.write(Data("usage: sqlite-probe <database path> <count> [--hold]\n".utf8))
    exit(2)
}
let path = arguments[1]
let hold = arguments.dropFirst(3).contains("--hold")

do {
    let pool = try await SQLitePool.open(path: path)
    try await pool.write { db in
        try db.execute("CREATE TABLE IF NOT EXISTS probe (seq INTEGER PRIMARY KEY)")
        try db.execute(
            "CREATE TABLE IF NOT EXISTS probe_payload (seq INTEGER NOT NULL REFERENCES probe (seq), part INTEGER, body TEXT)"
        )
    }
    let filler = String(repeating: "marfa-probe-", count: 150)
    for sequence in stride(from: 1, through: count, by: 1) {
        try await pool.write { db in
            try db.run("INSERT INTO probe (seq) VALUES (?)", sequence)
            for part in 0..<8 {
                try db.run(
                    "INSERT INTO probe_payload (seq, part, body) VALUES (?, ?, ?)", sequence, part,
                    "\(sequence) \(filler)")
            }
        }
        report("committed \(sequence)")
    }
    if hold {
        report("done")
        _ = FileHandle.standardInput.readDataToEndOfFile()
    }
    await pool.close()
} catch {
    FileHandle.standardError.write(Data("sqlite-probe: \(error)\n".utf8))
    exit(1)
}
