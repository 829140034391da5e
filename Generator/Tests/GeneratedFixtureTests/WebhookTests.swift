import Foundation
import MarfaOpenAPIRuntime
import Testing

private typealias W = WebhooksFixture
private typealias Pet = W.Components.Schemas.Pet

/// The fixture's operations, webhooks and callbacks in one type: the three protocols' method and
/// registration names do not clash, though the operation `newPet` and the webhook `newPet` share a name.
private struct Receiver: W.APIProtocol, W.WebhookHandler, W.CallbackHandler {
    let pets = Recorder<(Pet, Int?)>()
    let events = Recorder<(W.Components.Schemas.Event, String)>()
    let texts = Recorder<String>()

    func createSubscription(
        _ input: W.Operations.CreateSubscription.Input
    ) async throws -> W.Operations.CreateSubscription.Output {
        .created(.init())
    }

    func newPet(_ input: W.Operations.NewPet.Input) async throws -> W.Operations.NewPet.Output {
        .ok(.init(body: .json(Pet(id: 1, name: "Operation"))))
    }

    func newPet(_ input: W.Webhooks.NewPet.Input) async throws -> W.Webhooks.NewPet.Output {
        guard case .json(let pet) = input.body else { return .accepted(.init()) }
        pets.record((pet, input.query.attempt))
        return pet.id < 0 ? .accepted(.init()) : .ok(.init(body: .json(.init(seen: pet.name))))
    }

    func petRemoved(_ input: W.Webhooks.PetRemoved.Input) async throws -> W.Webhooks.PetRemoved.Output {
        guard case .plainText(let text) = input.body else { return .noContent(.init()) }
        texts.record(try await String(collecting: text, upTo: 100))
        return .noContent(.init())
    }

    func petAudited(_ input: W.Webhooks.PetAudited.Input) async throws -> W.Webhooks.PetAudited.Output {
        guard case .json(let pet) = input.body else { return .ok(.init(headers: .init(xAuditId: "none"))) }
        return .ok(.init(headers: .init(xAuditId: "audit-\(pet.id)-\(input.headers.xAuditor ?? "none")")))
    }

    func petMovedPut(_ input: W.Webhooks.PetMovedPut.Input) async throws -> W.Webhooks.PetMovedPut.Output {
        guard case .json(let pet) = input.body else { return .noContent(.init()) }
        pets.record((pet, nil))
        return .noContent(.init())
    }

    func petMovedDelete(_ input: W.Webhooks.PetMovedDelete.Input) async throws -> W.Webhooks.PetMovedDelete.Output {
        .noContent(.init())
    }

    func createSubscriptionOnEvent(
        _ input: W.Operations.CreateSubscription.Callbacks.OnEvent.Input
    ) async throws -> W.Operations.CreateSubscription.Callbacks.OnEvent.Output {
        guard case .json(let event) = input.body else { return .gone(.init()) }
        events.record((event, input.headers.xDelivery))
        return event.kind == .deleted ? .gone(.init()) : .ok(.init(body: .json(.init(accepted: true))))
    }

    func createSubscriptionStatusChanged1(
        _ input: W.Operations.CreateSubscription.Callbacks.StatusChanged1.Input
    ) async throws -> W.Operations.CreateSubscription.Callbacks.StatusChanged1.Output {
        guard case .plainText(let text) = input.body else { return .noContent(.init()) }
        texts.record("first: " + (try await String(collecting: text, upTo: 100)))
        return .noContent(.init())
    }

    func createSubscriptionStatusChanged2(
        _ input: W.Operations.CreateSubscription.Callbacks.StatusChanged2.Input
    ) async throws -> W.Operations.CreateSubscription.Callbacks.StatusChanged2.Output {
        guard case .plainText(let text) = input.body else { return .noContent(.init()) }
        texts.record("second: " + (try await String(collecting: text, upTo: 100)))
        return .noContent(.init())
    }
}

/// Webhooks and callbacks served by the generated registration over a transport: a request posted as
/// their sender would post it arrives as the typed `Input`, and the typed `Output` goes back.
@Suite struct WebhookTests {
    private let transport = InMemoryTransport()
    private let receiver = Receiver()

    init() throws {
        try receiver.registerHandlers(on: transport)
        try receiver.registerWebhookHandlers(on: transport, serverURL: URL(string: "https://app.example.com/hooks")!)
        try receiver.registerCallbackHandlers(
            on: transport, serverURL: URL(string: "https://app.example.com/callbacks")!)
    }

