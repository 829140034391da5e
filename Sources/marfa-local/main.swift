// `marfa-local --data DIR --port N [--host H] [--owner-password P] [--requests-per-minute N]`: runs a
// local Marfa instance
// until SIGINT or SIGTERM, printing its URL and, on the first start of DIR, the owner's key.
import Dispatch
import Foundation
import MarfaLocal

/// The command line, read.
struct Arguments {
    var data: String?
    var port = 8787
    var host = "127.0.0.1"
    var ownerPassword: String?
    /// Requests per credential per minute; 0 turns the limiter off.
    var requestsPerMinute: Int?

    static let usage = "usage: marfa-local --data DIR --port N [--host H] [--owner-password P] [--requests-per-minute N (0: no limit)]"

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--help" || flag == "-h" { throw Failure(message: Self.usage, status: 0) }
            guard let value = rest.popFirst() else { throw Failure(message: "\(flag) needs a value\n\(Self.usage)") }
            switch flag {
            case "--data": data = value
            case "--port":
                guard let number = Int(value), (0...65535).contains(number) else { throw Failure(message: "--port must be 0 to 65535") }
                port = number
            case "--host": host = value
            case "--owner-password": ownerPassword = value
            case "--requests-per-minute":
                guard let number = Int(value), number >= 0 else { throw Failure(message: "--requests-per-minute must be 0 or more") }
                requestsPerMinute = number
            default: throw Failure(message: "unknown option \(flag)\n\(Self.usage)")
            }
        }
        guard data != nil else { throw Failure(message: "--data is required\n\(Self.usage)") }
    }

    struct Failure: Error {
        var message: String
        var status: Int32 = 2
    }
}

func standardError(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }
func say(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }

let arguments: Arguments
do {
    arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
} catch let failure as Arguments.Failure {
    standardError(failure.message)
    exit(failure.status)
}

// Stop on SIGINT and SIGTERM: the default actions are replaced by dispatch sources.
signal(SIGINT, SIG_IGN)
signal(SIGTERM, SIG_IGN)
let stopRequested = AsyncStream<Int32>.makeStream()
var signalSources: [any DispatchSourceSignal] = []
for number in [SIGINT, SIGTERM] {
    let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
    source.setEventHandler { stopRequested.continuation.yield(number) }
    source.resume()
    signalSources.append(source)
}

let task = Task {
    do {
        var options = LocalInstance.Options()
        if let limit = arguments.requestsPerMinute { options.requestsPerMinute = limit == 0 ? nil : limit }
        let instance = try await LocalInstance.start(
            dataDirectory: URL(fileURLWithPath: arguments.data!, isDirectory: true), host: arguments.host,
            port: arguments.port, ownerPassword: arguments.ownerPassword, options: options)
        say("marfa-local: instance \(instance.instanceID) answering at \(instance.url)")
        say("marfa-local: data in \(instance.dataDirectory.path)")
        if let key = instance.bootstrapKey {
            say("marfa-local: the owner's key (shown once, keep it): \(key)")
        }
        if let password = instance.generatedOwnerPassword {
            say("marfa-local: the owner password for sign-in pages (shown once, keep it): \(password)")
        }
        for await _ in stopRequested.stream { break }
        say("marfa-local: stopping")
        await instance.stop()
        say("marfa-local: stopped")
        exit(0)
    } catch {
        standardError("marfa-local: \(error)")
        exit(1)
    }
}
dispatchMain()
