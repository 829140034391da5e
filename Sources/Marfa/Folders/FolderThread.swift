import Foundation

/// Where a folder's blocking file-system work runs (walks, reads, writes, `fsync`, renames,
/// `flock`, the registry): a queue of its own, never a thread of the cooperative pool.
enum FolderThread {
    private static let queue = DispatchQueue(label: "marfa.folders", qos: .userInitiated, attributes: .concurrent)

    /// Runs `work` on the folder queue and answers what it returns or throws.
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws(MarfaError) -> T) async throws(MarfaError) -> T {
        let result: Result<T, MarfaError> = await withCheckedContinuation { continuation in
            queue.async {
                do throws(MarfaError) {
                    continuation.resume(returning: .success(try work()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }
}
