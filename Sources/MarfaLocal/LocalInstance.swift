import Foundation
import MarfaClock
import MarfaDigest
import MarfaHTTP
import MarfaHTTPServer
import MarfaOpenAPIRuntime
import MarfaSQLite

/// A running local Marfa instance: the contract's operations on libmicrohttpd, its data in one
/// SQLite file in a data folder.
///
/// ```swift
/// let instance = try await LocalInstance.start(dataDirectory: folder, port: 8787)
/// print(instance.url, instance.bootstrapKey ?? "(key minted on an earlier start)")
/// await instance.stop()
/// ```
///
/// The first start on a folder creates the store, the instance's ID (a UUIDv7 kept for every later
/// start) and the owner's first key, whose plaintext is `bootstrapKey` on that start only. The key
/// and a generated owner password are stored only once the server listens: a start that fails
/// (a port in use) leaves the next start to mint them. They are also kept, owner-only, in the
/// folder's `owner-secrets.json`, which `marfa-local owner-key` reads.
public final class LocalInstance: Sendable {
    /// How an instance runs.
    public struct Options: Sendable {
        /// The name `GET /` answers.
        public var name: String
        /// Whether the first start mints the owner's key (`bootstrapKey`). Without it the instance
        /// starts with no key, and the first `POST /keys` needs no credential and mints the owner's.
        public var mintsOwnerKey: Bool
        /// Requests per credential per minute; nil turns the limiter (and its headers) off.
        public var requestsPerMinute: Int?
        /// The largest JSON body read; a larger one is `413 request_too_large`.
        public var maxBodyBytes: Int
        /// The largest blob `POST /blobs` stores (`defaultMaxBlobBytes`, 50 MiB, as the Marfa
        /// server's `MAX_BLOB_SIZE`); a larger one is `413 blob_too_large` and leaves nothing on
        /// disk. An upload is written to disk as it arrives, so the limit costs no memory.
        public var maxBlobBytes = Options.defaultMaxBlobBytes
        /// The blob limit unless one is given: 50 MiB.
        public static let defaultMaxBlobBytes = 50 << 20
        /// How many items a type move changes in one transaction (100 by default); a cancel is
        /// honoured between batches.
        public var typeMoveBatchSize = 100
        /// How long a type move waits between batches (none by default), so that tests can catch one
        /// mid-way.
        public var typeMovePause: Duration = .zero
        /// How long the search text of a write waits at most before it is indexed with the others
        /// of its batch (200 ms); a search indexes what waits first, so it never misses an item.
        public var searchIndexDelay: Duration = SearchIndexing.defaultDelay
        /// How often an event stream with nothing to send writes a `:ping` comment (30 s).
        public var eventPingInterval: Duration = .seconds(30)
        /// OAuth sign-in: token, code and device code lifetimes, device polling interval.
        public var signIn = SignInOptions()
        /// Where answers of status 500 are described; standard error by default.
        public var log: @Sendable (String) -> Void
        /// Where the instance reads the time and waits: stored timestamps, token, code, consent
        /// and key lifetimes, rate-limit and password-attempt windows, retention cutoffs, device
        /// polling pace, event-stream pings, and the pause between type-move batches. The real
        /// time by default; a test passes a `ManualClock` and moves it with `advance(by:)`.
        public var clock: any MarfaClock = SystemClock()

        public init(
            name: String = "Marfa (local)", mintsOwnerKey: Bool = true, requestsPerMinute: Int? = 1000,
            maxBodyBytes: Int = 8 << 20,
            log: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        ) {
            self.name = name
            self.mintsOwnerKey = mintsOwnerKey
            self.requestsPerMinute = requestsPerMinute
            self.maxBodyBytes = maxBodyBytes
            self.log = log
        }
    }

    /// Where the instance answers, such as `http://127.0.0.1:8787`.
    public let url: URL
    /// The instance's identity: a UUIDv7 minted on the first start and the same on every start of
    /// the same data folder.
    public let instanceID: String
    /// The owner's first key (`marfa_k1_…`), on the start that minted it; nil on later starts, since
    /// only its hash is stored.
    public let bootstrapKey: String?
    /// The owner password this start generated, because none was given and none was set on an
    /// earlier start; nil otherwise (only a salted hash is stored). The owner types it on the
    /// sign-in consent pages; `marfa-local` prints it.
    public let generatedOwnerPassword: String?
    /// The folder holding the instance's data.
    public let dataDirectory: URL

    private let server: MicroHTTPDServer
    let store: LocalStore

    private init(
        url: URL, instanceID: String, bootstrapKey: String?, generatedOwnerPassword: String?, dataDirectory: URL,
        server: MicroHTTPDServer, store: LocalStore
    ) {
        self.url = url
        self.instanceID = instanceID
        self.bootstrapKey = bootstrapKey
        self.generatedOwnerPassword = generatedOwnerPassword
        self.dataDirectory = dataDirectory
        self.server = server
        self.store = store
    }

