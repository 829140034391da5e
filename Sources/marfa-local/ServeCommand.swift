import Dispatch
import Foundation
import MarfaLocal

/// `marfa-local --data DIR [--port N] ...`: runs a local instance until SIGINT or SIGTERM.
struct ServeCommand {
    static let usage = """
        usage: marfa-local --data DIR [--port N] [--host H] [--owner-password P] [--requests-per-minute N]
                           [--max-blob-bytes N]

        Runs a local Marfa instance with its data in DIR until interrupted (SIGINT or SIGTERM).
        The first start of DIR that listens mints the owner's key and an owner password for the
        sign-in pages, prints them once, and keeps them owner-only in DIR (marfa-local owner-key).

          --data DIR                 the data folder (created owner-only when missing)
          --port N                   the port, 0 to 65535 (8787; 0 picks a free one)
          --host H                   the address to listen on (127.0.0.1)
          --owner-password P         set the owner password instead of generating one
          --requests-per-minute N    requests per credential per minute (1000; 0: no limit)
          --max-blob-bytes N         the largest blob POST /blobs stores (52428800, 50 MiB, as
                                     the Marfa server's MAX_BLOB_SIZE); uploads go to disk as
                                     they arrive, so a large limit costs no memory

        Commands on DIR, run on the instance's machine (each takes --help):
          marfa-local owner-key --data DIR           the owner's key and password, again
          marfa-local approve CODE --data DIR        approve a device sign-in as the owner
          marfa-local key create --scope S --data DIR  mint a key holding scopes

        Exit status: 0 done, 1 refused (nothing to approve, nothing kept), 2 a wrong command line or
        a folder holding no instance, 3 the machine failed (a port in use, a file unusable).
        """

    var data: URL
    var port = 8787
    var host = "127.0.0.1"
    var ownerPassword: String?
    var requestsPerMinute: Int?
    var maxBlobBytes = LocalInstance.Options.defaultMaxBlobBytes

    init(_ words: ArraySlice<String>) throws {
        let options = try CommandOptions(
            words,
            options: ["--data", "--port", "--host", "--owner-password", "--requests-per-minute", "--max-blob-bytes"],
            usage: Self.usage)
        data = URL(fileURLWithPath: try options.required("--data", usage: Self.usage), isDirectory: true)
        if let text = options.value("--port") {
            guard let number = Int(text), (0...65535).contains(number) else {
                throw CommandFailure(message: "--port must be 0 to 65535")
            }
            port = number
        }
        if let text = options.value("--host") { host = text }
        ownerPassword = options.value("--owner-password")
        if let text = options.value("--requests-per-minute") {
            guard let number = Int(text), number >= 0 else {
                throw CommandFailure(message: "--requests-per-minute must be 0 or more")
            }
            requestsPerMinute = number
        }
        if let text = options.value("--max-blob-bytes") {
            guard let number = Int(text), number >= 0 else {
                throw CommandFailure(message: "--max-blob-bytes must be 0 or more")
            }
            maxBlobBytes = number
        }
    }

    /// Starts the instance, prints where it answers (and what this start minted), and stops it on
    /// the first SIGINT or SIGTERM.
    func run() async throws {
        let (stopRequested, signalSources) = Self.stopSignals()
        var options = LocalInstance.Options()
        if let limit = requestsPerMinute { options.requestsPerMinute = limit == 0 ? nil : limit }
        options.maxBlobBytes = maxBlobBytes
        let instance: LocalInstance
        do {
            instance = try await LocalInstance.start(
                dataDirectory: data, host: host, port: port, ownerPassword: ownerPassword, options: options)
        } catch {
            throw CommandFailure(
                message:
                    "marfa-local: \(error). Nothing was minted: start again once that is fixed (--port N for another port).",
                status: 3)
        }
        say("marfa-local: instance \(instance.instanceID) answering at \(instance.url)")
        say("marfa-local: data in \(instance.dataDirectory.path)")
        if let key = instance.bootstrapKey {
            say("marfa-local: the owner's key (shown once, keep it): \(key)")
        }
        if let password = instance.generatedOwnerPassword {
            say("marfa-local: the owner password for sign-in pages (shown once, keep it): \(password)")
        }
        if instance.bootstrapKey != nil || instance.generatedOwnerPassword != nil {
            say(
                "marfa-local: marfa-local owner-key --data \(instance.dataDirectory.path) shows them again on this machine"
            )
        }
        say("marfa-local: serving until interrupted (Ctrl-C)")
        for await _ in stopRequested { break }
        signalSources.forEach { $0.cancel() }
        say("marfa-local: stopping")
        await instance.stop()
        say("marfa-local: stopped")
    }

    /// SIGINT and SIGTERM as a stream: their default actions are replaced by dispatch sources.
    /// The sources are kept (and cancelled) by the caller.
    private static func stopSignals() -> (AsyncStream<Int32>, [any DispatchSourceSignal]) {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        let sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
        return (stream, sources)
    }
}
