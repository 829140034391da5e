import Foundation

/// The media type a file is sent under, and the file type an attachment becomes.
enum MimeTypes {
    private static let byExtension: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "heic": "image/heic", "pdf": "application/pdf", "epub": "application/epub+zip",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "txt": "text/plain", "md": "text/markdown", "markdown": "text/markdown", "html": "text/html",
        "htm": "text/html",
        "json": "application/json", "csv": "text/csv", "mp3": "audio/mpeg", "m4a": "audio/mp4", "wav": "audio/wav",
        "mp4": "video/mp4", "m4v": "video/mp4", "mov": "video/quicktime", "zip": "application/zip",
    ]

    /// `given`, else the type the file's extension names, else `application/octet-stream`.
    static func forFile(_ file: URL, given: String?) -> String {
        if let given, !given.isEmpty { return given }
        return byExtension[file.pathExtension.lowercased()] ?? "application/octet-stream"
    }

    /// `given`, else `core.file.image`, `.audio` or `.video` by the media type, else `core.file`.
    static func fileType(for mimeType: String, given: String?) -> String {
        if let given { return given }
        switch mimeType.split(separator: "/").first {
        case "image": return "core.file.image"
        case "audio": return "core.file.audio"
        case "video": return "core.file.video"
        default: return "core.file"
        }
    }
}
