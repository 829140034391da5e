import Foundation
import MarfaClock
import Testing

@Suite struct ManualClockTests {
    let start = Date(timeIntervalSince1970: 1_000_000)

    @Test func nowMovesOnlyWhenAdvanced() {
        let clock = ManualClock(start: start)
        #expect(clock.now == start)
        clock.advance(by: .seconds(90))
        #expect(clock.now == start.addingTimeInterval(90))
    }

    @Test func aSleeperWakesWhenItsDeadlineIsReached() async throws {
        let clock = ManualClock(start: start)
        let sleeper = Task {
            try await clock.sleep(for: .seconds(10))
            return clock.now
        }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(9))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        #expect(try await sleeper.value == start.addingTimeInterval(10))
        #expect(clock.sleeperCount == 0)
    }

    @Test func sleepersWakeInDeadlineOrder() async throws {
        let clock = ManualClock(start: start)
        let order = OrderLog()
        let late = Task {
            try await clock.sleep(for: .seconds(5))
            await order.add("late")
        }
        await clock.waitForSleepers(1)
        let early = Task {
            try await clock.sleep(for: .seconds(2))
            await order.add("early")
        }
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(2))
        try await early.value
        clock.advance(by: .seconds(3))
        try await late.value
        #expect(await order.entries == ["early", "late"])
    }

    @Test func cancelingASleeperThrowsAndForgetsIt() async {
        let clock = ManualClock(start: start)
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        await clock.waitForSleepers(1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func waitingForSleepersResumesWhenEnoughSleepAndWhenCanceled() async throws {
        let clock = ManualClock(start: start)
        let watcher = Task {
            await clock.waitForSleepers(2)
            return clock.sleeperCount
        }
        let first = Task { try await clock.sleep(for: .seconds(1)) }
        let second = Task { try await clock.sleep(for: .seconds(1)) }
        #expect(await watcher.value >= 2)
        await clock.waitForSleepers(2)  // already true: returns at once

        let abandoned = Task { await clock.waitForSleepers(3) }
        abandoned.cancel()
        await abandoned.value
        #expect(clock.sleeperCount == 2)
        clock.advance(by: .seconds(1))
        try await first.value
        try await second.value
    }

    @Test func sleepingUntilADateWakesWhenNowReachesItExactly() async throws {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_764_590_000.123456))
        let deadline = clock.now.addingTimeInterval(0.02)
        let sleeper = Task { try await clock.sleep(until: deadline) }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(20))
        #expect(clock.sleeperCount == 0, "the deadline is not rounded past the time that reaches it")
        if clock.sleeperCount > 0 { sleeper.cancel() }
        _ = await sleeper.result
    }

    @Test func sleepingUntilAPastDateReturnsAtOnce() async throws {
        let clock = ManualClock(start: start)
        try await clock.sleep(until: start.addingTimeInterval(-1))
        try await clock.sleep(for: .zero)
        #expect(clock.sleepsBegun == 1)
        #expect(clock.sleeperCount == 0)
    }

    @Test func theSystemClockReadsTheRealTime() {
        let before = Date()
        let now = SystemClock().now
        #expect(now >= before && now <= Date())
    }
}

actor OrderLog {
    var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
}
