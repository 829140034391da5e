/// The instance's settings, from `Server.config()`. A setting that is nil takes the server's default.
public struct InstanceConfig: Sendable, Hashable {
    /// The instance the settings belong to: pass it as `expecting:` so a change reaches only this one.
    public var instanceID: String?
    /// The enforcement levers; nil when none is on.
    public var enforcement: Enforcement?
    /// How many hops an event may take through webhooks and automations (0 to 100).
    public var maxEventHopBudget: Int?
    /// Days the audit log is kept (default 90).
    public var auditRetentionDays: Int?
    /// Hours the event log is kept (default 168). A copy offline longer must hydrate again.
    public var eventLogRetentionHours: Int?
    /// Days an item stays in the bin before it is purged (default 60); 0 keeps it.
    public var trashRetentionDays: Int?
    /// Days the activity log is kept.
    public var activityRetentionDays: Int?
    /// Days handled inbound webhook deliveries are kept (default 7).
    public var inboundHandledRetentionDays: Int?
    /// Days pending inbound webhook deliveries are kept (default 30).
    public var inboundPendingRetentionDays: Int?

    /// Settings as given, for previews and tests.
    public init(
        instanceID: String? = nil, enforcement: Enforcement? = nil, maxEventHopBudget: Int? = nil,
        auditRetentionDays: Int? = nil, eventLogRetentionHours: Int? = nil, trashRetentionDays: Int? = nil,
        activityRetentionDays: Int? = nil, inboundHandledRetentionDays: Int? = nil,
        inboundPendingRetentionDays: Int? = nil
    ) {
        self.instanceID = instanceID
        self.enforcement = enforcement
        self.maxEventHopBudget = maxEventHopBudget
        self.auditRetentionDays = auditRetentionDays
        self.eventLogRetentionHours = eventLogRetentionHours
        self.trashRetentionDays = trashRetentionDays
        self.activityRetentionDays = activityRetentionDays
        self.inboundHandledRetentionDays = inboundHandledRetentionDays
        self.inboundPendingRetentionDays = inboundPendingRetentionDays
    }

    init(_ wire: Components.Schemas.InstanceConfig) {
        self.init(
            instanceID: wire.instanceId, enforcement: wire.enforcement.map(Enforcement.init),
            maxEventHopBudget: wire.maxEventHopBudget, auditRetentionDays: wire.auditRetentionDays,
            eventLogRetentionHours: wire.eventLogRetentionHours, trashRetentionDays: wire.trashRetentionDays,
            activityRetentionDays: wire.activityRetentionDays,
            inboundHandledRetentionDays: wire.inboundHandledRetentionDays,
            inboundPendingRetentionDays: wire.inboundPendingRetentionDays)
    }
}
