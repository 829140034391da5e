import Foundation

/// Renders SVG to PNG with `rsvg-convert` (Debian librsvg2-bin; `make deps` installs it).
enum SVGRasterizer {
    static let path: String? = [
        "/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert", "/opt/homebrew/bin/rsvg-convert",
    ]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

    static var isAvailable: Bool { path != nil }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The PNG for `svg`, `size` pixels square, decoded.
    static func rasterize(_ svg: String, size: Int) throws -> PNGImage {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-icons-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("icon.svg")
        let output = folder.appendingPathComponent("icon.png")
        try Data(svg.utf8).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path ?? "rsvg-convert")
        process.arguments = ["-w", "\(size)", "-h", "\(size)", input.path, "-o", output.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "rsvg-convert exited with \(process.terminationStatus)")
        }
        return try PNGImage([UInt8](Data(contentsOf: output)))
    }
}
