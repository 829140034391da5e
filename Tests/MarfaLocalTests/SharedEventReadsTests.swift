import Foundation
import Testing

/// Followers of one key share their live reads of the event log (`SharedEventReads`); none of
/// them may miss an event that way, however the commits and the wakes interleave.
@Suite struct SharedEventReadsTests {
    @Test func followersOfOneKeyEachGetEveryEventOnceInOrderWhileWritersRace() async throws {
        try await LocalTestInstance.with { local in
            var followers: [EventStreamReader] = []
            for _ in 0..<8 {
                let follower = try await EventStreamReader.open(local)
                #expect(try await follower.nextEvent()?.event == "stream_cursor")
                #expect(try await follower.nextEvent()?.event == "stream_live")
                followers.append(follower)
            }
            let writers = 4
            let itemsEach = 25
            let created = try await withThrowingTaskGroup(of: [String].self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        var ids: [String] = []
                        for index in 0..<itemsEach {
                            ids.append(try await SearchTests.item(local, #"{"title":"w\#(writer)-\#(index)"}"#))
                        }
                        return ids
                    }
                }
                return try await group.reduce(into: Set<String>()) { $0.formUnion($1) }
            }
            #expect(created.count == writers * itemsEach)
            for follower in followers {
                let frames = try await follower.events(writers * itemsEach)
                let ids = frames.compactMap { $0.id.flatMap(Int64.init) }
                #expect(ids.count == writers * itemsEach)
                #expect(ids == ids.sorted() && Set(ids).count == ids.count, "\(ids)")
                #expect(Set(frames.compactMap { $0.data["item"]?["id"]?.string }) == created)
            }
        }
    }
}
