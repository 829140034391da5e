import Foundation
import MarfaOpenAPIRuntime
import Synchronization

/// How one request ended. Nothing is retried whatever the outcome.
enum SendOutcome: Sendable, Hashable {
    /// The receiver answered 2xx.
    case delivered
    /// The receiver answered another status.
    case refused(status: Int)
    /// No answer: the connection failed or a time limit ran out.
    case failed
    /// Reporting was turned off, or the send's task was canceled, while it was under way.
    case canceled
    /// The body could not be encoded or compressed.
    case unencodable
}

/// Turns pending reports into gzip-compressed requests and sends them, one attempt each.
final class TelemetrySender: Sendable {
    private let makeTransport: @Sendable () -> any ClientTransport
    private let transport = Mutex<(any ClientTransport)?>(nil)
    private let installIDs = Mutex<[URL?: String]>([:])

    init(makeTransport: @escaping @Sendable () -> any ClientTransport = TelemetryTransport.make) {
        self.makeTransport = makeTransport
    }

    /// Sends one `$exception` event to the capture endpoint.
    func send(_ exception: PendingException, configuration: Telemetry.Configuration) async -> SendOutcome {
        let distinctID = await installID(for: configuration)
        let event = ExceptionEvent(exception, configuration: configuration, distinctID: distinctID)
        return await post(event, path: "/i/v0/e/", authorization: nil, to: configuration.destination)
    }

    /// Sends one batch of log records to the OTLP logs endpoint.
    func send(_ batch: LogBatch) async -> SendOutcome {
        let distinctID = await installID(for: batch.configuration)
        let request = OTLPLogsRequest(batch, distinctID: distinctID)
        let destination = batch.configuration.destination
        return await post(
            request, path: "/i/v1/logs", authorization: "Bearer \(destination.projectToken)", to: destination)
    }

    private func post(
        _ payload: some Encodable, path: String, authorization: String?, to destination: Telemetry.Destination
    ) async -> SendOutcome {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        guard let json = try? encoder.encode(payload), let body = Gzip.compress(Array(json)) else {
            return .unencodable
        }
        var headers: HTTPFields = [
            "Content-Type": "application/json", "Content-Encoding": "gzip",
            "User-Agent": "\(TelemetryLibrary.name)/\(TelemetryLibrary.version)",
        ]
        if let authorization { headers["Authorization"] = authorization }
        let request = HTTPRequest(method: .post, path: path, headerFields: headers)
        do {
            let (response, responseBody) = try await currentTransport().send(
                request, body: HTTPBody(body), baseURL: destination.host, operationID: "telemetry")
            _ = try? await responseBody?.collect(upTo: 64 << 10)
            return (200..<300).contains(response.status) ? .delivered : .refused(status: response.status.code)
        } catch {
            return Task.isCancelled || error is CancellationError ? .canceled : .failed
        }
    }

    private func currentTransport() -> any ClientTransport {
        transport.withLock { transport in
            if let transport { return transport }
            let made = makeTransport()
            transport = made
            return made
        }
    }

    /// The install's distinct ID for `configuration`, read or made once, off the cooperative pool.
    func installID(for configuration: Telemetry.Configuration) async -> String {
        let file = configuration.installIDFile ?? InstallID.defaultFile(serviceName: configuration.serviceName)
        if let known = installIDs.withLock({ $0[file] }) { return known }
        let loaded = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async { continuation.resume(returning: InstallID.load(from: file)) }
        }
        return installIDs.withLock { ids in
            if let known = ids[file] { return known }
            ids[file] = loaded
            return loaded
        }
    }
}
