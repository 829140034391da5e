extension URLSessionTransport {
    /// Settings of a transport, fixed when it is made.
    public struct Configuration: Sendable, Hashable {
        /// The longest a whole call may take, from `send` until the last byte of the response body
        /// has arrived; nil for no limit (needed for event streams). Default: nil.
        public var deadline: Duration?
        /// The longest the server may stay silent while the transport waits for it: for the first
        /// byte of the answer (connecting included) and between parts of a streamed body. Time the
        /// transport spends waiting for the caller (a slow reader, a slow request body) does not
        /// count. nil for no limit. Default: 60 s.
        public var idleTimeout: Duration?
        /// The largest response head (status line and fields) accepted. Default: 64 KiB.
        public var maxResponseHeadBytes: Int
        /// How many bytes of a response body may wait for the reader before the transfer is
        /// suspended (at least 16 KiB). Default: 1 MiB. Only Apple's URLSession can suspend a
        /// transfer; FoundationNetworking on Linux cannot, so there more may wait.
        public var responseBufferBytes: Int
        /// How many bytes of a streamed request body may wait for the network (at least 16 KiB).
        /// On Linux, where a streamed body is read to its end before it is sent, up to this many
        /// bytes are kept in memory and a longer body in a temporary file. Default: 256 KiB.
        public var requestBufferBytes: Int
        /// The most connections open at once to one host, 0 for no limit. Default: 0.
        public var maxConnectionsPerHost: Int

        /// Settings with the defaults named on each property.
        public init(
            deadline: Duration? = nil,
            idleTimeout: Duration? = .seconds(60),
            maxResponseHeadBytes: Int = 64 << 10,
            responseBufferBytes: Int = 1 << 20,
            requestBufferBytes: Int = 256 << 10,
            maxConnectionsPerHost: Int = 0
        ) {
            self.deadline = deadline
            self.idleTimeout = idleTimeout
            self.maxResponseHeadBytes = maxResponseHeadBytes
            self.responseBufferBytes = responseBufferBytes
            self.requestBufferBytes = requestBufferBytes
            self.maxConnectionsPerHost = maxConnectionsPerHost
        }

        /// The time limits of calls that set none of their own.
        public var limits: TransportLimits { TransportLimits(deadline: deadline, idleTimeout: idleTimeout) }
    }
}
