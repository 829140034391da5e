import Foundation
import MarfaClock
import MarfaLocal
import MarfaOpenAPIRuntime
import Testing

/// Read views over real HTTP: one per credential, moved by what changes what credentials see and
/// by nothing else, certifying the eight conditional doors, and ending copy streams that outlive
/// them.
@Suite struct ReadViewTests {
    static let changedBody =
        #"{"error":{"code":"read_view_changed","message":"The read view changed. Rebuild the working copy."}}"#

    /// The credential's current view, from a copy stream's first marker.
    static func view(_ local: LocalTestInstance, key: String? = nil) async throws -> String {
        let stream = try await EventStreamReader.open(local, "?copy=1&edges=all", key: key)
        #expect(stream.status == 200)
        let marker = try #require(try await stream.nextEvent())
        return try #require(marker.data["read_view"]?.string)
    }

    /// `GET path` sending `view` as `X-Marfa-Read-View`.
    static func conditional(
        _ local: LocalTestInstance, _ path: String, _ view: String, key: String? = nil
    ) async throws -> RawAnswer {
        try await local.send(.get, path, key: key.map { .some($0) } ?? .none, headers: ["X-Marfa-Read-View": view])
    }

    /// Mints a key with `json` (label and source added); answers its plaintext and id.
    static func mintKey(
        _ local: LocalTestInstance, _ name: String, reach: String = #""type_permissions":{"core.*":"write"}"#
    ) async throws -> (key: String, id: String) {
        let answer = try await local.send(.post, "/keys", json: #"{"label":"\#(name)","source":"\#(name)",\#(reach)}"#)
        #expect(answer.status == 201, "\(answer.text)")
        return (try #require(answer.json["key"]?.string), try #require(answer.json["id"]?.string))
    }

    @Test func eachCredentialHasItsOwnViewAndAnAppsTokensShareOne() async throws {
        try await LocalTestInstance.with { local in
            let owner = try await Self.view(local)
            #expect(owner.count == 64 && owner.allSatisfy { "0123456789abcdef".contains($0) })
            #expect(try await Self.view(local) == owner, "the same key sees the same view")
            let other = try await Self.mintKey(local, "other")
            let otherView = try await Self.view(local, key: other.key)
            #expect(otherView != owner)

            let certified = try await Self.conditional(local, "/types", owner)
            #expect(certified.status == 200)
            #expect(certified.headers["X-Marfa-Read-View"] == owner)
            #expect(certified.headers["Cache-Control"] == "no-store")
            let foreign = try await Self.conditional(local, "/types", otherView)
            #expect(foreign.status == 409)
            #expect(foreign.text == Self.changedBody)
            #expect(foreign.headers["X-Marfa-Read-View"] == nil)

            let player = OAuthPlayer(local.instance)
            let app = try await player.register()
            let first = try await player.tokens(clientID: app, scope: "core.note:read offline_access")
            let second = try await player.tokens(clientID: app, scope: "core.note:read offline_access")
            let narrower = try await player.tokens(clientID: app, scope: "core.task:read offline_access")
            let firstView = try await Self.view(local, key: first.access)
            #expect(try await Self.view(local, key: second.access) == firstView, "one app, the same scopes: one view")
            #expect(try await Self.view(local, key: narrower.access) != firstView)
            #expect(firstView != owner)
            let refreshed = try await player.token([
                ("grant_type", "refresh_token"), ("refresh_token", try #require(first.refresh)), ("client_id", app),
            ])
            let renewed = try #require(refreshed.json["access_token"]?.string)
            #expect(try await Self.view(local, key: renewed) == firstView, "a refresh keeps the view")
        }
    }

    @Test func contentEditsKeepTheViewAndSchemaChangesMoveIt() async throws {
        let clock = ManualClock()
        var options = LocalInstance.Options(log: { _ in })
        options.clock = clock
        try await LocalTestInstance.with(options: options) { local in
            var view = try await Self.view(local)
            /// Expects `view` still certified, or (with `moved`) refused and replaced by the new one.
            func check(_ what: String, moved: Bool) async throws {
                let answer = try await Self.conditional(local, "/edge-types", view)
                #expect(answer.status == (moved ? 409 : 200), "\(what)")
                if moved { view = try await Self.view(local) }
            }
            let note = try await EventStreamTests.note(local, "a")
            let other = try await EventStreamTests.note(local, "b")
            #expect(
                try await local.send(
                    .patch, "/items/\(note)", json: #"{"version":1,"properties":{"title":"c"},"tier":"feed"}"#
                ).status == 200)
            #expect(try await local.send(.post, "/items/\(note)/tags", json: #"{"tags":["x"]}"#).status == 200)
            #expect(
                try await local.send(.post, "/items/\(note)/transition", json: #"{"state":"archived"}"#).status == 200)
            let edge = try await EdgeTests.edge(local, "references", note, other)
            let edgeID = try #require(edge.json["edge"]?["id"]?.string)
            #expect(
                try await local.send(.patch, "/edges/\(edgeID)", json: #"{"version":1,"properties":{"w":1}}"#).status
                    == 200)
            #expect(try await local.send(.delete, "/edges/\(edgeID)").status == 200)
            #expect(try await local.send(.delete, "/items/\(other)").status == 200)
            #expect(try await local.send(.post, "/items/\(other)/restore").status == 200)
            try await check("content, tier, state, bin and edge writes", moved: false)

            #expect(try await local.send(.post, "/types", json: #"{"id":"app.views.base","fields":{}}"#).status == 201)
            try await check("registering a type", moved: true)
            #expect(
                try await local.send(
                    .post, "/types", json: #"{"id":"app.views.thing","fields":{"title":{"type":"string"}}}"#
                ).status == 201)
            try await check("registering another type", moved: true)
            let unchanged = #"{"id":"app.views.thing","label":"Thing","fields":{"title":{"type":"string"}}}"#
            #expect(try await local.send(.put, "/types/app.views.thing", json: unchanged).status == 200)
            try await check("replacing a type under the same parent", moved: false)
            let reparented = #"{"id":"app.views.thing","parent":"app.views.base","fields":{"title":{"type":"string"}}}"#
            #expect(try await local.send(.put, "/types/app.views.thing", json: reparented).status == 200)
            try await check("re-parenting a type", moved: true)

            let retype = try await local.send(
                .patch, "/items/\(note)", json: #"{"version":2,"type":"app.views.thing","retype":true,"properties":{}}"#
            )
            #expect(retype.status == 200, "\(retype.text)")
            try await check("a retype", moved: true)

            #expect(
                try await local.send(.post, "/edge-types", json: #"{"id":"views-link","cardinality":"many-to-many"}"#)
                    .status == 201)
            try await check("registering an edge type", moved: true)
            #expect(try await local.send(.delete, "/edge-types/views-link").status == 200)
            try await check("deleting an edge type", moved: true)

            let member = try await Self.mintKey(local, "member", reach: #""type_permissions":{"core.note":"read"}"#)
            #expect(
                try await local.send(.patch, "/keys/\(member.id)", json: #"{"type_permissions":{"core.*":"read"}}"#)
                    .status == 200)
            try await check("widening a key's reach over types", moved: false)
            #expect(try await local.send(.patch, "/keys/\(member.id)", json: #"{"label":"renamed"}"#).status == 200)
            try await check("renaming a key", moved: false)
            #expect(
                try await local.send(.patch, "/keys/\(member.id)", json: #"{"type_permissions":{"core.task":"read"}}"#)
                    .status == 200)
            try await check("narrowing a key's reach", moved: true)

            #expect(try await local.send(.delete, "/types/app.views.thing?force=true").status == 200)
            try await check("deleting a type", moved: true)

            #expect(try await local.send(.post, "/housekeeping/trash-purge/run").status == 200)
            try await check("a trash purge that purges nothing", moved: false)
            #expect(try await local.send(.delete, "/items/\(other)").status == 200)
            clock.advance(by: .seconds(61 * 86_400))
            let sweep = try await local.send(.post, "/housekeeping/trash-purge/run")
            #expect(sweep.json["result"]?["removed"]?.int == 1, "\(sweep.text)")
            try await check("a trash purge that purges an item", moved: true)
        }
    }

    @Test func theEightDoorsAnswerCertifiedReads() async throws {
        try await LocalTestInstance.with { local in
            let note = try await EventStreamTests.note(local, "held")
            let other = try await EventStreamTests.note(local, "other")
            let edgeID = try #require(
                try await EdgeTests.edge(local, "references", note, other).json["edge"]?["id"]?.string)
            let view = try await Self.view(local)
            let doors = [
                "/items?include=metadata", "/items/\(note)", "/items/\(note)/edges", "/edges", "/edges/\(edgeID)",
                "/types",
                "/edge-types", "/keys/current",
            ]
            for door in doors {
                let answer = try await Self.conditional(local, door, view)
                #expect(answer.status == 200, "\(door): \(answer.text)")
                #expect(answer.headers["X-Marfa-Read-View"] == view, "\(door)")
                #expect(answer.headers["Cache-Control"] == "no-store", "\(door)")
                let plain = try await local.send(.get, door)
                #expect(plain.headers["X-Marfa-Read-View"] == nil, "\(door)")
            }
            let page = try await Self.conditional(local, "/items?include=metadata&state=any", view)
            let rows = try #require(page.json["data"]?.array)
            #expect(rows.count == 2)
            #expect(rows.allSatisfy { $0["listed"] == .bool(true) && $0["item"] != nil && $0["metadata"] != nil })
            #expect(try await Self.conditional(local, "/items/\(note)", view).json["listed"] == .bool(true))
            #expect(try await local.send(.get, "/items/\(note)").json["listed"] == nil)
            #expect(try await local.send(.get, "/items?include=metadata").json["data"]?.array?.first?["listed"] == nil)

            let bare = try await Self.conditional(local, "/items", view)
            #expect(bare.status == 400, "a conditional listing needs include=metadata")

            let missingItem = try await Self.conditional(local, "/items/01900000-0000-7000-8000-0000000000ff", view)
            #expect(missingItem.errorCode == "item_not_found")
            #expect(missingItem.headers["X-Marfa-Read-View"] == view)
            #expect(missingItem.headers["Cache-Control"] == "no-store")
            let missingEdge = try await Self.conditional(local, "/edges/01900000-0000-7000-8000-0000000000ff", view)
            #expect(missingEdge.errorCode == "edge_not_found")
            #expect(missingEdge.headers["X-Marfa-Read-View"] == view)
            let badState = try await Self.conditional(local, "/items?include=metadata&state=bogus", view)
            #expect(badState.status == 400)
            #expect(badState.headers["X-Marfa-Read-View"] == nil, "other refusals are not certified")

            for door in ["/items/stats", "/metadata/tags", "/items/\(note)/backrefs", "/items/\(note)/metadata"] {
                let refused = try await Self.conditional(local, door, view)
                #expect(refused.status == 400, "\(door)")
                #expect(refused.errorCode == "validation_error", "\(door)")
            }
            let malformed = try await Self.conditional(local, "/types", "ABC")
            #expect(malformed.status == 400)
            let write = try await local.send(
                .post, "/items", json: #"{"type":"core.note","properties":{"title":"w"}}"#,
                headers: ["X-Marfa-Read-View": String(repeating: "0", count: 64)])
            #expect(write.status == 201, "the header is ignored on writes")

            let player = OAuthPlayer(local.instance)
            let app = try await player.register()
            let token = try await player.tokens(clientID: app, scope: "core.note:read")
            let tokenView = try await Self.view(local, key: token.access)
            let forbidden = try await Self.conditional(local, "/keys/current", tokenView, key: token.access)
            #expect(forbidden.status == 403)
            #expect(forbidden.errorCode == "forbidden")
            #expect(forbidden.headers["X-Marfa-Read-View"] == tokenView)
        }
    }

    @Test func aCopyStreamEndsWhenTheViewChanges() async throws {
        try await LocalTestInstance.with { local in
            #expect(try await local.send(.post, "/types", json: #"{"id":"app.views.other","fields":{}}"#).status == 201)
            let note = try await EventStreamTests.note(local, "moving")
            let stream = try await EventStreamReader.open(local, "?copy=1&edges=all")
            let markers = try await stream.events(2)
            #expect(markers.map(\.eventType) == ["stream_cursor", "stream_live"])
            let view = try #require(markers[0].data["read_view"]?.string)
            let cursor = try #require(markers[1].data["cursor"]?.string)

            #expect(
                try await local.send(.patch, "/items/\(note)", json: #"{"version":1,"properties":{"title":"edited"}}"#)
                    .status == 200)
            let edited = try #require(try await stream.nextEvent())
            #expect(edited.eventType == "item.updated")
            #expect(edited.data["listed"] == .bool(true))

            let retype = try await local.send(
                .patch, "/items/\(note)", json: #"{"version":2,"type":"app.views.other","retype":true,"properties":{}}"#
            )
            #expect(retype.status == 200)
            let ended = try #require(try await stream.nextEvent())
            #expect(ended.eventType == "read_view_changed")
            #expect(ended.id == nil)
            #expect(ended.data == ["event_type": "read_view_changed"])
            #expect(try await stream.next() == nil, "the stream closes, without the retype's own event")

            let stale = try await EventStreamReader.open(
                local, "?copy=1&edges=all", lastEventID: edited.id ?? cursor, headers: ["X-Marfa-Read-View": view])
            #expect(stale.status == 409)
            #expect(stale.refusal?.text == Self.changedBody)
        }
    }

    @Test func aTypeMoveEndsACopyStreamBeforeItsFirstRetype() async throws {
        try await LocalTestInstance.with { local in
            for type in ["app.views.deal", "app.views.contract"] {
                #expect(try await local.send(.post, "/types", json: #"{"id":"\#(type)","fields":{}}"#).status == 201)
            }
            try await EventStreamTests.note(local, "deal", type: "app.views.deal")
            let copy = try await EventStreamReader.open(local, "?copy=1&edges=all")
            #expect(try await copy.events(2).map(\.eventType) == ["stream_cursor", "stream_live"])
            let started = try await local.send(
                .post, "/type-moves", json: #"{"from":"app.views.deal","to":"app.views.contract"}"#)
            #expect(started.status == 202, "\(started.text)")
            #expect(try await copy.nextEvent()?.eventType == "read_view_changed")
            #expect(try await copy.next() == nil)
        }
    }

    @Test func aChangeWithoutAnEventEndsACopyStreamButNotAPlainOne() async throws {
        try await LocalTestInstance.with { local in
            let copy = try await EventStreamReader.open(local, "?copy=1&edges=all")
            let plain = try await EventStreamReader.open(local)
            #expect(try await copy.events(2).count == 2)
            #expect(try await plain.events(2).count == 2)
            #expect(
                try await local.send(.post, "/edge-types", json: #"{"id":"views-link","cardinality":"many-to-many"}"#)
                    .status == 201)
            let ended = try #require(try await copy.nextEvent())
            #expect(ended.eventType == "read_view_changed")
            #expect(try await copy.next() == nil)

            try await EventStreamTests.note(local, "after")
            #expect(try await plain.nextEvent()?.eventType == "item.created")
        }
    }
}
