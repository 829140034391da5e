import MarfaOpenAPIRuntime

/// How `URLSessionTransport` sends a request body: none, bytes in memory, a stream read while the
/// request goes out (Apple platforms), or a file it was spooled into (Linux, see `SpooledRequestBody`).
enum RequestBodyPlan: Sendable {
    case none
    case bytes([UInt8])
    #if canImport(FoundationNetworking)
    case file(SpooledRequestBody)
    #else
    case streamed(HTTPBody, length: Int64?)
    #endif

    /// The plan for `body`. POST, PUT and PATCH without a body send an empty one, as `CurlTransport`
    /// does. On Linux a streamed body is gathered first, in memory up to `memoryLimit` bytes;
    /// throws `invalidRequest` when it is not as long as it declared.
    static func make(body: HTTPBody?, method: String, memoryLimit: Int) async throws -> RequestBodyPlan {
        guard let body else { return RequestHeadRules.sendsEmptyBody(method) ? .bytes([]) : .none }
        if let bytes = body.bytesInMemory { return .bytes(bytes) }
        let declared: Int64? = if case .known(let count) = body.length { count } else { nil }
        #if canImport(FoundationNetworking)
        return try await SpooledRequestBody.gather(body, declared: declared, memoryLimit: memoryLimit)
        #else
        return .streamed(body, length: declared)
        #endif
    }
}
