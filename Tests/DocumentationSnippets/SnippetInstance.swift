import Foundation
import MarfaLocal
import Testing

/// A local instance in a fresh temporary folder for the snippets that run: `body` gets its address
/// and the owner's key, then the instance stops and the folder goes.
enum SnippetInstance {
    static func with<T>(_ body: (_ url: URL, _ ownerKey: String) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-docs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let instance = try await LocalInstance.start(dataDirectory: folder, options: .init(log: { _ in }))
        do {
            let result = try await body(instance.url, try #require(instance.bootstrapKey))
            await instance.stop()
            return result
        } catch {
            await instance.stop()
            throw error
        }
    }

    /// Port 9 (discard) on loopback: nothing listens, so every call fails at once and sends nothing.
    static let nothingListens = URL(string: "http://127.0.0.1:9")!
}
