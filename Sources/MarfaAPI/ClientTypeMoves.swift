import Foundation
import Marfa
import MarfaOpenAPIRuntime
import MarfaTypes

extension Client {
    /// What moving the items of `type` to `destination` would do: how many items it would change,
    /// whether some are out of the credential's reach, and the folders, views and webhooks that
    /// name `type` (each saying whether the move can rewrite it). Writes nothing.
    public func previewMove(
        ofType type: String, to destination: String, properties: JSONObject? = nil
    ) async throws -> Components.Schemas.TypeMovePreview {
        try await marfaCall {
            try await previewTypeMove(body: .json(.init(from: type, to: destination, properties: properties))).ok.body
                .json
        }
    }

    /// Starts a job on the instance that gives every item of `type` the credential can see, in any
    /// state, the type `destination`, and answers the job at once. `properties` merge into each
    /// item as it moves; a `null` value removes that property. Once no item of `type` remains, the
    /// job rewrites the folders, views and webhooks that name it.
    ///
    /// A setting that names `type` in a way the move cannot rewrite throws `server` with status
    /// 409 and the code `type_move_blocked`, and nothing moves.
    public func startMove(
        ofType type: String, to destination: String, properties: JSONObject? = nil
    ) async throws -> Components.Schemas.TypeMoveJob {
        try await marfaCall {
            try await startTypeMove(body: .json(.init(from: type, to: destination, properties: properties))).accepted
                .body.json
        }
    }

    /// Polls the move job `id` every `interval` until it is `completed`, `failed` or `canceled`,
    /// and answers it then. `progress` sees the job after every poll, the last one included.
    ///
    /// Canceling the calling task stops the wait (throwing `canceled`), not the job: use
    /// `cancel(moveJob:)` for that.
    public func follow(
        moveJob id: String, every interval: Duration = .seconds(1),
        progress: (@Sendable (Components.Schemas.TypeMoveJob) -> Void)? = nil
    ) async throws -> Components.Schemas.TypeMoveJob {
        guard interval > .zero else {
            throw MarfaError.invalid(message: "The polling interval must be longer than zero.")
        }
        while true {
            let job = try await marfaCall { try await getTypeMove(path: .init(id: id)).ok.body.json }
            progress?(job)
            if job.status != .running { return job }
            try await marfaCall { try await Task.sleep(for: interval) }
        }
    }

    /// The move job `id` after every poll, every `interval`, ending after the poll that finds it
    /// `completed`, `failed` or `canceled`. Ending the iteration stops the polling, not the job.
    public func moveProgress(
        ofJob id: String, every interval: Duration = .seconds(1)
    ) -> AsyncThrowingStream<Components.Schemas.TypeMoveJob, any Error> {
        let client = self
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let job = try await client.follow(moveJob: id, every: interval) { continuation.yield($0) }
                    _ = job
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Asks the instance to stop the move job `id`, and answers the job as it stands then. Items
    /// already moved stay moved; the job ends `canceled` and its result counts what remains.
    @discardableResult
    public func cancel(moveJob id: String) async throws -> Components.Schemas.TypeMoveJob {
        try await marfaCall { try await cancelTypeMove(path: .init(id: id)).ok.body.json }
    }
}
