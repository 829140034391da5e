import MarfaOpenAPIRuntime
import MarfaTypes
import Testing

/// A settings patch keeps three states per field apart: a value sets it, `null` returns it to the
/// default, absent leaves it unchanged.
@Suite struct InstanceConfigPatchRoundTripTests {
    @Test func readsSetClearedAndUnchangedFields() throws {
        let json = """
            {"instance_id": "0190aaaa-0000-7000-8000-000000000000",
             "trash_retention_days": 60,
             "audit_retention_days": null,
             "enforcement": {"strict_mode": null, "source_filter": {"types": ["core.note"], "sources": ["app.notes"]}}}
            """
        let patch = try roundTrip(Components.Schemas.InstanceConfigPatch.self, json)
        #expect(patch.instanceId == "0190aaaa-0000-7000-8000-000000000000")
        #expect(patch.trashRetentionDays == .value(60))
        #expect(patch.auditRetentionDays == .null)
        #expect(patch.eventLogRetentionHours == nil)
        #expect(patch.maxEventHopBudget == nil)
        let enforcement = try #require(patch.enforcement?.value)
        #expect(enforcement.strictMode == .null)
        #expect(enforcement.sourceAllowlist == nil)
        #expect(enforcement.sourceFilter?.value?.sources == ["app.notes"])
    }

    @Test func writesOnlyTheFieldsItChanges() throws {
        var patch = Components.Schemas.InstanceConfigPatch()
        patch.trashRetentionDays = .value(60)
        patch.auditRetentionDays = .null
        patch.instanceId = "0190aaaa-0000-7000-8000-000000000000"
        let written = try jsonValue(encoding: patch)
        #expect(
            written
                == (try jsonValue(
                    #"{"trash_retention_days": 60, "audit_retention_days": null, "instance_id": "0190aaaa-0000-7000-8000-000000000000"}"#
                )))
    }

    @Test func writesNothingForAnEmptyPatch() throws {
        #expect(try jsonValue(encoding: Components.Schemas.InstanceConfigPatch()) == [:])
    }

    @Test func removesEveryLeverWithANullEnforcement() throws {
        let patch = try roundTrip(Components.Schemas.InstanceConfigPatch.self, #"{"enforcement": null}"#)
        #expect(patch.enforcement == .null)
    }
}
