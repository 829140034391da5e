import Foundation

/// One frame of the copy stream: an event with its id, or a marker.
struct CopyFrame: Sendable {
    /// The event id, on event frames only.
    var id: String?
    var frame: Components.Schemas.EventFrame

    init(id: String?, data: String) throws(MarfaError) {
        self.id = id
        do {
            frame = try JSONCoding.makeDecoder().decode(Components.Schemas.EventFrame.self, from: Data(data.utf8))
        } catch {
            throw .decoding(message: "A frame of the server's event stream couldn't be read: \(error)")
        }
    }
}
