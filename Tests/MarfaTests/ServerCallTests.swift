import Foundation
import Marfa
import Synchronization
import Testing

/// The five calls against scripted instances on loopback: what goes on the wire and what comes back.
@Suite(.timeLimit(.minutes(1))) struct ServerCallTests {
    static let instanceID = "0190f5c2-7c1e-7000-8000-000000000001"

    @Test func instanceDescriptionSendsNoKey() async throws {
        try await withInstance({ _ in
            answer(
                json: """
                    {"name": "Home", "instance_id": "\(Self.instanceID)", "version": "5.1.0", "contract": 0,
                     "features": ["connectors"]}
                    """)
        }) { instance in
            let description = try await server(for: instance).instanceDescription()
            #expect(
                description
                    == InstanceDescription(
                        name: "Home", instanceID: Self.instanceID, version: "5.1.0", contract: 0,
                        features: ["connectors"]))
            let request = try #require(instance.requests.first)
            #expect(request.method == "GET")
            #expect(request.pathOnly == "/")
            #expect(request.headers["Authorization"] == nil)
        }
    }

    @Test func theOtherCallsSendTheKeyAsABearerToken() async throws {
        try await withInstance({ _ in answer(json: "{\"trash_retention_days\": 30}") }) { instance in
            _ = try await server(for: instance).config()
            #expect(instance.requests.first?.headers["Authorization"] == "Bearer \(testKey)")
            #expect(instance.requests.first?.pathOnly == "/spaces/me/config")
        }
    }

    @Test func aSignInSendsItsAccessToken() async throws {
        try await withInstance({ _ in answer(json: "{}") }) { instance in
            let credential = Credential(server: instance.url, accessToken: "marfa_at_token", scopes: ["config.manage"])
            _ = try await Server(url: instance.url, credential: credential).config()
            #expect(instance.requests.first?.headers["Authorization"] == "Bearer marfa_at_token")
        }
    }

    /// Three snapshots spread over pages, one of them short and one empty, each with `next` set.
    static func history(_ request: ReceivedRequest) -> (HTTPResponse, HTTPBody?) {
        func snapshot(_ version: Int, writer: String) -> String {
            """
            {"version": \(version), "type": "core.note", "tier": "library", "properties": {"title": "v\(version)"},
             "occurred_at": "2025-01-0\(version)T10:00:00Z", "source_id": "src-\(version)", "writer": \(writer),
             "created_at": "2025-02-0\(version)T10:00:00.250Z"}
            """
        }
        switch request.query["after"] {
        case nil:
            return answer(
                json:
                    "{\"snapshots\": [\(snapshot(1, writer: "{\"kind\": \"app\", \"id\": \"c1\", \"name\": \"Notes\"}"))], \"next\": 1}"
            )
        case "1":
            return answer(json: "{\"snapshots\": [], \"next\": 2}")
        case "2":
            return answer(
                json: """
                    {"snapshots": [\(snapshot(2, writer: "{\"kind\": \"robot\"}")), \(snapshot(3, writer: "null"))], "next": null}
                    """)
        default:
            return refusal(400, code: "validation_error", message: "Unexpected cursor.")
        }
    }

    @Test func snapshotsPageThroughShortAndEmptyPagesUntilNextIsNil() async throws {
        try await withInstance({ Self.history($0) }) { instance in
            let server = try server(for: instance)
            let id = "0190f5c2-aaaa-7000-8000-000000000002"
            var page = try await server.snapshots(ofItem: id)
            var history = page.snapshots
            var pages = 1
            while let next = page.next {
                page = try await server.snapshots(ofItem: id, after: next)
                history += page.snapshots
                pages += 1
            }
            #expect(pages == 3)
            #expect(history.map(\.version) == [1, 2, 3])
            #expect(instance.requests.map(\.pathOnly) == Array(repeating: "/items/\(id)/versions", count: 3))
            #expect(instance.requests.map { $0.query["after"] } == [nil, "1", "2"])

            let first = try #require(history.first)
            #expect(first.type == "core.note")
            #expect(first.tier == .library)
            #expect(first.properties["title"] == .string("v1"))
            #expect(first.sourceID == "src-1")
            #expect(first.occurredAt == ISO8601DateFormatter().date(from: "2025-01-01T10:00:00Z"))
            #expect(first.createdAt.timeIntervalSince1970.truncatingRemainder(dividingBy: 1) == 0.25)
            #expect(first.writer == Writer(kind: .app, id: "c1", name: "Notes"))
            #expect(history[1].writer?.kind == .other("robot"))
            #expect(history[1].writer?.kind.rawValue == "robot")
            #expect(history[2].writer == nil)
        }
    }

    @Test func snapshotsSendTheLimitAskedAndWithoutOneLetTheServerChoose() async throws {
        try await withInstance({ _ in answer(json: "{\"snapshots\": [], \"next\": null}") }) { instance in
            _ = try await server(for: instance).snapshots(ofItem: "item-1", after: 7, limit: 200)
            _ = try await server(for: instance).snapshots(ofItem: "item-1", limit: 1)
            _ = try await server(for: instance).snapshots(ofItem: "item-1")
            #expect(instance.requests.map(\.query) == [["after": "7", "limit": "200"], ["limit": "1"], [:]])
        }
    }

    @Test(arguments: [0, -1, 201, 10_000])
    func aLimitOutsideOneTo200IsRefusedBeforeSending(_ limit: Int) async throws {
        try await withInstance({ Self.history($0) }) { instance in
            let server = try server(for: instance)
            let error = await marfaError { _ = try await server.snapshots(ofItem: "item-1", limit: limit) }
            #expect(error?.code() == "invalid")
            #expect(instance.requests.isEmpty)
        }
    }

    @Test func anItemInTheBinIsNotFound() async throws {
        try await withInstance({ _ in refusal(404, code: "item_not_found", message: "Item not found.") }) { instance in
            let error = await marfaError { _ = try await server(for: instance).snapshots(ofItem: "gone") }
            #expect(error == .notFound(code: "item_not_found", message: "Item not found."))
        }
    }

    @Test func configReadsTheSettingsWithNilForDefaults() async throws {
        try await withInstance({ _ in
            answer(
                json: """
                    {"instance_id": "\(Self.instanceID)", "trash_retention_days": 30,
                     "enforcement": {"strict_mode": {"types": ["core.note"]},
                                     "source_filter": {"types": ["core.event"], "sources": ["calendar"]}}}
                    """)
        }) { instance in
            let settings = try await server(for: instance).config()
            #expect(settings.instanceID == Self.instanceID)
            #expect(settings.trashRetentionDays == 30)
            #expect(settings.auditRetentionDays == nil)
            #expect(settings.enforcement?.strictModeTypes == ["core.note"])
            #expect(settings.enforcement?.sourceFilter == .init(types: ["core.event"], sources: ["calendar"]))
            #expect(settings.enforcement?.sourceAllowlist == nil)
        }
    }

    @Test func updateConfigSendsSetAsAValueClearAsNullAndLeavesNilOut() async throws {
        try await withInstance({ request in
            if request.method == "GET" { return answer(json: "{\"instance_id\": \"\(Self.instanceID)\"}") }
            return answer(json: "{\"instance_id\": \"\(Self.instanceID)\", \"trash_retention_days\": 60}")
        }) { instance in
            let server = try server(for: instance)
            let settings = try await server.config()
            var patch = InstanceConfigPatch()
            patch.trashRetentionDays = .set(60)
            patch.auditRetentionDays = .clear
            patch.enforcement = .set(Enforcement(strictModeTypes: ["core.note"]))
            let stored = try await server.updateConfig(patch, expecting: settings.instanceID)
            #expect(stored.trashRetentionDays == 60)

            let request = try #require(instance.requests.last)
            #expect(request.method == "PATCH")
            #expect(request.pathOnly == "/spaces/me/config")
            #expect(request.headers["Content-Type"] == "application/json")
            #expect(request.headers["Idempotency-Key"]?.isEmpty == false)
            let body = try #require(request.json)
            #expect(body["instance_id"] == .string(Self.instanceID))
            #expect(body["trash_retention_days"] == .int(60))
            #expect(body["audit_retention_days"] == .null)
            #expect(body["event_log_retention_hours"] == nil)
            #expect(
                body["enforcement"] == [
                    "strict_mode": ["types": ["core.note"]], "source_allowlist": nil, "source_filter": nil,
                ])
            #expect(Set(body.keys) == ["instance_id", "trash_retention_days", "audit_retention_days", "enforcement"])
        }
    }

    @Test func updateConfigWithoutExpectingSendsNoInstance() async throws {
        try await withInstance({ _ in answer(json: "{}") }) { instance in
            var patch = InstanceConfigPatch()
            patch.trashRetentionDays = .set(60)
            _ = try await server(for: instance).updateConfig(patch)
            #expect(try #require(instance.requests.first?.json) == ["trash_retention_days": 60])
        }
    }

    @Test func setTypeIconSendsTheIconOrNullAndReturnsTheIconNow() async throws {
        try await withInstance({ request in
            let icon = request.json?["icon"]?.string
            return answer(json: "{\"id\": \"app.readinglist.entry\", \"icon\": \"\(icon ?? "lucide:book-open")\"}")
        }) { instance in
            let server = try server(for: instance)
            let entry = "app.readinglist.entry"
            let icon = try await server.setTypeIcon("lucide:scale", ofType: entry)
            #expect(icon == "lucide:scale")
            try await server.setTypeIcon(nil, ofType: entry)
            let requests = instance.requests
            #expect(requests.map(\.method) == ["PUT", "PUT"])
            #expect(requests.map(\.pathOnly) == ["/types/\(entry)/icon", "/types/\(entry)/icon"])
            #expect(requests[0].json == ["icon": "lucide:scale"])
            #expect(requests[1].json == ["icon": nil])
        }
    }

    @Test func anIconOutsideThePinnedSetsIsAValidationRefusalWithoutDetails() async throws {
        try await withInstance({ _ in
            refusal(400, code: "invalid_schema", message: "Unknown icon.", details: "{\"icon\": \"x:y\"}")
        }) { instance in
            let error = await marfaError { try await server(for: instance).setTypeIcon("x:y", ofType: "core.note") }
            #expect(error == .validation(code: "invalid_schema", message: "Unknown icon.", details: nil))
        }
    }

    /// A scripted instance that holds settings and an icon, and refuses changes meant for another instance.
    final class Settings: Sendable {
        let stored = Mutex((trash: 60, icon: "lucide:book"))
        let current: String

        init(instanceID: String) { current = instanceID }

        func respond(to request: ReceivedRequest) -> (HTTPResponse, HTTPBody?) {
            if let expected = request.json?["instance_id"]?.string, expected != current {
                return refusal(409, code: "instance_changed", message: "Another instance answers at this address.")
            }
            return stored.withLock { stored in
                if request.pathOnly.hasSuffix("/icon") {
                    stored.icon = request.json?["icon"]?.string ?? stored.icon
                    return answer(json: "{\"id\": \"core.note\", \"icon\": \"\(stored.icon)\"}")
                }
                if case .int(let days)? = request.json?["trash_retention_days"] { stored.trash = Int(days) }
                return answer(json: "{\"instance_id\": \"\(current)\", \"trash_retention_days\": \(stored.trash)}")
            }
        }
    }

    @Test func expectingAnotherInstanceThrowsInstanceChangedAndChangesNothing() async throws {
        let settings = Settings(instanceID: "0190f5c2-bbbb-7000-8000-00000000000b")
        try await withInstance({ settings.respond(to: $0) }) { instance in
            let server = try server(for: instance)
            var patch = InstanceConfigPatch()
            patch.trashRetentionDays = .set(5)
            let configError = await marfaError { _ = try await server.updateConfig(patch, expecting: Self.instanceID) }
            #expect(configError?.code() == "instance_changed")
            #expect(configError?.isHydrationNeeded == true)
            let iconError = await marfaError {
                try await server.setTypeIcon("lucide:scale", ofType: "core.note", expecting: Self.instanceID)
            }
            #expect(iconError?.code() == "instance_changed")
            #expect(settings.stored.withLock { $0.trash } == 60)
            #expect(settings.stored.withLock { $0.icon } == "lucide:book")
            #expect(
                instance.requests.map { $0.json?["instance_id"] } == [
                    .string(Self.instanceID), .string(Self.instanceID),
                ])

            let stored = try await server.updateConfig(patch, expecting: settings.current)
            #expect(stored.trashRetentionDays == 5)
        }
    }

    @Test func theSeedSamplesRunAsWritten() async throws {
        let settings = Settings(instanceID: Self.instanceID)
        try await withInstance({ request in
            request.pathOnly.hasSuffix("/versions") ? Self.history(request) : settings.respond(to: request)
        }) { instance in
            let serverURL = instance.url
            let credential = Credential(server: serverURL, accessToken: "marfa_at_token")
            let server = try Server(url: serverURL, credential: credential)
            let id = "item-1"
            var page = try await server.snapshots(ofItem: id)
            var history = page.snapshots
            while let next = page.next {
                page = try await server.snapshots(ofItem: id, after: next)
                history += page.snapshots
            }
            #expect(history.count == 3)

            let settingsRead = try await server.config()
            var patch = InstanceConfigPatch()
            patch.trashRetentionDays = .set(60)
            _ = try await server.updateConfig(patch, expecting: settingsRead.instanceID)

            let entry = "app.readinglist.entry"
            let icon = try await server.setTypeIcon("lucide:scale", ofType: entry)
            #expect(icon == "lucide:scale")
            try await server.setTypeIcon(nil, ofType: entry)
        }
    }
}
