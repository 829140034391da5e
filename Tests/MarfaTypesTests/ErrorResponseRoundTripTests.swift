import MarfaOpenAPIRuntime
import MarfaTypes
import Testing

/// The error envelope every refusal outside the OAuth doors uses: `{error: {code, message, details}}`.
@Suite struct ErrorResponseRoundTripTests {
    @Test func roundTripsATypeInUseRefusal() throws {
        let json = """
            {"error": {
              "code": "type_in_use",
              "message": "app.deal is still named by: folder Deals",
              "details": {"settings": [{"kind": "folder", "id": "f-1", "name": "Deals", "rewritable": true, "reason": null}]}
            }}
            """
        let envelope = try roundTrip(Components.Schemas.ErrorResponse.self, json)
        #expect(envelope.error.code == "type_in_use")
        #expect(Components.Schemas.ErrorCode(rawValue: envelope.error.code) == .typeInUse)
        #expect(envelope.error.message.hasSuffix("folder Deals"))
        #expect(envelope.error.status == nil)
        let settings = try #require(envelope.error.details?["settings"]?.array)
        #expect(settings.count == 1)
        #expect(settings.first?["kind"] == "folder")
        #expect(settings.first?["reason"] == .null)
    }

    @Test func roundTripsARefusalWithoutDetails() throws {
        let envelope = try roundTrip(
            Components.Schemas.ErrorResponse.self,
            #"{"error": {"code": "unauthorized", "message": "No usable credential."}}"#)
        #expect(envelope.error.details == nil)
        #expect(try jsonValue(encoding: envelope)["error"]?["details"] == nil)
    }

    @Test func keepsACodeThisBuildDoesNotKnow() throws {
        let envelope = try roundTrip(
            Components.Schemas.ErrorResponse.self,
            #"{"error": {"code": "moon_phase_wrong", "message": "Try later.", "details": {}}}"#)
        #expect(Components.Schemas.ErrorCode(rawValue: envelope.error.code) == .unknown("moon_phase_wrong"))
        #expect(envelope.error.details == [:])
    }
}
