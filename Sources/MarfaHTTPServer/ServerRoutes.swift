import MarfaOpenAPIRuntime
import Synchronization

/// The handlers of a server by method and path template, plus one for paths no template matches.
final class ServerRoutes: Sendable {
    /// Where a request goes.
    enum Decision {
        case handler(ServerHandler, ServerRequestMetadata)
        case notFound
        case methodNotAllowed([HTTPMethod])
    }

    private struct State {
        var router = PathRouter<ServerHandler>()
        var fallback: ServerHandler?
    }
    private let state = Mutex(State())

    func register(_ handler: @escaping ServerHandler, method: HTTPMethod, template: String) throws {
        try state.withLock { try $0.router.register(handler, method: method, template: template) }
    }

    func registerFallback(_ handler: @escaping ServerHandler) {
        state.withLock { $0.fallback = handler }
    }

    /// The handler for `method` on `path` (without the query). The fallback takes paths no template matches.
    func route(method: HTTPMethod, path: Substring) -> Decision {
        state.withLock { state in
            switch state.router.match(method: method, path: path) {
            case .found(let handler, let parameters):
                return .handler(handler, ServerRequestMetadata(pathParameters: parameters))
            case .methodNotAllowed(let allowed):
                return .methodNotAllowed(allowed)
            case .notFound:
                if let fallback = state.fallback { return .handler(fallback, ServerRequestMetadata()) }
                return .notFound
            }
        }
    }
}
