import Foundation
import Marfa
import Testing

@testable import MarfaTelemetry

@Suite("What goes on the wire")
struct WireFormatTests {
    @Test func anErrorIsOneExceptionEvent() async throws {
        try await withTelemetry { h in
            h.telemetry.report(
                MarfaError.notFound(code: "item_not_found", message: TestSecrets.message), during: "drain")
            await h.telemetry.flush()
            let request = try #require(h.receiver.captures.first)
            #expect(h.receiver.requests.count == 1)
            #expect(request.path == "/i/v0/e/")
            #expect(request.rawBody.starts(with: [0x1f, 0x8b]))
            let event = try #require(request.object)
            #expect(event["api_key"] as? String == testProjectToken)
            #expect(event["event"] as? String == "$exception")
            let installID = try String(contentsOf: h.installIDFile, encoding: .utf8).trimmingCharacters(in: .newlines)
            #expect(event["distinct_id"] as? String == installID)
            let timestamp = try #require(event["timestamp"] as? String)
            #expect(timestamp.hasSuffix("Z"))
            let sent = try Date(timestamp, strategy: .iso8601)
            #expect(abs(sent.timeIntervalSinceNow) < 24 * 3600)

            let exception = request.exception
            #expect(exception["type"] as? String == "MarfaError.not_found")
            #expect(exception["value"] as? String == MarfaError.notFound(code: "", message: "").telemetrySentence)
            let mechanism = try #require(exception["mechanism"] as? [String: Any])
            #expect(mechanism["handled"] as? Bool == true)
            let stacktrace = try #require(exception["stacktrace"] as? [String: Any])
            #expect(stacktrace["type"] as? String == "raw")
            let frames = try #require(stacktrace["frames"] as? [[String: Any]])
            #expect(frames.count == 1)
            #expect(frames.first?["platform"] as? String == "custom")
            #expect(frames.first?["function"] as? String == "drain")
            #expect(frames.first?["lang"] as? String == "swift")

            let properties = request.properties
            #expect(properties["operation"] as? String == "drain")
            #expect(properties["marfa_error_kind"] as? String == "not_found")
            #expect(properties["marfa_error_code"] as? String == "item_not_found")
            #expect(properties["$exception_level"] as? String == "error")
            #expect(properties["$process_person_profile"] as? Bool == false)
            #expect(properties["$app_name"] as? String == "telemetry-tests")
            #expect(properties["$app_version"] as? String == "9.8.7")
        }
    }

    @Test func anAppFailureAndAForeignErrorCarryOnlyFixedText() async throws {
        try await withTelemetry { h in
            h.telemetry.report(type: "editor_ended", sentence: "The editor's web process ended.", during: "editing")
            h.telemetry.report(LeakyAppError(), during: "import")
            await h.telemetry.flush()
            let exceptions = h.receiver.captures.map { $0.exception }
            let pairs = Set(exceptions.map { "\($0["type"] as? String ?? "")|\($0["value"] as? String ?? "")" })
            #expect(
                pairs == [
                    "editor_ended|The editor's web process ended.", "LeakyAppError|An error of a type outside Marfa.",
                ])
            #expect(h.receiver.captures.allSatisfy { $0.properties["marfa_error_kind"] == nil })
        }
    }

    @Test func anEventIsOneOTLPLogRecord() async throws {
        try await withTelemetry { h in
            for level in Telemetry.LogLevel.allCases { h.telemetry.log("level_check", level: level) }
            h.telemetry.log(
                "drain_finished",
                attributes: [
                    "pending": 3, "big": .integer(Int64.max), "ratio": 0.25, "complete": true, "phase": "drain",
                    "odd": .double(.nan), "far": .double(-.infinity), "pending": 4,
                ])
            h.telemetry.log("defaults")
            await h.telemetry.flush()
            let request = try #require(h.receiver.logBatches.first)
            #expect(h.receiver.requests.count == 1)
            #expect(request.path == "/i/v1/logs")
            #expect(request.headers["Authorization"] == "Bearer \(testProjectToken)")
            let logs = try #require(request.logs)
            #expect(logs.resourceAttributes["service.name"] == "telemetry-tests")
            #expect(logs.resourceAttributes["service.version"] == "9.8.7")
            #expect(logs.resourceLogs.first?.scopeLogs.first?.scope.name == "marfa-telemetry")

            let records = logs.records
            try #require(records.count == 8)
            #expect(records[0..<6].map(\.severityNumber) == [1, 5, 9, 13, 17, 21])
            #expect(records[0..<6].map(\.severityText) == ["trace", "debug", "info", "warn", "error", "fatal"])
            #expect(records[7].severityNumber == 9)
            let event = records[6]
            #expect(event.body.stringValue == "drain_finished")
            #expect(
                event.attributes.map(\.key) == [
                    "big", "ratio", "complete", "phase", "odd", "far", "pending", "posthogDistinctId",
                ])
            #expect(event.attribute("pending") == .init(intValue: "4"))
            #expect(event.attribute("big") == .init(intValue: "9223372036854775807"))
            #expect(event.attribute("ratio") == .init(doubleValue: .number(0.25)))
            #expect(event.attribute("complete") == .init(boolValue: true))
            #expect(event.attribute("phase") == .init(stringValue: "drain"))
            #expect(event.attribute("odd") == .init(doubleValue: .text("NaN")))
            #expect(event.attribute("far") == .init(doubleValue: .text("-Infinity")))
            let installID = try String(contentsOf: h.installIDFile, encoding: .utf8).trimmingCharacters(in: .newlines)
            #expect(records.allSatisfy { $0.attribute("posthogDistinctId")?.stringValue == installID })
            let nanoseconds = try #require(UInt64(event.timeUnixNano))
            #expect(abs(Double(nanoseconds) / 1e9 - Date().timeIntervalSince1970) < 24 * 3600)
        }
    }

    @Test func aRefusedRequestIsLostWithoutRetry() async throws {
        try await withTelemetry(answering: 503) { h in
            h.telemetry.report(MarfaError.closed, during: "sync")
            h.telemetry.log("opened")
            await h.telemetry.flush()
            #expect(h.outcomes(.refused(status: 503)) == 2)
            #expect(h.receiver.requests.count == 2)
            h.clock.advance(by: .seconds(3600))
            await h.telemetry.flush()
            #expect(h.receiver.requests.count == 2)
            #expect(h.statistics.inFlight == 0)
        }
    }

    @Test func anUnreachableHostLosesTheReport() async throws {
        let closed = try PostHogReceiver()
        let url = closed.url
        await closed.stop()
        try await withTelemetry { h in
            h.telemetry.configure(
                Telemetry.Configuration(
                    destination: try Telemetry.Destination(host: url, projectToken: testProjectToken),
                    serviceName: "telemetry-tests", serviceVersion: "9.8.7", installIDFile: h.installIDFile))
            h.telemetry.report(MarfaError.closed, during: "sync")
            h.telemetry.log("opened")
            await h.telemetry.flush()
            #expect(h.outcomes(.failed) == 2)
            #expect(h.statistics.inFlight == 0)
        }
    }
}
