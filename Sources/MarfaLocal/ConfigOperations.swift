import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

extension LocalAPI {
    typealias InstanceConfig = Components.Schemas.InstanceConfig

    /// The settings as stored (absent ones take the defaults), with the instance's id. A stored
    /// text read before is not decoded again (every create reads the settings).
    func storedConfig(_ db: SQLiteConnection) throws -> InstanceConfig {
        var config = try Self.decodedConfigs.value(of: try store.meta("config", in: db)) { text in
            try text.map { try StoredJSON.decode(InstanceConfig.self, $0) } ?? InstanceConfig()
        }
        config.instanceId = store.instanceID
        return config
    }

    /// Settings decoded, by their stored text.
    private static let decodedConfigs = DecodedTextMemo<InstanceConfig>(capacity: 16)

    /// Stores `config`, records which settings changed, and answers it as stored.
    func saveConfig(_ config: InstanceConfig, action: String, in db: SQLiteConnection) throws -> InstanceConfig {
        try Self.checkRanges(config)
        let before = try storedConfig(db)
        var stored = config
        stored.instanceId = nil
        try store.setMeta("config", try StoredJSON.encode(stored), in: db)
        let after = try storedConfig(db)
        let changed = try Self.changedSettings(before, after)
        try AuditLog.record(
            action, resourceType: "config", resourceID: store.instanceID,
            details: ["changed": .array(changed.map { .string($0) })],
            at: clock.now, in: db)
        return after
    }

    static func changedSettings(_ a: InstanceConfig, _ b: InstanceConfig) throws -> [String] {
        let left = try JSONCoding.decode(OpenAPIObject.self, from: JSONCoding.encode(a))
        let right = try JSONCoding.decode(OpenAPIObject.self, from: JSONCoding.encode(b))
        return Set(left.keys).union(right.keys).filter { left[$0] != right[$0] }.sorted()
    }

    /// `400 validation_error` for a setting out of its range.
    static func checkRanges(_ config: InstanceConfig) throws {
        let values: [(String, Int?)] = [
            ("audit_retention_days", config.auditRetentionDays),
            ("event_log_retention_hours", config.eventLogRetentionHours),
            ("trash_retention_days", config.trashRetentionDays),
            ("activity_retention_days", config.activityRetentionDays),
            ("inbound_handled_retention_days", config.inboundHandledRetentionDays),
            ("inbound_pending_retention_days", config.inboundPendingRetentionDays),
            ("max_event_hop_budget", config.maxEventHopBudget),
        ]
        for (name, value) in values {
            guard let value else { continue }
            if value < 0 || (name == "max_event_hop_budget" && value > 100) {
                throw LocalError.validation(
                    "\(name) is out of range.",
                    details: ["errors": .array([.object(["path": .string(name), "message": .string("out of range")])])])
            }
        }
    }

    /// The key, when it holds `config.manage`.
    func requireConfigManage() throws -> KeyRecord { try RequestContext.current.require("config.manage") }

    func getSpaceConfig(_ input: Operations.GetSpaceConfig.Input) async throws -> Operations.GetSpaceConfig.Output {
        _ = try requireConfigManage()
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(try await read(storedConfig))))
    }

    func getConfig(_ input: Operations.GetConfig.Input) async throws -> Operations.GetConfig.Output {
        _ = try requireConfigManage()
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(try await read(storedConfig))))
    }

    func updateSpaceConfig(
        _ input: Operations.UpdateSpaceConfig.Input
    ) async throws -> Operations.UpdateSpaceConfig.Output {
        _ = try requireConfigManage()
        guard case .json(let patch) = input.body else { throw LocalError.validation("A JSON body is required.") }
        if let expected = patch.instanceId, expected != store.instanceID {
            throw LocalError.conflict(
                "instance_changed",
                "Another instance answers at this address (\(store.instanceID), not \(expected)); nothing changed.",
                details: ["instance_id": .string(store.instanceID)])
        }
        let answer = try await write { db -> InstanceConfig in
            var config = try storedConfig(db)
            func apply(_ change: Nullable<Int>?, _ path: WritableKeyPath<InstanceConfig, Int?>) {
                switch change {
                case .none: break
                case .some(.null): config[keyPath: path] = nil
                case .some(.value(let value)): config[keyPath: path] = value
                }
            }
            apply(patch.maxEventHopBudget, \.maxEventHopBudget)
            apply(patch.auditRetentionDays, \.auditRetentionDays)
            apply(patch.eventLogRetentionHours, \.eventLogRetentionHours)
            apply(patch.trashRetentionDays, \.trashRetentionDays)
            apply(patch.activityRetentionDays, \.activityRetentionDays)
            apply(patch.inboundHandledRetentionDays, \.inboundHandledRetentionDays)
            apply(patch.inboundPendingRetentionDays, \.inboundPendingRetentionDays)
            switch patch.enforcement {
            case .none: break
            case .some(.null): config.enforcement = nil
            case .some(.value(let levers)):
                var enforcement = config.enforcement ?? .init()
                switch levers.strictMode {
                case .none: break
                case .some(.null): enforcement.strictMode = nil
                case .some(.value(let value)): enforcement.strictMode = value
                }
                switch levers.sourceAllowlist {
                case .none: break
                case .some(.null): enforcement.sourceAllowlist = nil
                case .some(.value(let value)): enforcement.sourceAllowlist = value
                }
                switch levers.sourceFilter {
                case .none: break
                case .some(.null): enforcement.sourceFilter = nil
                case .some(.value(let value)): enforcement.sourceFilter = value
                }
                let empty =
                    enforcement.strictMode == nil && enforcement.sourceAllowlist == nil
                    && enforcement.sourceFilter == nil
                config.enforcement = empty ? nil : enforcement
            }
            return try saveConfig(config, action: "config.update", in: db)
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(answer)))
    }

    func replaceSpaceConfig(
        _ input: Operations.ReplaceSpaceConfig.Input
    ) async throws -> Operations.ReplaceSpaceConfig.Output {
        _ = try requireConfigManage()
        guard case .json(let config) = input.body else { throw LocalError.validation("A JSON body is required.") }
        let answer = try await write { try saveConfig(config, action: "config.replace", in: $0) }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(answer)))
    }

    func replaceConfig(_ input: Operations.ReplaceConfig.Input) async throws -> Operations.ReplaceConfig.Output {
        _ = try requireConfigManage()
        guard case .json(let config) = input.body else { throw LocalError.validation("A JSON body is required.") }
        if let named = config.instanceId, named != store.instanceID {
            throw LocalError.validation("The body names the instance \(named), not this one (\(store.instanceID)).")
        }
        let answer = try await write { try saveConfig(config, action: "config.replace", in: $0) }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(answer)))
    }
}
