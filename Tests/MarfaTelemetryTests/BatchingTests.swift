import Foundation
import Testing

@testable import MarfaTelemetry

@Suite("Event batches")
struct BatchingTests {
    @Test func aBatchGoesOutWhenFiftyWait() async throws {
        try await withTelemetry { h in
            for index in 0..<49 { h.telemetry.log("step", attributes: ["index": .integer(Int64(index))]) }
            #expect(h.statistics.inFlight == 0)
            #expect(h.statistics.waitingRecords == 49)

            h.telemetry.log("step", attributes: ["index": 49])
            try await h.receiver.waitForRequests(1)
            let records = try #require(h.receiver.logBatches.first?.logs?.records)
            #expect(records.map(\.attributes.first?.value.intValue) == (0..<50).map { String($0) })
            #expect(h.statistics.waitingRecords == 0)
        }
    }

    @Test func aRecordWaitsAtMostThirtySeconds() async throws {
        try await withTelemetry { h in
            h.telemetry.log("first")
            h.clock.advance(by: .seconds(20))
            h.telemetry.log("second")
            h.clock.advance(by: .seconds(9))
            try await h.clock.waitForSleeper(until: .seconds(30))
            #expect(h.statistics.inFlight == 0)
            #expect(h.receiver.requests.isEmpty)

            h.clock.advance(by: .seconds(1))
            try await h.receiver.waitForRequests(1)
            #expect(h.receiver.logBatches[0].logs?.records.map(\.body.stringValue) == ["first", "second"])

            h.telemetry.log("third")
            try await h.clock.waitForSleeper(until: .seconds(60))
            #expect(h.receiver.requests.count == 1)
            h.clock.advance(by: .seconds(30))
            try await h.receiver.waitForRequests(2)
            #expect(h.receiver.logBatches[1].logs?.records.map(\.body.stringValue) == ["third"])
        }
    }

    @Test func flushSendsWhatWaitsAndWaitsForIt() async throws {
        try await withTelemetry { h in
            h.telemetry.log("one")
            h.telemetry.log("two", level: .warn)
            h.telemetry.report(type: "sync_stalled", sentence: "The sync stalled.", during: "sync")
            await h.telemetry.flush()
            #expect(h.outcomes(.delivered) == 2)
            #expect(h.statistics.inFlight == 0)
            #expect(h.receiver.captures.count == 1)
            #expect(h.receiver.logBatches.first?.logs?.records.map(\.body.stringValue) == ["one", "two"])
        }
    }

    @Test func flushSendsEveryWaitingBatch() async throws {
        try await withTelemetry(holding: true) { h in
            for index in 0..<170 { h.telemetry.log("step", attributes: ["index": .integer(Int64(index))]) }
            try await h.receiver.waitForRequests(1)
            h.receiver.release()
            await h.telemetry.flush()
            let sizes = h.receiver.logBatches.map { $0.logs?.records.count ?? 0 }
            #expect(sizes == [50, 50, 50, 20])
        }
    }

    @Test func atMostFiveHundredWaitAndTheNextBatchCountsTheDropped() async throws {
        try await withTelemetry(holding: true) { h in
            for index in 0..<50 { h.telemetry.log("step", attributes: ["index": .integer(Int64(index))]) }
            try await h.receiver.waitForRequests(1)
            for index in 50..<570 { h.telemetry.log("step", attributes: ["index": .integer(Int64(index))]) }
            #expect(h.statistics.waitingRecords == 500)

            h.receiver.release()
            try await h.receiver.waitForRequests(11)
            let batches = h.receiver.logBatches.map { $0.logs?.records ?? [] }
            #expect(batches.map(\.count) == Array(repeating: 50, count: 11))
            let indexes = batches.flatMap { $0.map { Int($0.attribute("index")?.intValue ?? "") ?? -1 } }
            #expect(indexes == Array(0..<50) + Array(70..<570))
            let dropped = batches.flatMap { $0.compactMap { $0.attribute("marfa.dropped_records")?.intValue } }
            #expect(dropped == ["20"])
            #expect(batches[1].first?.attribute("marfa.dropped_records")?.intValue == "20")
        }
    }

    @Test func queueKeepsTheNewestAndCountsTheDropped() {
        var queue = LogQueue(capacity: 3)
        for index in 0..<5 {
            queue.append(
                PendingLogRecord(
                    name: "r\(index)", level: .info, attributes: [], unixNanoseconds: 0, enqueuedAt: .seconds(index)))
        }
        #expect(queue.count == 3)
        #expect(queue.oldestEnqueuedAt == .seconds(2))
        let first = queue.take(2)
        #expect(first.records.map(\.name) == ["r2", "r3"])
        #expect(first.dropped == 2)
        let second = queue.take(2)
        #expect(second.records.map(\.name) == ["r4"])
        #expect(second.dropped == 0)
        #expect(queue.isEmpty)
    }
}
