import Foundation

/// How a drain sends an upload: the raw bytes streamed from the blob folder, under the same
/// idempotency key, verdict, retry and cut rules as every other write.
extension QueueDrain {
    /// What to do with an upload before a request.
    enum UploadStep: Sendable {
        /// Another upload of the same bytes was accepted: the server holds them, so none are sent.
        case held
        /// The bytes are gone from the device: refused without a request.
        case absent(Refusal)
        /// Send the bytes.
        case send(WriteRequest.Upload)
    }

    func uploadStep(for write: QueuedWrite) async throws(MarfaError) -> UploadStep {
        guard let hash = write.blob, let file = try? store.blobs.path(of: hash) else {
            let reason = "The upload names no blob."
            return .absent(Refusal(reason: reason, message: reason))
        }
        if try await store.uploadAccepted(of: hash, besides: write.id) { return .held }
        guard let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber else {
            let reason = "The bytes of \(hash) are no longer on the device."
            return .absent(Refusal(reason: reason, code: "bytes_absent", message: reason))
        }
        return .send(WriteRequest.Upload(file: file, size: size.int64Value))
    }

    /// Settles an upload that needs no request; false when it has to be sent.
    func settleWithoutSending(
        _ write: QueuedWrite, step: UploadStep, pass: inout DrainPass
    ) async throws(MarfaError) -> Bool {
        switch step {
        case .held:
            try await store.record(.accepted, for: write, answer: nil, refusals: write.refusals)
            pass.report.unsent += 1
            pass.note(.accepted, for: write)
            return true
        case .absent(let refusal):
            try await store.record(.refused(refusal), for: write, answer: nil, refusals: write.refusals)
            pass.noteUnsent(refusal, for: write)
            return true
        case .send:
            return false
        }
    }

    /// A success for an upload stands only when the server names the bytes as they were hashed.
    static func checked(_ result: SendResult, for write: QueuedWrite) -> SendResult {
        guard write.kind == .uploadBlob, case .answered(let verdict, let answer) = result, verdict.isSuccess else {
            return result
        }
        guard let named = answer.namedHash, named != write.blob else { return result }
        let reason = "The server named the uploaded bytes \(named), not \(write.blob ?? "")."
        return .answered(.refused(Refusal(reason: reason, code: "hash_mismatch", message: reason)), answer)
    }
}
