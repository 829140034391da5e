import Foundation
import Marfa
import Testing

@testable import MarfaTelemetry

@Suite("How errors are described")
struct ErrorDescriptionTests {
    @Test func marfaErrorGivesKindSentenceAndShortCode() {
        let description = ErrorDescription(MarfaError.notFound(code: "item_not_found", message: TestSecrets.message))
        #expect(description.type == "MarfaError.not_found")
        #expect(description.kind == "not_found")
        #expect(description.code == "item_not_found")
        #expect(description.sentence == MarfaError.notFound(code: "", message: "").telemetrySentence)
    }

    @Test(
        arguments: [
            ("item_not_found", "item_not_found"), ("a", "a"),
            (String(repeating: "a", count: 40), String(repeating: "a", count: 40)),
            (String(repeating: "a", count: 41), nil), ("Item_not_found", nil), ("_leading", nil), ("item-1", nil),
            ("item not found", nil), ("", nil), (TestSecrets.itemID, nil), ("caf\u{E9}", nil), ("item2", nil),
        ] as [(String, String?)])
    func codeIsSentOnlyWhenShortLowercaseWord(_ code: String, _ sent: String?) {
        #expect(ErrorDescription(MarfaError.forbidden(code: code, message: "m")).code == sent)
    }

    @Test func everyCaseHasItsOwnSentenceAndNoCarriedValue() {
        var sentences = Set<String>()
        for error in TestSecrets.everyMarfaError {
            let description = ErrorDescription(error)
            #expect(description.kind == error.code())
            #expect(description.type == "MarfaError.\(error.code())")
            #expect(!description.sentence.isEmpty && description.sentence.hasSuffix("."))
            sentences.insert(description.sentence)
            let text = [description.type, description.sentence, description.kind ?? "", description.code ?? ""].joined(
                separator: " ")
            for secret in TestSecrets.all { #expect(!text.contains(secret), "\(error.code()) carries \(secret)") }
        }
        #expect(sentences.count == TestSecrets.everyMarfaError.count)
        #expect(Set(TestSecrets.everyMarfaError.map { $0.code() }).count == 37)
    }

    @Test func otherErrorsGiveTheirTypeNameOnly() {
        let description = ErrorDescription(LeakyAppError())
        #expect(description.type == "LeakyAppError")
        #expect(description.kind == nil && description.code == nil)
        #expect(!description.sentence.contains(TestSecrets.message) && !description.sentence.contains(TestSecrets.note))
        #expect(ErrorDescription(CancellationError()).type == "CancellationError")
        #expect(ErrorDescription(URLError(.timedOut)).type == "URLError")
    }
}
