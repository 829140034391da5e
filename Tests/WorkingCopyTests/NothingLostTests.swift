import Foundation
import Marfa
import MarfaHTTP
import MarfaOpenAPIRuntime
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Working copy: nothing lost, nothing twice")
struct NothingLostTests {
    @Test(
        "a drain cut at every byte offset of its request and of its answer leaves each write on the instance exactly once"
    )
    func cutAtEveryOffset() async throws {
        try await CopyTestInstance.with { test in
            let proxy = try CuttingProxy(upstreamPort: test.instance.url.port ?? 0)
            defer { proxy.stop() }
            let server = try Server(url: proxy.url, key: test.ownerKey)
            let copy = try await WorkingCopy.open(store: test.store(), server: server)
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            // One uncut exchange measures the request and the answer of a create.
            proxy.arm(nil)
            _ = try await copy.items.create(Draft(type: "core.note", properties: ["title": "cut-99999"]))
            #expect(try await copy.queue.drain().answered == 1)
            _ = try await copy.queue.takeAnswered()
            let (requestBytes, answerBytes, _) = proxy.counted
            #expect(requestBytes > 100 && answerBytes > 100)
            var titles = ["cut-99999"]
            // An answer's length moves by a few bytes (a timestamp's fraction): its last 16 offsets are left out.
            let cuts =
                (0..<requestBytes).map { CuttingProxy.Cut.request(after: $0) }
                + (0..<answerBytes - 16).map { .answer(after: $0) }
            for (index, cut) in cuts.enumerated() {
                let title = String(format: "cut-%05d", index)
                titles.append(title)
                _ = try await copy.items.create(Draft(type: "core.note", properties: ["title": .string(title)]))
                proxy.arm(cut)
                let first = try await copy.queue.drain()
                #expect(first.answered + first.undelivered == 1, "\(cut)")
                #expect(proxy.counted.cuts == index + 1, "the cut \(cut) didn't happen")
                proxy.arm(nil)
                if first.answered == 0 { #expect(try await copy.queue.drain().answered == 1, "\(cut)") }
                let taken = try await copy.queue.takeAnswered()
                #expect(taken.count == 1 && taken.first?.verdict == .accepted, "\(cut)")
            }
            #expect(proxy.counted.cuts == cuts.count)
            #expect(try await copy.queue.all().isEmpty)
            var held: [String] = []
            var cursor: String?
            repeat {
                let path = "/items?type=core.note&limit=200" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await test.send(.get, path).body
                held += page["data"]?.array?.compactMap { $0["properties"]?["title"]?.string } ?? []
                cursor = page["cursor"]?.string
            } while cursor != nil
            #expect(held.count == titles.count)
            #expect(Set(held) == Set(titles))
            await copy.close()
        }
    }
}

@Suite("Working copy: a drain killed part way")
struct KilledDrainTests {
    @Test(
        "a drain of 200 writes killed with SIGKILL at random points, 30 times, then finished: each write on the instance exactly once, those delivered before a kill answered again from the record"
    )
    func killedDrains() async throws {
        try await CopyTestInstance.with { test in
            let total = 200
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            for index in 0..<total {
                _ = try await copy.items.create(
                    Draft(type: "core.note", properties: ["title": .string(String(format: "killed-%03d", index))]))
            }
            await copy.close()
            var kills: [Int] = []
            for _ in 0..<30 {
                let after = Int.random(in: 1...5)
                kills.append(after)
                try await killDrain(test, afterCreates: after)
            }
            let reopened = try await test.open()
            let report = try await reopened.queue.drain()
            #expect(report.unavailable == nil, "after kills \(kills)")
            // Writes a killed drain delivered before its verdicts were written come back replayed.
            #expect(report.answered > 0 && report.answered <= total)
            #expect(report.verdicts.contains { $0.replayed }, "no killed drain delivered a write")
            let queue = try await reopened.queue.all()
            #expect(queue.count == total && queue.allSatisfy { $0.verdict == .accepted }, "after kills \(kills)")
            let created = try await createdTitles(test)
            #expect(created.count == total, "item.created events after kills \(kills)")
            #expect(Set(created).count == total)
            await reopened.close()
        }
    }

    /// Starts `copy-probe drain` and kills it once the instance told `count` new creates.
    private func killDrain(_ test: CopyTestInstance, afterCreates count: Int) async throws {
        let events = try await liveEvents(test)
        let (process, _) = try startProbe(["drain", test.store().path, test.instance.url.absoluteString, test.ownerKey])
        var seen = 0
        for try await event in events where event.data?.contains("\"item.created\"") == true {
            seen += 1
            if seen == count { break }
        }
        kill(process.processIdentifier, SIGKILL)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                process.waitUntilExit()
                done.resume()
            }.start()
        }
    }

    /// The instance's live event stream from now on.
    private func liveEvents(_ test: CopyTestInstance) async throws -> ServerSentEventsSequence {
        var fields = HTTPFields()
        fields["Authorization"] = "Bearer \(test.ownerKey)"
        let (_, body) = try await test.transport.send(
            HTTPRequest(method: .get, path: "/events", headerFields: fields), body: nil, baseURL: test.instance.url,
            operationID: "raw")
        guard let body else { throw TestFailure("the event stream had no body") }
        return body.asServerSentEvents()
    }

    /// The title of every `item.created` event in the log.
    private func createdTitles(_ test: CopyTestInstance) async throws -> [String] {
        var fields = HTTPFields()
        fields["Authorization"] = "Bearer \(test.ownerKey)"
        fields["Last-Event-ID"] = "0"
        let (_, body) = try await test.transport.send(
            HTTPRequest(method: .get, path: "/events", headerFields: fields), body: nil, baseURL: test.instance.url,
            operationID: "raw")
        var titles: [String] = []
        for try await event in try #require(body).asServerSentEvents() {
            guard let data = event.data, let frame = try? JSONCoding.decode(JSONValue.self, from: Data(data.utf8))
            else { continue }
            if frame["event_type"]?.string == "stream_live" { break }
            if frame["event_type"]?.string == "item.created", let title = frame["item"]?["properties"]?["title"]?.string
            {
                titles.append(title)
            }
        }
        return titles
    }
}
