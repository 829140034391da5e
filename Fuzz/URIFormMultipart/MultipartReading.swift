import FuzzSupport
import MarfaOpenAPIRuntime

/// Multipart bodies: the first line is the `Content-Type`, the rest the body. What was read is
/// written and read again to the same parts.
enum MultipartReading {
    static func check(_ bytes: [UInt8]) {
        let newline = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
        let contentType = String(decoding: bytes[..<newline], as: UTF8.self)
        let body = Array(bytes[min(bytes.endIndex, newline + 1)...])
        guard let parsed = try? MultipartBody(parsing: body, contentType: contentType) else { return }
        for part in parsed.parts { _ = (part.name, part.filename) }
        let written = blocking { [parsed] in try? await parsed.encoded().collect(upTo: .max) } ?? []
        let again = try? MultipartBody(
            parsing: written, contentType: "multipart/form-data; boundary=\(parsed.boundary)")
        if again?.parts != parsed.parts {
            FuzzFinding.report(
                "parts \(parsed.parts) written with boundary \(parsed.boundary.debugDescription) read back as \(String(describing: again?.parts))"
            )
        }
    }
}
