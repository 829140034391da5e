/// What the drain does with one send of a write.
enum SendResult: Sendable {
    /// The server answered with this verdict.
    case answered(Verdict, WriteAnswer)
    /// The network, the server's troubles or a proxy: the write stays queued under its key,
    /// uncounted, and the pass ends.
    case undelivered(MarfaError, retryAfter: UInt64?)
    /// Neither the network's fault nor a contract refusal: counted against the write.
    case counted(String)
    /// The credential was refused and renewing it was refused too (the sign-in ended): the write
    /// is parked `blocked(credentialRefused)` unanswered, and the pass ends.
    case parked(Refusal)
}

/// The rules that turn an answer into one of the six verdicts, from the server's status and its
/// error envelope's code and details.
enum VerdictRules {
    static func verdict(for answer: WriteAnswer) -> SendResult {
        let json = answer.json
        if (200..<300).contains(answer.status) { return .answered(success(json), answer) }
        let envelope = WireErrorEnvelope(json)
        let refusal = envelope.refusal
        switch (answer.status, envelope.code) {
        // A request timeout, too early (425), a key whose first send the server is still
        // working on, rate limits and the server's own troubles: sent again later, same key.
        case (408, _), (425, _), (429, _), (409, "idempotency_key_in_flight"), (500..., _):
            let message = envelope.message ?? "The server answered with status \(answer.status)."
            let wait = answer.retryAfter.flatMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
            let failure: MarfaError =
                answer.status == 429
                ? .rateLimited(code: envelope.code, message: message, retryAfterSeconds: wait)
                : .server(status: UInt16(clamping: answer.status), code: envelope.code, message: message)
            return .undelivered(failure, retryAfter: wait)
        case (401, _): return .answered(.blocked(reason: .credentialRefused, refusal: refusal), answer)
        case (403, _) where envelope.grant != nil || envelope.namesSource:
            return .answered(.blocked(reason: .credentialRefused, refusal: refusal), answer)
        case (422, "idempotency_key_reused"): return .answered(.blocked(reason: .keySpent, refusal: refusal), answer)
        case (409, "ancestor_unavailable"):
            return .answered(.blocked(reason: .ancestorUnavailable, refusal: refusal), answer)
        case (409, "version_conflict"):
            return .answered(.blocked(reason: .conflictUnresolved, refusal: refusal), answer)
        case (400..<500, _): return .answered(.refused(refusal), answer)
        default: return .counted("The server answered with status \(answer.status), which no rule covers.")
        }
    }

    /// `accepted`, or how `conflict=auto` resolved the write.
    private static func success(_ json: JSONValue?) -> Verdict {
        guard let resolution = WireConflictResolution(json) else { return .accepted }
        if let sibling = resolution.siblingId { return .conflicted(siblingId: sibling, fields: resolution.fields) }
        return .merged(fields: resolution.fields)
    }

    /// A failure thrown while sending: undelivered when the network, a proxy, a contract change
    /// or a key store that couldn't be reached is to blame (the write keeps its key), parked when
    /// the renewal of a refused credential was refused, counted otherwise.
    static func failure(_ error: MarfaError) -> SendResult {
        switch error {
        case .network, .noConnection, .unnamed, .redirected, .contractMismatch, .rateLimited, .canceled, .noKeychain:
            return .undelivered(error, retryAfter: error.retryAfterSeconds)
        case .signedOut, .unauthorized:
            let code = error.code.rawValue
            return .parked(Refusal(reason: code, code: code, message: error.message))
        case .server(let status, _, _) where status >= 500 || status == 408:
            return .undelivered(error, retryAfter: nil)
        default:
            return .counted(error.message)
        }
    }
}
