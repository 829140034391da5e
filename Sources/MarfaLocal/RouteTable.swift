import MarfaHTTP
import MarfaHTTPServer
import MarfaOpenAPIRuntime

/// The server transport as the generated code sees it: routes pass through to the HTTP server and
/// are remembered, so that afterwards every other method on a known path, and every unknown path,
/// is answered with the error envelope (`405 method_not_allowed`, `404 not_found`) behind the same
/// middlewares instead of the HTTP server's plain text.
final class RouteTable: ServerTransport, @unchecked Sendable {
    let server: MicroHTTPDServer
    private(set) var methodsByPath: [String: [HTTPMethod]] = [:]
    /// The older hand-made sign-in's doors, served by the handlers they stand for.
    let seedDoors = SeedSignInDoors()

    init(server: MicroHTTPDServer) { self.server = server }

    func register(_ handler: @escaping ServerHandler, method: HTTPMethod, path: String) throws {
        let handler = seedDoors.handler(handler, method: method, path: path)
        try server.register(handler, method: method, path: path)
        methodsByPath[path, default: []].append(method)
        if let alias = seedDoors.alias(method: method, path: path) {
            try server.register(handler, method: method, path: alias)
            methodsByPath[alias, default: []].append(method)
        }
    }

    /// Registers the refusals for unknown methods and paths behind `middlewares`.
    func registerRefusals(behind middlewares: [any ServerMiddleware]) throws {
        let candidates: [HTTPMethod] = [.get, .post, .put, .patch, .delete]
        for (path, methods) in methodsByPath {
            let allowed = methods.map(\.rawValue).joined(separator: ", ")
            for method in candidates where !methods.contains(method) {
                try server.register(
                    { request, body, metadata in
                        try await MiddlewareChain.run(
                            middlewares[...], request, body, metadata, operationID: "methodNotAllowed"
                        ) { request, _, _ in
                            var refusal = LocalError(
                                405, "method_not_allowed",
                                "\(request.method) is not allowed on this path; use \(allowed).")
                            refusal.headers = [("Allow", allowed)]
                            throw refusal
                        }
                    }, method: method, path: path)
            }
        }
        server.registerFallback { request, body, metadata in
            try await MiddlewareChain.run(middlewares[...], request, body, metadata, operationID: "notFound") {
                request, _, _ in
                throw LocalError.notFound("not_found", "Nothing is at \(request.pathOnly).")
            }
        }
    }
}