    /// Opens (or creates) the store in `dataDirectory` and starts answering on `host`:`port`
    /// (0 picks a free port). `ownerPassword`, when given, becomes the owner's sign-in password;
    /// when none is given and none was set before, one is generated (`generatedOwnerPassword`).
    public static func start(
        dataDirectory: URL, host: String = "127.0.0.1", port: Int = 0, ownerPassword: String? = nil,
        options: Options = Options()
    ) async throws -> LocalInstance {
        let store = try await LocalStore.open(
            directory: dataDirectory, clock: options.clock, searchIndexDelay: options.searchIndexDelay)
        do {
            let owner = try await OwnerFirstStart.prepare(
                password: ownerPassword, mintsKey: options.mintsOwnerKey, store: store)
            let server = MicroHTTPDServer(
                configuration: .init(host: host, port: port, maxBodyBytes: options.maxBodyBytes * 2),
                refusal: LocalError.serverRefusal)
            let routes = RouteTable(server: server)
            let uploads = spoolUploads(on: server, into: BlobStore(dataDirectory: store.directory), options: options)
            let log = options.log
            var middlewares: [any ServerMiddleware] = [
                ResponseHeadersMiddleware { operation, error in log("marfa-local: \(operation) failed: \(error)") }
            ]
            if let limit = options.requestsPerMinute {
                middlewares.append(
                    RateLimitMiddleware(
                        limiter: RateLimiter(limit: limit, window: .seconds(60)), clock: store.clock,
                        isLiveCredential: { await KeyAuthenticationMiddleware.isLive($0, in: store) }))
            }
            let refusalMiddlewares = middlewares
            middlewares.append(KeyAuthenticationMiddleware(store: store))
            middlewares.append(QueryParameterMiddleware())
            middlewares.append(StrictJSONBodyMiddleware(maxBodyBytes: options.maxBodyBytes))
            middlewares.append(
                IdempotencyMiddleware(store: store, maxBodyBytes: options.maxBodyBytes, uploads: uploads))
            middlewares.append(OAuthDoorMiddleware(hostCheck: HostCheck(boundHost: host, boundPort: { server.port })))
            middlewares.append(ReadViewMiddleware(store: store))
            let api = LocalAPI(
                store: store, name: options.name, typeMoveBatchSize: max(1, options.typeMoveBatchSize),
                typeMovePause: options.typeMovePause, signIn: options.signIn,
                eventPingInterval: options.eventPingInterval,
                maxBlobBytes: options.maxBlobBytes, uploads: uploads)
            try api.registerHandlers(
                on: routes, configuration: Configuration(maxBodyBytes: options.maxBodyBytes), middlewares: middlewares)
            try routes.registerRefusals(behind: refusalMiddlewares)
            // The owner's key and password are stored in the transaction the server starts in.
            let minted: OwnerFirstStart.Minted
            do {
                minted = try await store.write { db in try owner.commit(in: db, store: store) { try server.start() } }
            } catch {
                await server.shutdown()
                throw error
            }
            do {
                try OwnerSecretsFile.keep(minted, in: dataDirectory)
            } catch {
                log(
                    "marfa-local: could not keep the owner's key for `marfa-local owner-key` in \(dataDirectory.path): \(error)"
                )
            }
            return LocalInstance(
                url: server.url, instanceID: store.instanceID, bootstrapKey: minted.key,
                generatedOwnerPassword: minted.password, dataDirectory: dataDirectory,
                server: server, store: store)
        } catch {
            await store.close()
            throw error
        }
    }

    /// Stops answering (requests under way finish first, up to a few seconds) and closes the store.
    /// Open event streams end first, each with a `stream_incomplete` frame (`server_stopping`)
    /// naming the last event it sent. A type move under way is cancelled and ends as failed
    /// (`interrupted`); the store's connections close once the server has stopped and the
    /// database calls already accepted are done; a handler still running after the cut-off finds
    /// the store closed.
    public func stop() async {
        await store.events.stop()
        await server.shutdown()
        await store.background.stopAll()
        await store.close()
    }

    /// Has `server` write `POST /blobs` bodies into `blobs` as they arrive, up to the blob limit,
    /// after removing what an earlier run left half written; answers where the door finds them.
    private static func spoolUploads(
        on server: MicroHTTPDServer, into blobs: BlobStore, options: Options
    ) -> SpooledUploads {
        let uploads = SpooledUploads()
        blobs.removeAbandonedUploads()
        server.spoolBodies(method: .post, path: "/blobs") { [limit = options.maxBlobBytes] _ in
            BlobUploadSpool(folder: blobs.folder, limit: limit, uploads: uploads)
        }
        return uploads
    }

    /// Returns when `stop()` begins.
    public func untilStopping() async { await server.untilStopping() }
}
