import Foundation
import Marfa
import MarfaTesting
import Testing

@Suite("Fake copy: drains with scripted verdicts")
struct FakeDrainTests {
    static let tooLong = Refusal(
        reason: "validation_error", code: "validation_error", message: "The title is too long.")

    @Test("a create then a drain: the changes are the local write, its verdict, then the drain's end")
    func createThenDrain() async throws {
        let fake = Fixture.library()
        var changes = fake.copy.changes().makeAsyncIterator()
        let write = try await fake.copy.items.create(Draft(type: "app.note", properties: ["title": "New"], id: "new"))
        let report = try await fake.copy.queue.drain()
        #expect(
            report
                == DrainReport(
                    answered: 1,
                    verdicts: [DrainVerdict(id: write.id, kind: .createItem, itemId: "new", verdict: .accepted)]))
        let seen = await next(3, of: &changes)
        #expect(seen.map(\.origin) == [.local(.createItem), .answered(report.verdicts[0]), .refreshed(.drained)])
        #expect(seen.map(\.itemId) == ["new", "new", nil])
        #expect(try await fake.copy.items.get("new")?.version == 1)
        #expect(try await fake.copy.queue.all().map(\.verdict) == [.accepted])
        #expect(try await fake.copy.status().unsent == 0)
    }

    @Test("an accepted update moves the version on, and the next update goes on it")
    func acceptedUpdates() async throws {
        let fake = Fixture.library()
        _ = try await fake.copy.items.update("n1", Edit(.merge(["title": "One"]), baseVersion: 1))
        _ = try await fake.copy.items.update("n1", Edit(.merge(["body": "two"]), baseVersion: 1))
        fake.verdict = { _ in .merged(fields: ["title"]) }
        let report = try await fake.copy.queue.drain()
        #expect(report.answered == 2 && report.held == 0)
        #expect(fake.writes.map(\.baseVersion) == [1, 1])
        let note = try #require(try await fake.copy.items.get("n1"))
        #expect(note.version == 3 && note.title == "One" && note.body == "two")
        _ = try await fake.copy.items.update("n1", Edit(.merge(["title": "Three"]), baseVersion: 3))
    }

    @Test("a refused create takes its row away and refuses the writes that depend on it unsent")
    func refusedCreate() async throws {
        let fake = Fixture.library()
        let create = try await fake.copy.items.create(
            Draft(type: "app.note", properties: ["title": "Far too long"], tags: ["x"], id: "long"))
        _ = try await fake.copy.edges.create(from: "n1", to: "long", type: "references", id: "to-long")
        _ = try await fake.copy.tags.add("home", to: "n2")
        fake.verdict = { $0.kind == .createItem ? .refused(Self.tooLong) : .accepted }
        let report = try await fake.copy.queue.drain()
        #expect(report.answered == 4 && report.unsent == 2)
        #expect(report.verdicts.map(\.kind) == [.createItem, .addTag, .createEdge, .addTag])
        #expect(report.verdicts.map { $0.verdict?.isSuccess } == [false, false, false, true])
        guard case .refused(let unsent)? = report.verdicts[1].verdict else {
            Issue.record("not refused")
            return
        }
        #expect(unsent.reason == "It waited on write \(create.id), which was refused.")
        #expect(try await fake.copy.items.get("long") == nil)
        #expect(try await fake.copy.edges.from("n1").map(\.id) == ["e1", "e2"])
        #expect(try await fake.copy.tags.of("n2") == ["home", "books"])
    }

    @Test("a refused update puts the row back to the server's copy, later local changes included")
    func refusedUpdate() async throws {
        let fake = Fixture.library()
        _ = try await fake.copy.items.update("n1", Edit(.merge(["title": "Rejected"]), baseVersion: 1))
        _ = try await fake.copy.edges.update("e1", properties: ["weight": 1], baseVersion: 1)
        fake.verdict = { _ in .refused(Self.tooLong) }
        let report = try await fake.copy.queue.drain()
        #expect(report.answered == 2 && report.unsent == 0)
        let note = try #require(try await fake.copy.items.get("n1"))
        #expect(note.title == "Groceries" && note.version == 1)
        #expect(try await fake.copy.edges.from("n1").first?.properties == [:])
        let queue = try await fake.copy.queue.all()
        #expect(try await fake.copy.queue.forgetAnswered() == 0)
        #expect(try await fake.copy.queue.discard(queue[0].id))
        #expect(try await fake.copy.queue.all().map(\.id) == [queue[1].id])
        #expect(fake.writes.count == 2 && fake.writes[0].verdict == .refused(Self.tooLong))
    }

    @Test("nil leaves a write unanswered and ends the pass, as a lost server does; the next drain sends it")
    func unanswered() async throws {
        let fake = Fixture.library()
        _ = try await fake.copy.tags.add("a", to: "n1")
        _ = try await fake.copy.tags.add("b", to: "n2")
        fake.verdict = { _ in nil }
        var report = try await fake.copy.queue.drain()
        #expect(report.answered == 0 && report.undelivered == 1 && report.unavailable != nil && report.verdicts.isEmpty)
        let queue = try await fake.copy.queue.all()
        #expect(queue.map(\.verdict) == [nil, nil])
        #expect(try await fake.copy.status().unsent == 2)
        #expect(try await fake.copy.queue.discard(queue[0].id) == false)
        fake.verdict = { $0.itemId == "n1" ? .accepted : nil }
        report = try await fake.copy.queue.drain()
        #expect(report.answered == 1 && report.undelivered == 1)
        fake.verdict = { _ in .accepted }
        report = try await fake.copy.queue.drain()
        #expect(report.answered == 1)
        #expect(try await fake.copy.status().unsent == 0)
    }

    @Test("a blocked write holds the writes behind it until released, and withdraw resets its row")
    func blocked() async throws {
        let fake = Fixture.library()
        let first = try await fake.copy.items.update("n1", Edit(.merge(["title": "Mine"]), baseVersion: 1))
        let second = try await fake.copy.tags.add("later", to: "n1")
        fake.verdict = { _ in .blocked(reason: .credentialRefused) }
        var report = try await fake.copy.queue.drain()
        #expect(report.answered == 1 && report.held == 1)
        #expect(try await fake.copy.queue.all().map(\.waiting) == [false, true])
        #expect(try await fake.copy.status().unsent == 2, "the parked write counts as unsent, as in a store")
        let key = try await fake.copy.queue.all()[0].idempotencyKey
        #expect(try await fake.copy.queue.release(reason: .credentialRefused) == 1)
        let released = try await fake.copy.queue.all()[0]
        #expect(released.verdict == nil && released.idempotencyKey != key)
        #expect(try await fake.copy.queue.withdraw(first.id) == false)

        fake.verdict = { $0.id == first.id ? .blocked(reason: .conflictUnresolved) : .accepted }
        report = try await fake.copy.queue.drain()
        #expect(report.answered == 1 && report.held == 1)
        var changes = fake.copy.changes().makeAsyncIterator()
        #expect(try await fake.copy.queue.withdraw(first.id) == true)
        #expect(await next(1, of: &changes).map(\.summary) == ["refreshed withdrawn"])
        #expect(try await fake.copy.items.get("n1")?.title == "Groceries")
        report = try await fake.copy.queue.drain()
        #expect(report.verdicts.map(\.id) == [second.id])
        await #expect(
            throws: MarfaError.notFound(code: "write_not_found", message: "The queue holds no write nothing.")
        ) {
            _ = try await fake.copy.queue.release("nothing")
        }
    }

    @Test("writes keeps every write with its verdict now, after the queue lets them go")
    func writesKeepCleared() async throws {
        let fake = Fixture.library()
        let one = try await fake.copy.tags.add("a", to: "n1")
        let two = try await fake.copy.tags.add("b", to: "n2")
        let three = try await fake.copy.tags.add("c", to: "n3")
        fake.verdict = { $0.id == three.id ? nil : .accepted }
        _ = try await fake.copy.queue.drain()
        let taken = try await fake.copy.queue.takeAnswered()
        #expect(taken.map(\.id) == [one.id, two.id])
        #expect(try await fake.copy.queue.all().map(\.id) == [three.id])
        #expect(fake.writes.map(\.id) == [one.id, two.id, three.id])
        #expect(fake.writes.map(\.verdict) == [.accepted, .accepted, nil])
        fake.verdict = { _ in .accepted }
        _ = try await fake.copy.queue.drain()
        #expect(try await fake.copy.queue.forgetAnswered() == 1)
        #expect(try await fake.copy.queue.all().isEmpty)
        #expect(fake.writes.map(\.verdict) == [.accepted, .accepted, .accepted])
    }

    @Test("takeAnswered keeps an answered write an unanswered one still follows, handing it over once")
    func takeKeepsNeeded() async throws {
        let fake = Fixture.library()
        let first = try await fake.copy.tags.add("a", to: "n1")
        let second = try await fake.copy.tags.add("b", to: "n1")
        #expect(second.follows == first.id)
        fake.verdict = { $0.id == first.id ? .accepted : nil }
        _ = try await fake.copy.queue.drain()
        #expect(try await fake.copy.queue.takeAnswered().map(\.id) == [first.id])
        #expect(try await fake.copy.queue.takeAnswered().isEmpty)
        #expect(try await fake.copy.queue.forgetAnswered() == 0)
        #expect(try await fake.copy.queue.all().count == 2)
        fake.verdict = { _ in .accepted }
        _ = try await fake.copy.queue.drain()
        #expect(try await fake.copy.queue.takeAnswered().map(\.id) == [second.id])
        #expect(try await fake.copy.queue.forgetAnswered() == 1)
        #expect(try await fake.copy.queue.all().isEmpty)
    }

    @Test("after the server was unreachable, a drain that answers tells it is reachable again")
    func reachableAgain() async throws {
        let fake = Fixture.library()
        var changes = fake.copy.changes().makeAsyncIterator()
        fake.send(Change(origin: .serverUnreachable(.noConnection(message: "Offline."))))
        _ = try await fake.copy.tags.add("a", to: "n1")
        _ = try await fake.copy.queue.drain()
        #expect(
            await next(5, of: &changes).map(\.summary) == [
                "unreachable", "local addTag n1 ", "answered addTag accepted", "reachable", "refreshed drained",
            ])
    }

    @Test("an accepted retype expires the copy after its verdict is recorded")
    func retype() async throws {
        let fake = Fixture.library()
        _ = try await fake.copy.items.update("n1", Edit(baseVersion: 1, type: "app.note.journal"))
        await #expect(
            throws: MarfaError.copyExpired(
                reason: "read_view_changed", message: "The retype changed what this copy may read. Hydrate it again.")
        ) {
            _ = try await fake.copy.queue.drain()
        }
        #expect(fake.writes.first?.verdict == .accepted)
        let status = try await fake.copy.status()
        #expect(status.hydration == .expired && status.expiredReason == "read_view_changed")
        #expect(try await fake.copy.items.get("n1")?.type == "app.note.journal")
    }
}
