import Foundation

/// One frame of the copy stream: an event with its id, or a marker, read through `WireShapes`.
struct CopyFrame: Sendable {
    /// The event id, on event frames only.
    var id: String?
    var frame: Components.Schemas.EventFrame

    init(id: String?, data: String) throws(MarfaError) {
        self.id = id
        frame = try WireShapes.read(
            Components.Schemas.EventFrame.self, from: Data(data.utf8), what: "stream frame", direct: { $0 }
        ) { json throws(MarfaError) in
            try WireShapes.decode(
                Components.Schemas.EventFrame.self, from: try WireShapes.frame(json), what: "stream frame")
        }
    }
}
