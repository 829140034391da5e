/// The settings `Server.updateConfig(_:expecting:)` changes. Each field is a `SettingChange`:
/// `.set(value)`, or `.clear` to return to the server's default. A field left nil isn't sent, so
/// the instance keeps it.
public struct InstanceConfigPatch: Sendable, Hashable {
    /// `.set` makes the levers exactly the ones given (a lever left nil is removed); `.clear` removes every lever.
    public var enforcement: SettingChange<Enforcement>?
    /// How many hops an event may take through webhooks and automations.
    public var maxEventHopBudget: SettingChange<Int>?
    /// Days the audit log is kept.
    public var auditRetentionDays: SettingChange<Int>?
    /// Hours the event log is kept.
    public var eventLogRetentionHours: SettingChange<Int>?
    /// Days an item stays in the bin before it is purged; 0 keeps it.
    public var trashRetentionDays: SettingChange<Int>?
    /// Days the activity log is kept.
    public var activityRetentionDays: SettingChange<Int>?
    /// Days handled inbound webhook deliveries are kept.
    public var inboundHandledRetentionDays: SettingChange<Int>?
    /// Days pending inbound webhook deliveries are kept.
    public var inboundPendingRetentionDays: SettingChange<Int>?

    /// A patch changing the settings given; the rest are not sent.
    public init(
        enforcement: SettingChange<Enforcement>? = nil, maxEventHopBudget: SettingChange<Int>? = nil,
        auditRetentionDays: SettingChange<Int>? = nil, eventLogRetentionHours: SettingChange<Int>? = nil,
        trashRetentionDays: SettingChange<Int>? = nil, activityRetentionDays: SettingChange<Int>? = nil,
        inboundHandledRetentionDays: SettingChange<Int>? = nil, inboundPendingRetentionDays: SettingChange<Int>? = nil
    ) {
        self.enforcement = enforcement
        self.maxEventHopBudget = maxEventHopBudget
        self.auditRetentionDays = auditRetentionDays
        self.eventLogRetentionHours = eventLogRetentionHours
        self.trashRetentionDays = trashRetentionDays
        self.activityRetentionDays = activityRetentionDays
        self.inboundHandledRetentionDays = inboundHandledRetentionDays
        self.inboundPendingRetentionDays = inboundPendingRetentionDays
    }

    /// The wire body: `.set` as a value, `.clear` as `null`, nil left out; `instanceID` as `instance_id`.
    func wire(expecting instanceID: String?) -> Components.Schemas.InstanceConfigPatch {
        func number(_ change: SettingChange<Int>?) -> Nullable<Int>? { change?.wire { $0 } }
        return .init(
            instanceId: instanceID, enforcement: enforcement?.wire(\.wirePatch),
            maxEventHopBudget: number(maxEventHopBudget), auditRetentionDays: number(auditRetentionDays),
            eventLogRetentionHours: number(eventLogRetentionHours), trashRetentionDays: number(trashRetentionDays),
            activityRetentionDays: number(activityRetentionDays),
            inboundHandledRetentionDays: number(inboundHandledRetentionDays),
            inboundPendingRetentionDays: number(inboundPendingRetentionDays))
    }
}