    /// Sends `body` as `contentType` to `path`, as the webhook's sender would, and answers the response and its text.
    private func post(
        _ path: String, _ body: String, contentType: String = "application/json", method: HTTPMethod = .post,
        headers: [String: String] = [:]
    ) async throws -> (HTTPResponse, String?) {
        var request = HTTPRequest(method: method, path: path)
        request.headerFields["Content-Type"] = contentType
        for (name, value) in headers { request.headerFields[name] = value }
        let (response, body) = try await transport.send(
            request, body: HTTPBody(body), baseURL: testServerURL, operationID: "sender")
        guard let body else { return (response, nil) }
        return (response, try await String(collecting: body, upTo: 1000))
    }

    @Test func aWebhookArrivesTypedAndItsTypedAnswerGoesBack() async throws {
        let (response, text) = try await post("/hooks/newPet?attempt=2", #"{"id":7,"name":"Rex"}"#)
        #expect(response.status == 200)
        #expect(response.headerFields["Content-Type"] == "application/json")
        #expect(try decode(W.Webhooks.NewPet.Output.Ok.Body.JsonPayload.self, text ?? "") == .init(seen: "Rex"))
        let (pet, attempt) = try #require(receiver.pets.last)
        #expect(pet == Pet(id: 7, name: "Rex"))
        #expect(attempt == 2)

        let (queued, _) = try await post("/hooks/newPet", #"{"id":-1,"name":"Ghost"}"#)
        #expect(queued.status == 202)
        #expect(receiver.pets.last?.1 == nil)
    }

    @Test func theOperationOfTheSameNameIsServedApart() async throws {
        let (response, text) = try await post("/pets/new", "", method: .get)
        #expect(response.status == 200)
        #expect(try decode(Pet.self, text ?? "") == Pet(id: 1, name: "Operation"))
        #expect(W.Operations.NewPet.id == "newPet" && W.Webhooks.NewPet.id == "newPet")
    }

    @Test func webhooksByRefInThisFileAndAnotherAreServed() async throws {
        let (removed, _) = try await post("/hooks/petRemoved", "Rex left", contentType: "text/plain")
        #expect(removed.status == 204)
        #expect(receiver.texts.last == "Rex left")

        let (audited, _) = try await post("/hooks/petAudited", #"{"id":3,"name":"Tom"}"#, headers: ["X-Auditor": "ada"])
        #expect(audited.status == 200)
        #expect(audited.headerFields["X-Audit-Id"] == "audit-3-ada")
    }

    @Test func aWebhookWithTwoMethodsAndASpaceInItsNameIsServedAtItsEncodedName() async throws {
        let (moved, _) = try await post("/hooks/pet%20moved", #"{"id":4,"name":"Kit"}"#, method: .put)
        #expect(moved.status == 204)
        #expect(receiver.pets.last?.0 == Pet(id: 4, name: "Kit"))
        let (deleted, _) = try await post("/hooks/pet%20moved", "", method: .delete)
        #expect(deleted.status == 204)
        #expect(W.Webhooks.PetMovedPut.id == "petMovedIn")
        #expect(W.Webhooks.PetMovedDelete.id == "pet moved_delete")
    }

    @Test func aCallbackArrivesTypedAtItsOperationsPath() async throws {
        let (response, text) = try await post(
            "/callbacks/createSubscription/onEvent", #"{"kind":"created","note":"hi"}"#, headers: ["X-Delivery": "d-1"])
        #expect(response.status == 200)
        #expect(
            try decode(W.Operations.CreateSubscription.Callbacks.OnEvent.Output.Ok.Body.JsonPayload.self, text ?? "")
                == .init(accepted: true))
        let (event, delivery) = try #require(receiver.events.last)
        #expect(event == .init(kind: .created, note: "hi"))
        #expect(delivery == "d-1")

        let (gone, _) = try await post(
            "/callbacks/createSubscription/onEvent", #"{"kind":"deleted"}"#, headers: ["X-Delivery": "d-2"])
        #expect(gone.status == 410)
        #expect(W.Operations.CreateSubscription.Callbacks.OnEvent.id == "createSubscription.onEvent")
    }

    @Test func aCallbackWithTwoURLsIsServedAtOnePathEach() async throws {
        let (first, _) = try await post(
            "/callbacks/createSubscription/statusChanged/1", "paused", contentType: "text/plain", method: .put)
        #expect(first.status == 204)
        #expect(receiver.texts.last == "first: paused")
        let (second, _) = try await post(
            "/callbacks/createSubscription/statusChanged/2", "active", contentType: "text/plain", method: .put)
        #expect(second.status == 204)
        #expect(receiver.texts.last == "second: active")
    }

    @Test func aPayloadTheWebhookCannotReadIsAnswered400() async throws {
        let (response, _) = try await post("/hooks/newPet", #"{"name":"no id"}"#)
        #expect(response.status == 400)
        let (missing, _) = try await post("/callbacks/createSubscription/onEvent", #"{"kind":"created"}"#)
        #expect(missing.status == 400)
    }
}
