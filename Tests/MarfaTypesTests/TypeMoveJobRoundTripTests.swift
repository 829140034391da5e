import MarfaOpenAPIRuntime
import MarfaTypes
import Testing

/// A type move job as `startTypeMove`, `getTypeMove` and `cancelTypeMove` answer it.
@Suite struct TypeMoveJobRoundTripTests {
    @Test func readsARunningJob() throws {
        let json = """
            {"id": "tm-1", "from": "app.deal", "to": "app.contract", "status": "running",
             "result": {"moved": 120, "remaining": 30, "remaining_hidden": false, "settings_rewritten": false},
             "created_at": "2025-05-01T10:00:00Z", "finished_at": null}
            """
        let job = try roundTrip(Components.Schemas.TypeMoveJob.self, json)
        #expect(job.status == .running)
        #expect(job.result?.moved == 120)
        #expect(job.result?.remaining == 30)
        #expect(job.finishedAt == .null)
        #expect(job.error == nil)
    }

    @Test func readsACompletedJobAsTheSeedChecksIt() throws {
        let json = """
            {"id": "tm-1", "from": "app.deal", "to": "app.contract", "status": "completed",
             "result": {"moved": 150, "remaining": 0, "remaining_hidden": false, "settings_rewritten": true},
             "created_at": "2025-05-01T10:00:00Z", "finished_at": "2025-05-01T10:00:04.5Z"}
            """
        let job = try roundTrip(Components.Schemas.TypeMoveJob.self, json)
        #expect(job.status == .completed && job.result?.settingsRewritten == true)
        #expect(job.finishedAt?.value.map(ISO8601.string(from:)) == "2025-05-01T10:00:04.5Z")
    }

    @Test func readsAFailedJobWithItsError() throws {
        let json = """
            {"id": "tm-2", "from": "app.deal", "to": "app.contract", "status": "failed", "result": null,
             "error": {"code": "type_move_blocked", "message": "A view names app.deal in a filter."},
             "created_at": "2025-05-01T10:00:00Z", "finished_at": "2025-05-01T10:00:01Z"}
            """
        let job = try roundTrip(Components.Schemas.TypeMoveJob.self, json)
        #expect(job.status == .failed)
        #expect(job.result == nil)
        #expect(job.error?.value?.code == "type_move_blocked")
        #expect(try jsonValue(encoding: job)["result"] == .null)
    }

    @Test func keepsAStatusThisBuildDoesNotKnow() throws {
        let json =
            #"{"id": "tm-3", "from": "a.b", "to": "a.c", "status": "paused", "result": null, "created_at": "2025-05-01T10:00:00Z"}"#
        let job = try roundTrip(Components.Schemas.TypeMoveJob.self, json)
        #expect(job.status == .unknown("paused"))
        #expect(job.finishedAt == nil)
    }
}
