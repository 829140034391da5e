import Foundation

/// One frame of the copy stream: an event with its id, or a marker, read through `WireShapes`.
struct CopyFrame: Sendable {
    /// The event id, on event frames only.
    var id: String?
    var frame: Components.Schemas.EventFrame

    init(id: String?, data: String) throws(MarfaError) {
        self.id = id
        let json: JSONValue
        do {
            json = try JSONCoding.decode(JSONValue.self, from: Data(data.utf8))
        } catch {
            throw .decoding(message: "A frame of the server's event stream isn't JSON.")
        }
        frame = try WireShapes.decode(Components.Schemas.EventFrame.self, from: try WireShapes.frame(json), what: "stream frame")
    }
}
