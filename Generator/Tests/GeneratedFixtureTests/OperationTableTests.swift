import MarfaOpenAPIRuntime
import Testing

/// Every generated operation describes itself (ID, method, path template) through
/// `GeneratedOperation`, so code that sends its own requests names an operation by type.
@Suite struct OperationTableTests {
    private func described<Operation: GeneratedOperation>(_: Operation.Type) -> String {
        "\(Operation.id) \(Operation.httpMethod.rawValue) \(Operation.path)"
    }

    @Test func describesEachOperationAsTheDocumentWritesIt() {
        #expect(described(DatesFixture.Operations.GetEvent.self) == "getEvent GET /events/{at}")
        #expect(described(ParametersFixture.Operations.PathSimple.self) == "pathSimple GET /path/simple/{id}")
        #expect(described(BodiesFixture.Operations.PutBinary.self) == "putBinary PUT /binary")
    }

    @Test func fillsThePathTemplateWithOneSegmentPerParameter() {
        #expect(
            DatesFixture.Operations.GetEvent.path(filling: "2026-12-06T10:00:00Z") == "/events/2026-12-06T10:00:00Z")
    }
}
