import Foundation

/// Where the blob folder's blocking calls run (reads, writes, `fsync`, renames): a queue of
/// its own, never a thread of the cooperative pool.
enum BlobThread {
    private static let queue = DispatchQueue(label: "marfa.blobs", qos: .userInitiated, attributes: .concurrent)

    /// Runs `work` on the blob queue and answers what it returns or throws.
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
