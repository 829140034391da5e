import Foundation
import Marfa
import MarfaTesting
import Testing

@Suite("Fake copy: send and sendUpdate")
struct FakeFeedTests {
    @Test("send tells every changes() stream held")
    func send() async throws {
        let fake = Fixture.library()
        var first = fake.copy.changes().makeAsyncIterator()
        var second = fake.copy.changes().makeAsyncIterator()
        let change = Change(origin: .server(event: "item.updated", cursor: "42"), itemId: "n1")
        fake.send(change)
        #expect(await first.next() == change)
        #expect(await second.next() == change)
    }

    @Test("sendUpdate reaches every updates() sequence after the .local it starts with, once per change")
    func sendUpdate() async throws {
        let fake = Fixture.library()
        var updates = fake.copy.updates().makeAsyncIterator()
        #expect(await updates.next() == .local)
        let offline = CopyUpdate.offline(.noConnection(message: "The device is offline."))
        fake.sendUpdate(offline)
        fake.sendUpdate(offline)
        fake.sendUpdate(.stopped(.unauthorized(code: "unauthorized", message: "The key was refused.")))
        #expect(await updates.next() == offline)
        #expect(await updates.next() == .stopped(.unauthorized(code: "unauthorized", message: "The key was refused.")))
        var later = fake.copy.updates().makeAsyncIterator()
        #expect(await later.next() == .stopped(.unauthorized(code: "unauthorized", message: "The key was refused.")))
    }

    @Test("a fake copy is a working copy with no server: it reports .local and changes nothing by itself")
    func local() async throws {
        let fake = WorkingCopy.fake()
        var updates = fake.copy.updates().makeAsyncIterator()
        #expect(await updates.next() == .local)
        fake.sendUpdate(.local)
        fake.sendUpdate(.following)
        #expect(await updates.next() == .following)
    }
}
