import Testing

private typealias S = SharedFixture

/// The name Swift gives `type` wherever it is used: its declaration's, not an alias's.
private func declaredName(_ type: Any.Type) -> String {
    String(reflecting: type).split(separator: ".").drop { $0 != "SharedFixture" }.dropFirst().joined(separator: ".")
}

/// An inline type reached from several places is named by its component or by the first place in
/// document order that writes it, with an alias at every other place; a response or a response's headers
/// that merely look like another's are their own.
@Suite struct SharedInlineTypeTests {
    @Test func aRefIntoAnotherOperationsBodyIsAnAliasOfItsOwner() throws {
        typealias Owner = S.Operations.CreateBooking.Output.Created.Body.JsonPayload
        #expect(declaredName(S.Operations.GetBooking.Output.Ok.Body.JsonPayload.self) == declaredName(Owner.self))
        #expect(declaredName(Owner.self) == "Operations.CreateBooking.Output.Created.Body.JsonPayload")
        let booking = S.Operations.GetBooking.Output.Ok.Body.json(Owner(id: "b1"))
        #expect(try booking.json.id == "b1")
    }

    @Test func aRefReachingAPlaceBeforeItIsWrittenIsDeclaredThereAndAliasedWhereWritten() {
        #expect(
            declaredName(S.Operations.CancelBooking.Output.Ok.Body.JsonPayload.self)
                == "Operations.ListCancellations.Output.Ok.Body.JsonPayloadItemPayload")
        #expect(
            declaredName(S.Operations.ListCancellations.Output.Ok.Body.JsonPayloadItemPayload.self).hasPrefix(
                "Operations."))
    }

    @Test func aRefIntoAComponentResponsesSchemaIsAnAliasOfTheComponentsType() {
        #expect(
            declaredName(S.Operations.ListProblems.Output.Ok.Body.JsonPayloadItem.self)
                == "Components.Responses.BadRequest.Body.JsonPayload")
    }

    @Test func aResponseOrHeadersLikeAnothersAreTheirOwn() {
        #expect(declaredName(S.Operations.UpdateBooking.Output.Ok.self) == "Operations.UpdateBooking.Output.Ok")
        #expect(
            declaredName(S.Operations.GetBooking.Output.Unauthorized.Headers.self)
                == "Operations.GetBooking.Output.Unauthorized.Headers")
        #expect(
            declaredName(S.Components.Responses.BadRequest.Headers.self) == "Components.Responses.BadRequest.Headers")
    }
}
