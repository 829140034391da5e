import Foundation

/// One pass over the queue, in queue order: each unanswered write whose writes ahead are answered
/// is sent once under its idempotency key and its verdict recorded with the server's row.
///
/// A write behind an unanswered or held one waits; one that depends on a refused or dead write is
/// refused unsent. The network, a proxy, the server's own troubles and a contract change end the
/// pass with the write still queued under its key and uncounted. A 401 the credential can't be
/// renewed past parks the queue (the middleware renews once and resends before that). A retype
/// that was answered expires the copy, after its verdict is recorded.
struct QueueDrain: Sendable {
    static let refusalCeiling = 5

    let sender: WriteSender
    let wire: CopyWire
    let store: SQLiteCopyStore

    func run() async throws(MarfaError) -> (DrainReport, MarfaError?) {
        let (writes, answered) = try await store.pendingQueue()
        var pass = DrainPass(pending: writes, answered: answered)
        var recorder = VerdictRecorder(store: store)
        do throws(MarfaError) {
            for write in writes where !pass.ended {
                if Task.isCancelled { throw .canceled }
                switch pass.step(for: write) {
                case .refuseUnsent(let refusal):
                    try await recorder.settle()
                    try await store.record(.refused(refusal), for: write, answer: nil, refusals: write.refusals)
                    try await rollBack(write)
                    pass.noteUnsent(refusal, for: write)
                case .hold: pass.report.held += 1
                case .send: try await send(write, pass: &pass, recorder: &recorder)
                }
            }
            try await recorder.settle()
        } catch {
            try? await recorder.settle()
            throw error
        }
        if Task.isCancelled && pass.report.unavailable != nil { throw .canceled }
        return (pass.report, pass.expiry)
    }

    private func send(
        _ write: QueuedWrite, pass: inout DrainPass, recorder: inout VerdictRecorder
    ) async throws(MarfaError) {
        // Only an upload and an update after this pass's own write read the store before sending.
        if write.kind == .uploadBlob || write.follows != nil {
            try await recorder.settle()
        } else {
            try await recorder.startIfDue()
        }
        let version = try await baseVersion(for: write, pass: pass)
        var request = WriteRequest(write, version: version)
        if write.kind == .uploadBlob {
            let step = try await uploadStep(for: write)
            if try await settleWithoutSending(write, step: step, pass: &pass) { return }
            if case .send(let upload) = step { request.upload = upload }
        }
        let result: SendResult
        do {
            result = Self.checked(
                VerdictRules.verdict(for: try await sender.send(request, idempotencyKey: write.idempotencyKey)),
                for: write)
        } catch {
            result = VerdictRules.failure(error)
        }
        if case .answered(let verdict, let answer) = result, verdict.isSuccess, !DrainPass.retypes(write) {
            pass.note(verdict, for: write, replayed: answer.replayed)
            recorder.add(AnsweredWrite(verdict: verdict, write: write, answer: answer, refusals: write.refusals))
            return
        }
        // Anything but a plain success is recorded after every success before it.
        try await recorder.settle()
        try await take(result, for: write, pass: &pass)
    }

    /// Records what the server's answer (or its absence) made of `write`, other than a plain success.
    private func take(_ result: SendResult, for write: QueuedWrite, pass: inout DrainPass) async throws(MarfaError) {
        switch result {
        case .answered(let verdict, let answer):
            try await store.record(verdict, for: write, answer: answer, refusals: write.refusals)
            if case .refused = verdict { try await rollBack(write) }
            pass.note(verdict, for: write, replayed: answer.replayed)
            if answer.status == 403, let source = WireErrorEnvelope(answer.json).source,
                !pass.report.unclaimedSources.contains(source)
            {
                pass.report.unclaimedSources.append(source)
            }
            if pass.expiry != nil { try await store.expire(reason: "read_view_changed") }
            if case .blocked(.credentialRefused, let refusal) = verdict, answer.status == 401 {
                pass.report.stopped = refusal?.message ?? "The server refused the key."
                pass.ended = true
            }
        case .parked(let refusal):
            try await store.record(
                .blocked(reason: .credentialRefused, refusal: refusal), for: write, answer: nil,
                refusals: write.refusals)
            pass.note(.blocked(reason: .credentialRefused, refusal: refusal), for: write)
            pass.report.stopped = refusal.message ?? "The sign-in was refused."
            pass.ended = true
        case .undelivered(let error, let wait):
            pass.endUndelivered(error.message, retryAfter: wait)
        case .counted(let reason):
            let refusals = write.refusals + 1
            pass.report.unmade += 1
            if refusals >= Self.refusalCeiling {
                try await store.record(.dead, for: write, answer: nil, refusals: refusals)
                pass.note(.dead, for: write)
            } else {
                try await store.count(write, refusals: refusals, reason: reason)
            }
        }
    }

    /// A write queued behind this copy's own earlier, answered write to the same row is sent on
    /// the version that answer left; any other on the version it was based on.
    private func baseVersion(for write: QueuedWrite, pass: DrainPass) async throws(MarfaError) -> Int64? {
        guard write.kind == .updateItem || write.kind == .updateEdge else { return nil }
        guard let follows = write.follows, pass.verdicts[follows]?.isSuccess == true else { return write.baseVersion }
        if write.kind == .updateItem, let id = write.itemId {
            return try await store.heldVersion(of: id) ?? write.baseVersion
        }
        return write.baseVersion
    }

    /// Puts the row a refused write changed back to the server's copy.
    private func rollBack(_ write: QueuedWrite) async throws(MarfaError) {
        switch write.kind {
        case .createItem: try await store.dropCreated(itemId: write.itemId, edgeId: nil)
        case .createEdge: try await store.dropCreated(itemId: nil, edgeId: write.edgeId)
        case .updateEdge, .deleteEdge:
            guard let id = write.edgeId else { return }
            try await store.reset(edgeId: id, to: try? await wire.edge(id: id, view: try await store.heldView()))
        default:
            guard let id = write.itemId else { return }
            do {
                try await store.reset(itemId: id, to: try await wire.item(id: id, view: try await store.heldView()))
            } catch  where error.isOffline || error.isTransient || error.isHydrationNeeded {
                // Read again at the next drain: the row keeps the write's change until then.
            }
        }
    }
}
