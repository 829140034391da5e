import Foundation

/// What PostHog's capture API and its exception processor require of a `$exception` event.
enum CaptureRules {
    /// Properties the server computes, which a client must not send.
    static let serverComputed: Set<String> = [
        "$exception_types", "$exception_values", "$exception_sources", "$exception_functions",
        "$exception_issue_id", "$exception_proposed_fingerprint", "$exception_fingerprint_record",
        "$exception_releases",
    ]

    static func problems(_ request: ReceivedRequest, projectToken: String) -> [String] {
        guard let event = request.object else { return ["the body is not a JSON object"] }
        var problems: [String] = []
        if event["api_key"] as? String != projectToken { problems.append("api_key is not the project token") }
        if (event["event"] as? String)?.isEmpty != false { problems.append("no event name") }
        if event["event"] as? String != "$exception" { problems.append("event is not $exception") }
        if let id = event["distinct_id"] as? String {
            if id.isEmpty || id.count > 200 { problems.append("distinct_id empty or longer than 200") }
        } else {
            problems.append("no distinct_id string")
        }
        if let timestamp = event["timestamp"] {
            if (timestamp as? String).flatMap({ try? Date($0, strategy: .iso8601) }) == nil {
                problems.append("timestamp is not ISO 8601")
            }
        }
        if let uuid = event["uuid"], (uuid as? String).flatMap(UUID.init(uuidString:)) == nil {
            problems.append("uuid is not a UUID")
        }
        guard let properties = event["properties"] as? [String: Any] else { return problems + ["no properties"] }
        problems += serverComputed.intersection(properties.keys).map { "sends the server-computed \($0)" }
        guard let list = properties["$exception_list"] as? [[String: Any]], !list.isEmpty else {
            return problems + ["no $exception_list entries"]
        }
        return problems + list.flatMap(exceptionProblems)
    }

    private static func exceptionProblems(_ exception: [String: Any]) -> [String] {
        var problems: [String] = []
        if (exception["type"] as? String)?.isEmpty != false { problems.append("an exception without a type") }
        if let value = exception["value"], !(value is String) { problems.append("an exception value that is not text") }
        if let mechanism = exception["mechanism"], !(mechanism is [String: Any]) {
            problems.append("a mechanism that is not an object")
        }
        guard let stacktrace = exception["stacktrace"] else { return problems }
        guard let stacktrace = stacktrace as? [String: Any], stacktrace["type"] as? String == "raw",
            let frames = stacktrace["frames"] as? [[String: Any]]
        else { return problems + ["a stacktrace that is not {type: raw, frames: [...]}"] }
        for frame in frames where frame["platform"] as? String == "custom" {
            if (frame["function"] as? String)?.isEmpty != false || (frame["lang"] as? String)?.isEmpty != false {
                problems.append("a custom frame without function or lang")
            }
        }
        if frames.contains(where: { $0["platform"] as? String != "custom" }) {
            problems.append("a frame that is not custom")
        }
        return problems
    }
}
