import Foundation
import Testing

@testable import Marfa

/// Stream frames and rows in the variations the official core reads from Marfa servers: the kind
/// on the SSE `event:` line alone, positions as numbers, versions with a zero fraction.
@Suite("Working copy: stream frames as servers send them")
struct WireFrameTests {
    static let item = #""item":{"id":"i1","type":"core.note","version":2.0,"properties":{}}"#

    @Test("a frame whose data names no kind takes it from the event: line")
    func kindFromTheEventLine() throws {
        let frame = try CopyFrame(id: "3", event: "item.created", data: "{\(Self.item)}")
        guard case .itemEventFrame(let event) = frame.frame else {
            Issue.record("read as \(frame.frame)")
            return
        }
        #expect(event.item.id == "i1")
        #expect(event.item.version == 2, "a version written 2.0 reads as 2")
    }

    @Test("the data's kind wins over the event: line, and a frame naming none anywhere is decoding")
    func dataKindFirst() throws {
        let frame = try CopyFrame(id: "3", event: "message", data: #"{"type":"item.updated",\#(Self.item)}"#)
        guard case .itemEventFrame(let event) = frame.frame else {
            Issue.record("read as \(frame.frame)")
            return
        }
        #expect(event.eventType.rawValue == "item.updated")
        #expect(throws: MarfaError.self) { try CopyFrame(id: "3", data: "{\(Self.item)}") }
        #expect(throws: MarfaError.self) { try CopyFrame(id: "3", event: "message", data: "{\(Self.item)}") }
    }

    @Test("stream_incomplete, catchup_too_old and cursor_ahead read with their positions as numbers")
    func positionsAsNumbers() throws {
        let ended = try CopyFrame(
            id: nil, event: "stream_incomplete", data: #"{"reason":"credential_ended","cursor":12}"#)
        guard case .streamIncompleteFrame(let marker) = ended.frame else {
            Issue.record("read as \(ended.frame)")
            return
        }
        #expect(marker.reason == .credentialEnded)
        #expect(marker.cursor == "12")
        let old = try CopyFrame(id: nil, data: #"{"type":"catchup_too_old","min_retained_id":40,"requested":"3"}"#)
        guard case .catchupTooOldFrame(let tooOld) = old.frame else {
            Issue.record("read as \(old.frame)")
            return
        }
        #expect(tooOld.minRetainedId == "40")
        let ahead = try CopyFrame(id: nil, data: #"{"event_type":"cursor_ahead","requested":90,"head":80}"#)
        guard case .cursorAheadFrame(let marker) = ahead.frame else {
            Issue.record("read as \(ahead.frame)")
            return
        }
        #expect(marker.head == "80")
        #expect(marker.requested == "90")
    }
}
