import Foundation

/// Reports an app's errors and a short list of its events to a PostHog project.
///
/// Nothing is sent until the app has called `configure(_:)` and set `isEnabled` (it starts off).
/// Every call returns at once; sending happens in the background, one attempt per request, gzip
/// compressed. An error becomes one PostHog `$exception` event; an event becomes one OTLP log
/// record, sent in batches of 50, after 30 seconds, or on `flush`.
///
/// What a report can carry is fixed at compile time: operations, event names and attribute names
/// are `StaticString`, attribute values numbers, booleans or `StaticString`. A `MarfaError` is
/// described by text written in the SDK (its kind, a sentence, its server `code` when that is a
/// short lowercase word), any other error by its type's name; never a message or a value an error
/// carries.
public final class Telemetry: Sendable {
    /// The one instance an app uses.
    public static let shared = Telemetry()

    let engine: TelemetryEngine

    init(
        clock: any TelemetryClock = ContinuousTelemetryClock(), sender: TelemetrySender = TelemetrySender(),
        limits: TelemetryLimits = TelemetryLimits()
    ) {
        engine = TelemetryEngine(clock: clock, sender: sender, limits: limits)
    }

    /// Sets where reports go and which app they come from; later reports use the new configuration.
    public func configure(_ configuration: Configuration) {
        engine.configure(configuration)
    }

    /// Whether reports are sent; starts `false`. Setting it `false` drops every report waiting,
    /// stops a send under way, and sends nothing more until it is set `true` again. Reports made
    /// while it is `false` are dropped, not kept for later.
    public var isEnabled: Bool {
        get { engine.isEnabled }
        set { engine.setEnabled(newValue) }
    }

    /// Reports `error`, met during `operation`, as one exception. Held back when the same kind and
    /// operation went out less than a minute ago, or when 30 went out in the last hour; the next
    /// exception sent counts those held back.
    public func report(_ error: any Error, during operation: StaticString) {
        engine.report(ErrorDescription(error), operation: operation.description)
    }

    /// Reports a failure that is not a Swift error, as one exception of `type` whose value is
    /// `sentence`; held back like `report(_:during:)`.
    public func report(type: StaticString, sentence: StaticString, during operation: StaticString) {
        engine.report(
            ErrorDescription(type: type.description, sentence: sentence.description), operation: operation.description)
    }

    /// Queues the event `name` as one log record at `level`, with `attributes` (a repeated name
    /// keeps its last value). At most 500 records wait; beyond that the oldest is dropped, and the
    /// next batch's first record says how many were, in the attribute `marfa.dropped_records`.
    public func log(
        _ name: StaticString, level: LogLevel = .info, attributes: KeyValuePairs<StaticString, AttributeValue> = [:]
    ) {
        engine.log(
            name: name.description, level: level,
            attributes: attributes.map { (key: $0.key.description, value: $0.value) })
    }

    /// Sends every waiting record, and waits until every send under way has ended or `deadline`
    /// has passed, whichever comes first. Returns at once when reporting is off or unconfigured.
    public func flush(deadline: Duration = .seconds(2)) async {
        await engine.flush(deadline: deadline)
    }
}
