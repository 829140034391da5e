import Foundation
import MarfaOpenAPIRuntime
import MarfaTypes

/// Conditional reads: `X-Marfa-Read-View` on the eight doors a working copy reads through
/// (`conditionalReads`).
///
/// - A view that matches the credential's current one is certified: the operation runs with the
///   view in `RequestContext.current.readView` (item doors then add `listed`), and the answer
///   carries the same `X-Marfa-Read-View` back with `Cache-Control: no-store`. So do the refusals
///   a copy acts on: `404 item_not_found`/`edge_not_found`, `403 type_not_permitted`/
///   `edge_permission_denied`, and `403 forbidden` from `GET /keys/current`. Other refusals carry
///   neither.
/// - Another view is `409 read_view_changed`; a value that is not 64 lowercase hex characters is
///   `400 validation_error`.
/// - On any other GET the header is `400`; `GET /events` judges it itself (the copy stream). On
///   writes it is ignored.
struct ReadViewMiddleware: ServerMiddleware {
    let store: LocalStore

    static let header = "X-Marfa-Read-View"

    /// The operations that take `X-Marfa-Read-View`.
    static let conditionalReads: Set<String> = [
        "listItems", "getItem", "listItemEdges", "listEdges", "getEdge", "listTypes", "listEdgeTypes", "getCurrentKey",
    ]

    /// Refusals certified like answers, on every conditional read.
    static let certifiedRefusals: Set<String> = [
        "item_not_found", "edge_not_found", "type_not_permitted", "edge_permission_denied",
    ]

    /// The refusal for a view that is no longer the credential's, with exactly this body.
    static var viewChanged: LocalError {
        LocalError.conflict("read_view_changed", "The read view changed. Rebuild the working copy.")
    }

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard request.method == .get, let sent = request.headerFields[Self.header], operationID != "streamEvents" else {
            return try await next(request, body, metadata)
        }
        guard Self.conditionalReads.contains(operationID) else {
            throw LocalError.validation(
                "X-Marfa-Read-View is only for the copy stream and conditional reads.",
                details: ["header": .string(Self.header)])
        }
        guard ReadViews.isWellFormed(sent) else {
            throw LocalError.validation(
                "X-Marfa-Read-View must be 64 lowercase hex characters.", details: ["header": .string(Self.header)])
        }
        let key = try RequestContext.current.requireKey()
        let instanceID = store.instanceID
        let current = try await store.read { db in
            ReadViews.view(
                instanceID: instanceID, identity: key.viewIdentity, generation: try ReadViews.generation(in: db))
        }
        guard current == sent else { throw Self.viewChanged }
        var context = RequestContext.current
        context.readView = current
        do {
            var (response, responseBody) = try await RequestContext.$current.withValue(context) {
                try await next(request, body, metadata)
            }
            response.headerFields[Self.header] = current
            response.headerFields["Cache-Control"] = "no-store"
            return (response, responseBody)
        } catch var refusal as LocalError {
            if Self.certifiedRefusals.contains(refusal.code)
                || (operationID == "getCurrentKey" && refusal.code == "forbidden")
            {
                refusal.headers += [(Self.header, current), ("Cache-Control", "no-store")]
            }
            throw refusal
        }
    }
}
