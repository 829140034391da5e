import Foundation
import MarfaAPI
import MarfaClock
import MarfaLocal
import MarfaOpenAPIRuntime
import MarfaTypes
import Testing

/// Type moves through `Client` against a local instance: the job in the background, its result,
/// cancellation, hidden items and blocked settings.
@Suite struct TypeMoveTests {
    /// Folders, a view and a webhook that name `app.deal`, all rewritable.
    func nameDealsInSettings(_ api: Client) async throws {
        _ = try await api.createFolder(
            body: .json(
                .init(
                    id: "deals", title: "Deals", search: .init(types: ["app.deal", "core.note"]),
                    defaults: .init(_type: "app.deal"),
                    firstPlacement: .init(additionalProperties: ["app.deal": "Deals/"])))
        ).created
        _ = try await api.createView(
            body: .json(.init(id: "open-deals", name: "Open deals", search: .init(types: ["app.deal"])))
        ).created
        _ = try await api.createWebhook(
            body: .json(
                .init(
                    url: "https://hooks.example/deals", events: [.itemUpdated], typeFilter: .value("app.deal")))
        ).created
    }

    @Test func theSeedSampleMovesItemsRewritesSettingsAndDeletesTheOldType() async throws {
        try await APITestInstance.with { test in
            let api = try test.api()
            try await test.registerTypes("app.deal", "app.contract")
            let first = try await test.createItem("app.deal", properties: #"{"title": "Acme", "stage": "draft"}"#)
            let second = try await test.createItem("app.deal", properties: #"{"title": "Globex"}"#)
            try await test.send(.post, "/items/\(second)/transition", json: #"{"state": "archived"}"#)
            try await nameDealsInSettings(api)

            // The seed's sample, as written.
            let preview = try await api.previewMove(ofType: "app.deal", to: "app.contract")
            let started = try await api.startMove(
                ofType: "app.deal", to: "app.contract", properties: ["stage": "signed"])
            let job = try await api.follow(moveJob: started.id)
            if job.status == .completed, job.result?.settingsRewritten == true {
                try await api.delete(itemType: "app.deal")
            }

            #expect(preview.items == 2 && !preview.itemsHidden)
            #expect(Set(preview.settings.map(\.kind)) == ["folder", "view", "webhook"])
            #expect(preview.settings.allSatisfy { $0.rewritable })
            #expect(job.status == .completed)
            #expect(job.result == .init(moved: 2, remaining: 0, remainingHidden: false, settingsRewritten: true))
            await #expect(throws: MarfaError.self) { try await api.getType(path: .init(id: "app.deal")) }

            for id in [first, second] {
                let item = try await test.item(id)
                #expect(item["type"]?.string == "app.contract")
                #expect(item["properties"]?["stage"]?.string == "signed")
            }
            #expect(try await test.item(second)["state"]?.string == "archived")
            // A snapshot per moved item, written by the key.
            let snapshots = try await test.send(.get, "/items/\(first)/versions").body["snapshots"]?.array ?? []
            #expect(snapshots.last?["type"]?.string == "app.deal")
            #expect(snapshots.last?["writer"]?["kind"]?.string == "key")

            let folder = try await api.getFolder(path: .init(id: "deals")).ok.body.json.folder
            #expect(folder.search.types == ["app.contract", "core.note"])
            #expect(folder.defaults?._type == "app.contract")
            #expect(folder.firstPlacement?.additionalProperties == ["app.contract": "Deals/"])
            #expect(
                try await api.getView(path: .init(id: "open-deals")).ok.body.json.view.search.types == ["app.contract"])
            let webhook = try await api.listWebhooks().ok.body.json.webhooks[0]
            #expect(webhook.typeFilter == .value("app.contract"))
        }
    }

    @Test func propertiesMergeAndANullRemovesOne() async throws {
        try await APITestInstance.with { test in
            let api = try test.api()
            try await test.registerTypes("app.deal", "app.contract")
            let id = try await test.createItem("app.deal", properties: #"{"title": "Acme", "amount": 12}"#)
            let started = try await api.startMove(
                ofType: "app.deal", to: "app.contract", properties: ["stage": "signed", "amount": nil])
            let job = try await api.follow(moveJob: started.id, every: .milliseconds(20))
            #expect(job.status == .completed)
            let properties = try await test.item(id)["properties"]
            #expect(properties == ["title": "Acme", "stage": "signed"])
        }
    }

    @Test func propertiesTheDestinationRefusesMoveNothing() async throws {
        try await APITestInstance.with { test in
            let api = try test.api()
            try await test.registerTypes("app.deal", "app.contract")
            let id = try await test.createItem("app.deal", properties: #"{"title": "Acme"}"#)
            let error = try await #require(throws: MarfaError.self) {
                try await api.startMove(ofType: "app.deal", to: "app.contract", properties: ["amount": "lots"])
            }
            #expect(error.code() == "validation")
            #expect(try await test.item(id)["type"]?.string == "app.deal")
        }
    }

    @Test func cancelStopsTheJobBetweenBatchesAndKeepsWhatMoved() async throws {
        var options = LocalInstance.Options(requestsPerMinute: nil, log: { _ in })
        options.typeMoveBatchSize = 5
        options.typeMovePause = .milliseconds(20)
        // The pause between batches runs on this clock: the job waits after each batch until it moves.
        let clock = ManualClock()
        options.clock = clock
        try await APITestInstance.with(options: options) { test in
            let api = try test.api()
            try await test.registerTypes("app.deal", "app.contract")
            for index in 0..<400 { try await test.createItem("app.deal", properties: #"{"title": "Deal \#(index)"}"#) }
            let started = try await api.startMove(ofType: "app.deal", to: "app.contract")
            // Progress shows while the job runs: two batches, each followed by a pause.
            await clock.waitForSleepers(1)
            clock.advance(by: .milliseconds(20))
            await clock.waitForSleepers(1)
            let running = try await api.getTypeMove(path: .init(id: started.id)).ok.body.json
            #expect(running.result?.moved == 10)
            #expect(running.status == .running)
            let canceled = try await api.cancel(moveJob: started.id)
            #expect(canceled.status == .canceled)
            let result = try #require(canceled.result)
            #expect(result.moved < 400)
            #expect(result.remaining == 400 - result.moved)
            #expect(!result.settingsRewritten && !result.remainingHidden)

            // Items already moved stay moved, and nothing moves after the cancel, however long passes.
            #expect(result.moved == 10)
            clock.advance(by: .seconds(60))
            let after = try await api.getTypeMove(path: .init(id: started.id)).ok.body.json
            #expect(after.result == canceled.result)
            let preview = try await api.previewMove(ofType: "app.deal", to: "app.contract")
            #expect(preview.items == result.remaining)

            // Running the move again finishes it, its pauses passing as they begin.
            let pauses = Task { await Self.passPauses(on: clock, of: .milliseconds(20)) }
            defer { pauses.cancel() }
            let rerun = try await api.follow(
                moveJob: try await api.startMove(ofType: "app.deal", to: "app.contract").id, every: .milliseconds(20))
            #expect(
                rerun.result
                    == .init(moved: result.remaining, remaining: 0, remainingHidden: false, settingsRewritten: true))
        }
    }

    @Test func hiddenItemsRemainAndARerunWithTheOwnersKeyFinishes() async throws {
        try await APITestInstance.with { test in
            let owner = try test.api()
            try await test.registerTypes("app.deal", "app.contract")
            let crmKey = try await test.appKey(source: "crm")
            try await test.createItem("app.deal", properties: #"{"title": "Visible"}"#, key: crmKey)
            try await test.createItem("app.deal", properties: #"{"title": "Owner's"}"#)
            try await nameDealsInSettings(owner)

            let crm = try test.api(key: crmKey)
            let preview = try await crm.previewMove(ofType: "app.deal", to: "app.contract")
            #expect(preview.items == 1 && preview.itemsHidden)
            let job = try await crm.follow(
                moveJob: try await crm.startMove(ofType: "app.deal", to: "app.contract").id, every: .milliseconds(20))
            #expect(job.status == .completed)
            #expect(job.result == .init(moved: 1, remaining: 1, remainingHidden: true, settingsRewritten: false))
            // The settings still name the old type while an item remains.
            #expect(
                try await owner.getView(path: .init(id: "open-deals")).ok.body.json.view.search.types == ["app.deal"])

            let finished = try await owner.follow(
                moveJob: try await owner.startMove(ofType: "app.deal", to: "app.contract").id, every: .milliseconds(20))
            #expect(finished.result == .init(moved: 1, remaining: 0, remainingHidden: false, settingsRewritten: true))
            #expect(
                try await owner.getView(path: .init(id: "open-deals")).ok.body.json.view.search.types == [
                    "app.contract"
                ])
        }
    }

    @Test func aSettingTheMoveCannotRewriteBlocksItAndNothingMoves() async throws {
        try await APITestInstance.with { test in
            let api = try test.api()
            try await test.registerTypes("app.deal", "app.contract")
            let id = try await test.createItem("app.deal", properties: #"{"title": "Acme"}"#)
            _ = try await api.createView(
                body: .json(
                    .init(
                        id: "mentions", name: "Mentions deals", search: .init(filter: #"properties.kind = "app.deal""#))
                )
            ).created
            _ = try await api.createFolder(
                body: .json(.init(id: "deals", title: "Deals", search: .init(types: ["app.deal"])))
            ).created

            let preview = try await api.previewMove(ofType: "app.deal", to: "app.contract")
            let blocked = try #require(preview.settings.first { $0.id == "mentions" })
            #expect(!blocked.rewritable && blocked.reason != nil)

            let error = try await #require(throws: MarfaError.self) {
                try await api.startMove(ofType: "app.deal", to: "app.contract", properties: ["stage": "signed"])
            }
            guard case .server(409, "type_move_blocked", let message) = error else {
                Issue.record("expected type_move_blocked, got \(error)")
                return
            }
            #expect(message.hasSuffix(#"view "Mentions deals" (mentions)"#))
            #expect(try await test.item(id)["type"]?.string == "app.deal")
            #expect(try await api.getFolder(path: .init(id: "deals")).ok.body.json.folder.search.types == ["app.deal"])
        }
    }

    @Test func cancelingTheFollowingTaskStopsTheWaitNotTheJob() async throws {
        var options = LocalInstance.Options(requestsPerMinute: nil, log: { _ in })
        options.typeMoveBatchSize = 2
        try await APITestInstance.with(options: options) { test in
            let api = try test.api()
            try await test.registerTypes("app.deal", "app.contract")
            for index in 0..<60 { try await test.createItem("app.deal", properties: #"{"title": "Deal \#(index)"}"#) }
            let started = try await api.startMove(ofType: "app.deal", to: "app.contract")
            let (polled, poll) = AsyncStream.makeStream(of: Void.self)
            let waiting = Task {
                try await api.follow(moveJob: started.id, every: .seconds(30)) { _ in poll.yield() }
            }
            for await _ in polled { break }
            waiting.cancel()
            let outcome = await waiting.result
            guard case .failure(let error as MarfaError) = outcome, case .canceled = error else {
                Issue.record("expected canceled, got \(outcome)")
                return
            }
            let job = try await api.follow(moveJob: started.id, every: .milliseconds(20))
            #expect(job.status == .completed)
            #expect(job.result?.moved == 60)
        }
    }

    /// Moves `clock` by `pause` each time a task begins to sleep on it, until canceled.
    static func passPauses(on clock: ManualClock, of pause: Duration) async {
        while !Task.isCancelled {
            await clock.waitForSleepers(1)
            if Task.isCancelled { return }
            clock.advance(by: pause)
        }
    }

    @Test func progressIsReportedAsTheJobIsPolled() async throws {
        try await APITestInstance.with { test in
            let api = try test.api()
            try await test.registerTypes("app.deal", "app.contract")
            for index in 0..<5 { try await test.createItem("app.deal", properties: #"{"title": "Deal \#(index)"}"#) }
            let started = try await api.startMove(ofType: "app.deal", to: "app.contract")
            var seen: [Components.Schemas.TypeMoveJob] = []
            for try await job in api.moveProgress(ofJob: started.id, every: .milliseconds(10)) { seen.append(job) }
            #expect(seen.last?.status == .completed)
            #expect(seen.last?.result?.moved == 5)
        }
    }
}
