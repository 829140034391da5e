import Foundation
import FuzzSupport
import MarfaClock
import MarfaHTTP
import MarfaLocal
import MarfaOpenAPIRuntime

/// A local instance on loopback (in a temporary folder, on a manual clock, rate limit off) with a
/// registered client, a pending consent and a pending device code, and the means to post forms
/// to it as a same-origin browser would.
final class LocalOAuthFixture: Sendable {
    static let password = "fuzz-owner-password"
    static let redirect = "http://127.0.0.1:53682/callback"

    let instance: LocalInstance
    let transport = DefaultTransport.make()
    /// The live values a form's placeholders stand for.
    let values: [String: String]

    private init(instance: LocalInstance, values: [String: String]) {
        self.instance = instance
        self.values = values
    }

    var origin: String {
        instance.url.absoluteString.hasSuffix("/")
            ? String(instance.url.absoluteString.dropLast()) : instance.url.absoluteString
    }

    /// Starts the instance and prepares the client and the pending codes; a failure stops the run.
    static func start() -> LocalOAuthFixture {
        blocking {
            do {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "marfa-fuzz-oauth-\(UUID().uuidString)")
                var options = LocalInstance.Options(requestsPerMinute: nil, log: { _ in })
                options.clock = ManualClock()
                let instance = try await LocalInstance.start(
                    dataDirectory: folder, ownerPassword: password, options: options)
                let values = try await OAuthSetUp(url: instance.url, transport: DefaultTransport.make()).liveValues()
                if let missing = values.first(where: { $0.value.isEmpty }) {
                    FuzzFinding.report("the set-up made no \(missing.key)")
                }
                return LocalOAuthFixture(instance: instance, values: values)
            } catch {
                FuzzFinding.report("the local instance could not be prepared: \(error)")
            }
        }
    }

    /// `text` with each `{name}` of a live value replaced by that value, percent-encoded.
    func filled(_ text: String) -> String {
        var text = text
        for (name, value) in values where text.contains("{\(name)}") {
            text = text.replacingOccurrences(of: "{\(name)}", with: PercentEncoding.encode(value))
        }
        return text
    }

    /// Posts `form` to `path` from the instance's own origin; answers the status (3xx included).
    func post(_ path: String, form: String) async -> Int {
        let head = HTTPRequest(
            method: .post, path: path,
            headerFields: ["Content-Type": "application/x-www-form-urlencoded", "Origin": origin])
        do {
            let (response, body) = try await transport.send(
                head, body: HTTPBody(form), baseURL: instance.url, operationID: "fuzz")
            _ = try await body?.collect(upTo: 1 << 20)
            return response.status.code
        } catch HTTPClientError.redirected(_, let status, _, _) {
            return status
        } catch {
            FuzzFinding.report("POST \(path) with \(form.debugDescription) got no answer: \(error)")
        }
    }
}
