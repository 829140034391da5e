import Testing

@testable import Marfa

/// When a store's search batch runs: once its writes pause, or a while after the first of a
/// burst that never pauses. Instants are given, so no test waits for time to pass.
@Suite struct IndexingScheduleTests {
    let start = ContinuousClock.now
    let quiet = Duration.milliseconds(100)
    let limit = Duration.seconds(1)

    @Test func theFirstWriteStartsTheWaitAndLaterOnesJoinIt() {
        var schedule = IndexingSchedule()
        #expect(!schedule.due)
        let first = schedule.noteWrite(at: start)
        #expect(first)
        #expect(schedule.due)
        let second = schedule.noteWrite(at: start + .milliseconds(30))
        #expect(!second)
        schedule.done()
        #expect(!schedule.due)
        let afterBatch = schedule.noteWrite(at: start + .milliseconds(40))
        #expect(afterBatch)
    }

    @Test func eachWriteMovesTheBatchToAPauseAfterIt() {
        var schedule = IndexingSchedule()
        _ = schedule.noteWrite(at: start)
        #expect(schedule.wait(at: start, quiet: quiet, limit: limit) == quiet)
        _ = schedule.noteWrite(at: start + .milliseconds(80))
        #expect(schedule.wait(at: start + .milliseconds(100), quiet: quiet, limit: limit) == .milliseconds(80))
        #expect(schedule.wait(at: start + .milliseconds(180), quiet: quiet, limit: limit) == nil)
    }

    @Test func aBurstThatNeverPausesIsIndexedAtTheLimit() {
        var schedule = IndexingSchedule()
        _ = schedule.noteWrite(at: start)
        for step in 1...19 { _ = schedule.noteWrite(at: start + .milliseconds(50 * step)) }
        #expect(schedule.wait(at: start + .milliseconds(950), quiet: quiet, limit: limit) == .milliseconds(50))
        #expect(schedule.wait(at: start + .seconds(1), quiet: quiet, limit: limit) == nil)
    }
}
