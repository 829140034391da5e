import Foundation

/// One frame of the copy stream: an event with its id, or a marker, read through `WireShapes`.
struct CopyFrame: Sendable {
    /// The event id, on event frames only.
    var id: String?
    var frame: Components.Schemas.EventFrame

    /// The frame of `data`; `event` is the SSE `event:` line, which names the kind for a server
    /// whose data names none.
    init(id: String?, event: String? = nil, data: String) throws(MarfaError) {
        self.id = id
        frame = try WireShapes.read(
            Components.Schemas.EventFrame.self, from: Array(data.utf8), what: "stream frame", direct: { $0 }
        ) { json throws(MarfaError) in
            try WireShapes.decode(
                Components.Schemas.EventFrame.self, from: try WireShapes.frame(json, named: event), what: "stream frame"
            )
        }
    }
}
