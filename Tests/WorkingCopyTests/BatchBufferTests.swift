import Testing

@testable import Marfa

@Suite("Working copy: the batch hand-over between the stream's reader and the store")
struct BatchBufferTests {
    @Test("the taker gets everything added while it was away in one batch, in order, up to its limit")
    func takesWhatArrived() async throws {
        let buffer = BatchBuffer<Int>(capacity: 100)
        for value in 1...7 { #expect(await buffer.add(value)) }
        #expect(try await buffer.take(limit: 5) == [1, 2, 3, 4, 5])
        #expect(try await buffer.take(limit: 5) == [6, 7])
        buffer.finish(nil)
        #expect(try await buffer.take(limit: 5) == nil)
    }

    @Test("a full buffer holds the adder until the taker takes; a waiting taker wakes for one element")
    func waitsBothWays() async throws {
        let buffer = BatchBuffer<Int>(capacity: 2)
        #expect(await buffer.add(1))
        #expect(await buffer.add(2))
        let third = Task { await buffer.add(3) }
        #expect(try await buffer.take(limit: 10) == [1, 2])
        #expect(await third.value)
        #expect(try await buffer.take(limit: 10) == [3])
        let taker = Task { try await buffer.take(limit: 10) }
        #expect(await buffer.add(4))
        #expect(try await taker.value == [4])
    }

    @Test("the reader's failure is thrown after the elements added before it")
    func failureAfterElements() async throws {
        let buffer = BatchBuffer<Int>(capacity: 10)
        #expect(await buffer.add(1))
        buffer.finish(.network(message: "cut"))
        #expect(try await buffer.take(limit: 10) == [1])
        await #expect(throws: MarfaError.self) { try await buffer.take(limit: 10) }
    }

    @Test("once the taker closes the buffer, adding answers false, a waiting adder included")
    func closeReleasesTheAdder() async throws {
        let buffer = BatchBuffer<Int>(capacity: 1)
        #expect(await buffer.add(1))
        let waiting = Task { await buffer.add(2) }
        buffer.close()
        #expect(await waiting.value == false)
        #expect(await buffer.add(3) == false)
    }
}
