extension MicroHTTPDServer {
    /// Settings of a server, fixed when it is made.
    public struct Configuration: Sendable, Hashable {
        /// The address to listen on: an IPv4 or IPv6 literal, or `localhost`. Default: 127.0.0.1.
        public var host: String
        /// The port to listen on; 0 picks a free one, reported by `port` after `start()`.
        public var port: Int
        /// The largest request body accepted; a longer one is answered 413. Default: 16 MiB.
        public var maxBodyBytes: Int
        /// The longest request target (path and query) answered; a longer one is 414. Default: 8 KiB.
        public var maxTargetBytes: Int
        /// The most bytes of header fields (names and values) answered; more is 431. Default: 32 KiB.
        public var maxHeaderBytes: Int
        /// The most header fields answered; more is 431. Default: 100.
        public var maxHeaderCount: Int
        /// How long a connection may stay silent before it is closed; nil for never. Connections
        /// waiting for a handler or for the next part of a streamed body are not timed. Default: 120 s.
        public var connectionTimeout: Duration?
        /// The most connections open at once. Default: 1000.
        public var maxConnections: Int
        /// How many bytes of a streamed response body may wait for the network before the task
        /// producing it waits. Default: 256 KiB.
        public var streamBufferBytes: Int
        /// How long `shutdown()` lets running handlers and open responses finish before it answers
        /// the rest 503 and closes their connections. Default: 5 s.
        public var shutdownGracePeriod: Duration

        public init(
            host: String = "127.0.0.1",
            port: Int = 0,
            maxBodyBytes: Int = 16 << 20,
            maxTargetBytes: Int = 8 << 10,
            maxHeaderBytes: Int = 32 << 10,
            maxHeaderCount: Int = 100,
            connectionTimeout: Duration? = .seconds(120),
            maxConnections: Int = 1000,
            streamBufferBytes: Int = 256 << 10,
            shutdownGracePeriod: Duration = .seconds(5)
        ) {
            self.host = host
            self.port = port
            self.maxBodyBytes = maxBodyBytes
            self.maxTargetBytes = maxTargetBytes
            self.maxHeaderBytes = maxHeaderBytes
            self.maxHeaderCount = maxHeaderCount
            self.connectionTimeout = connectionTimeout
            self.maxConnections = maxConnections
            self.streamBufferBytes = streamBufferBytes
            self.shutdownGracePeriod = shutdownGracePeriod
        }

        /// The memory libmicrohttpd may use per connection: room for a request head well past the
        /// limits above (144 KiB with the defaults), so the server refuses an oversized head itself,
        /// in its own words, rather than libmicrohttpd. A head past this room is still cut off by
        /// libmicrohttpd. No more than that: libmicrohttpd zeroes the whole of it after every request.
        var connectionMemoryBytes: Int {
            2 * (maxTargetBytes + maxHeaderBytes) + (64 << 10)
        }
    }

    /// Why `start()` failed.
    public enum StartError: Error, Sendable, Equatable, CustomStringConvertible {
        /// `host` is not an IP address literal or `localhost`.
        case invalidHost(String)
        /// `port` is outside 0...65535.
        case invalidPort(Int)
        /// The server was started before.
        case alreadyStarted
        /// libmicrohttpd could not start (the port is taken, or the address is not local).
        case daemonFailed(host: String, port: Int)

        public var description: String {
            switch self {
            case .invalidHost(let host): "\(host) is not an IP address or localhost"
            case .invalidPort(let port): "\(port) is not a TCP port"
            case .alreadyStarted: "The server was already started"
            case .daemonFailed(let host, let port): "The server could not listen on \(host) port \(port)"
            }
        }
    }
}
