#if canImport(CCurl)
extension CurlTransport {
    /// Settings of a transport, fixed when it is made.
    public struct Configuration: Sendable, Hashable {
        /// The longest a whole call may take, from `send` until the last byte of the response body
        /// has arrived; nil for no limit (needed for event streams). Default: nil.
        public var deadline: Duration?
        /// The longest the server may stay silent while the transport waits for it: for the first
        /// byte of the answer and between parts of a streamed body. Time the transport spends waiting
        /// for the caller (a slow reader of the body, a slow request body) does not count. nil for no
        /// limit. Default: 60 s.
        public var idleTimeout: Duration?
        /// The longest connecting (DNS, TCP, TLS) may take. Default: 10 s.
        public var connectTimeout: Duration
        /// The largest response head (status line and fields) accepted. Default: 64 KiB.
        public var maxResponseHeadBytes: Int
        /// How many bytes of a response body may wait for the reader before the transfer is paused
        /// (at least 16 KiB). Default: 1 MiB.
        public var responseBufferBytes: Int
        /// How many bytes of a streamed request body may wait for the network (at least 16 KiB).
        /// Default: 256 KiB.
        public var requestBufferBytes: Int
        /// The most connections open at once to one host, 0 for no limit. Default: 0.
        public var maxConnectionsPerHost: Int
        /// The most idle connections kept open for reuse, nil for libcurl's choice. Default: nil.
        public var maxIdleConnections: Int?
        /// A PEM file of certificate authorities to trust instead of the system's. TLS certificates
        /// and host names are always verified; there is no way to turn that off.
        public var trustedCertificatesFile: String?

        public init(
            deadline: Duration? = nil,
            idleTimeout: Duration? = .seconds(60),
            connectTimeout: Duration = .seconds(10),
            maxResponseHeadBytes: Int = 64 << 10,
            responseBufferBytes: Int = 1 << 20,
            requestBufferBytes: Int = 256 << 10,
            maxConnectionsPerHost: Int = 0,
            maxIdleConnections: Int? = nil,
            trustedCertificatesFile: String? = nil
        ) {
            self.deadline = deadline
            self.idleTimeout = idleTimeout
            self.connectTimeout = connectTimeout
            self.maxResponseHeadBytes = maxResponseHeadBytes
            self.responseBufferBytes = responseBufferBytes
            self.requestBufferBytes = requestBufferBytes
            self.maxConnectionsPerHost = maxConnectionsPerHost
            self.maxIdleConnections = maxIdleConnections
            self.trustedCertificatesFile = trustedCertificatesFile
        }

        /// The time limits of calls that set none of their own.
        public var limits: Limits { Limits(deadline: deadline, idleTimeout: idleTimeout) }
    }

    /// The time limits of one call; the same type every transport of this module reads.
    public typealias Limits = TransportLimits

    /// The limits for a call starting now: the task's, else this configuration's.
    static func limits(for configuration: Configuration) -> Limits {
        TransportLimits.current ?? configuration.limits
    }
}
#endif
