import Foundation
import Marfa
import Testing

@Suite("Working copy: nothing lost, nothing twice")
struct NothingLostTests {
    @Test("a drain cut at every byte offset of its request and of its answer leaves each write on the instance exactly once")
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
            let cuts = (0..<requestBytes).map { CuttingProxy.Cut.request(after: $0) } + (0..<answerBytes - 16).map { .answer(after: $0) }
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
