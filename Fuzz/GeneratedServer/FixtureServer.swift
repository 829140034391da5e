import Foundation
import FuzzSupport
import MarfaOpenAPIRuntime

/// The fixtures' generated handlers, registered on a router in memory, as a server transport
/// would hold them. A request the handlers cannot read must be refused with 400, 413 or 415
/// (the generated server's promise); one they can read is answered 200 or 204.
final class FixtureServer: ServerTransport, Sendable {
    private let router = PathRouter<ServerHandler>()
    static let answered: Set<Int> = [200, 204, 400, 413, 415]

    init() {
        let configuration = Configuration(maxBodyBytes: 1 << 16)
        do {
            try ParametersServer().registerHandlers(on: self, configuration: configuration)
            try BodiesServer().registerHandlers(on: self, configuration: configuration)
        } catch {
            FuzzFinding.report("the fixtures' handlers could not be registered: \(error)")
        }
    }

    func register(_ handler: @escaping ServerHandler, method: HTTPMethod, path: String) throws {
        try router.register(handler, method: method, template: path)
    }

    /// Routes `request` and checks the handler's answer.
    func answer(_ request: RawRequest) async {
        guard
            case .found(let handler, let parameters) = router.match(
                method: request.head.method, path: request.head.pathOnly)
        else { return }
        let body = request.body.map { HTTPBody($0) }
        do {
            let (response, responseBody) = try await handler(
                request.head, body, ServerRequestMetadata(pathParameters: parameters))
            guard Self.answered.contains(response.status.code) else {
                FuzzFinding.report("\(request.head.method) \(request.head.path) was answered \(response.status)")
            }
            _ = try await responseBody?.collect(upTo: 1 << 20)
        } catch {
            FuzzFinding.report("\(request.head.method) \(request.head.path) threw instead of answering: \(error)")
        }
    }
}
