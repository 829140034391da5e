import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Plain URLSession for comparison: one ephemeral session, data tasks with a completion handler
/// (the whole body in memory), no time limits, no streaming.
enum PlainURLSession {
    private static let session = URLSession(configuration: .ephemeral)

    /// Runs `concurrency` loops of GET `url` until `duration` has passed; answers requests and body bytes done.
    static func run(url: URL, concurrency: Int, duration: Duration) async throws -> (requests: Int, bytes: Int) {
        let end = ContinuousClock.now + duration
        return try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    var requests = 0
                    var bytes = 0
                    while ContinuousClock.now < end {
                        bytes += try await get(url)
                        requests += 1
                    }
                    return (requests, bytes)
                }
            }
            return try await group.reduce(into: (0, 0)) { total, one in
                total.requests += one.0
                total.bytes += one.1
            }
        }
    }

    /// One GET; answers the body's size.
    private static func get(_ url: URL) async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: url) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if (response as? HTTPURLResponse)?.statusCode != 200 {
                    continuation.resume(throwing: URLError(.badServerResponse))
                } else {
                    continuation.resume(returning: data?.count ?? 0)
                }
            }.resume()
        }
    }
}
