import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// Webhooks: stored and listed with their secrets redacted (shown once, on creation). The local
/// instance delivers nothing, so every delivery list is empty. Needs `webhooks.manage`.
extension LocalAPI {
    typealias WebhookResponse = Components.Responses.Webhook

    /// What a stored secret shows as outside its creation.
    static let redactedSecret = "********"

    func webhookResponse(_ webhook: Components.Schemas.Webhook, showingSecret: Bool = false) -> WebhookResponse {
        var shown = webhook
        if !showingSecret { shown.secret = Self.redactedSecret }
        return .init(headers: .init(xMarfaContract: Self.contract), body: .json(shown))
    }

    func storedWebhook(_ id: String, in db: SQLiteConnection) throws -> Components.Schemas.Webhook {
        guard let webhook = try SettingStore.find(.webhook, id: id, as: Components.Schemas.Webhook.self, in: db) else {
            throw LocalError.notFound("not_found", "No webhook \(id).")
        }
        return webhook
    }

    /// `400 validation_error` unless `url` is an absolute http or https address without user info
    /// (`user:password@`); a secret belongs in the webhook's `secret`.
    func checkWebhookURL(_ url: String) throws {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            scheme == "http" || scheme == "https",
            parsed.host?.isEmpty == false
        else { throw LocalError.validation("The webhook's url must be an http or https address.") }
        guard parsed.user == nil, parsed.password == nil,
            !(URLComponents(string: url)?.percentEncodedUser?.isEmpty == false)
        else {
            throw LocalError.validation(
                "The webhook's url may not carry a user name or password; use the webhook's secret.")
        }
    }

    /// The part of a webhook URL the audit log keeps: scheme and host (with port), never the path
    /// or query, which may hold a secret.
    static func auditedOrigin(of url: String) -> String {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), let host = parsed.host else {
            return ""
        }
        return "\(scheme)://\(host)" + (parsed.port.map { ":\($0)" } ?? "")
    }

    func createWebhook(_ input: Operations.CreateWebhook.Input) async throws -> Operations.CreateWebhook.Output {
        _ = try RequestContext.current.require("webhooks.manage")
        guard case .json(let body) = input.body else { throw LocalError.validation("A JSON body is required.") }
        try checkWebhookURL(body.url)
        guard !body.events.isEmpty else { throw LocalError.validation("A webhook needs at least one event.") }
        let now = clock.now
        let webhook = try await write { db -> Components.Schemas.Webhook in
            if case .value(let type)? = body.typeFilter { _ = try registeredType(type, in: try TypeRegistry.load(db)) }
            let webhook = Components.Schemas.Webhook(
                id: Identifiers.uuidV7(at: now), url: body.url, events: body.events.map(\.rawValue),
                typeFilter: body.typeFilter ?? .null, secret: body.secret ?? Identifiers.secret(), active: true,
                createdAt: now,
                updatedAt: now)
            try SettingStore.save(.webhook, id: webhook.id, webhook, at: now, in: db)
            try AuditLog.record(
                "webhook.create", resourceType: "webhook", resourceID: webhook.id,
                details: ["url": .string(Self.auditedOrigin(of: webhook.url))], at: now, in: db)
            return webhook
        }
        return .created(webhookResponse(webhook, showingSecret: true))
    }

    func listWebhooks(_ input: Operations.ListWebhooks.Input) async throws -> Operations.ListWebhooks.Output {
        _ = try RequestContext.current.require("webhooks.manage")
        let webhooks = try await read { try SettingStore.all(.webhook, as: Components.Schemas.Webhook.self, in: $0) }
        let shown = webhooks.map { webhook -> Components.Schemas.Webhook in
            var webhook = webhook
            webhook.secret = Self.redactedSecret
            return webhook
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(webhooks: shown))))
    }

    func getWebhook(_ input: Operations.GetWebhook.Input) async throws -> Operations.GetWebhook.Output {
        _ = try RequestContext.current.require("webhooks.manage")
        return .ok(webhookResponse(try await read { try storedWebhook(input.path.id, in: $0) }))
    }

    func updateWebhook(_ input: Operations.UpdateWebhook.Input) async throws -> Operations.UpdateWebhook.Output {
        _ = try RequestContext.current.require("webhooks.manage")
        guard case .json(let patch) = input.body else { throw LocalError.validation("A JSON body is required.") }
        let now = clock.now
        let webhook = try await write { db -> Components.Schemas.Webhook in
            var webhook = try storedWebhook(input.path.id, in: db)
            if let url = patch.url {
                try checkWebhookURL(url)
                webhook.url = url
            }
            if let events = patch.events {
                guard !events.isEmpty else { throw LocalError.validation("A webhook needs at least one event.") }
                webhook.events = events.map(\.rawValue)
            }
            if let filter = patch.typeFilter {
                if case .value(let type) = filter { _ = try registeredType(type, in: try TypeRegistry.load(db)) }
                webhook.typeFilter = filter
            }
            if let active = patch.active { webhook.active = active }
            webhook.updatedAt = now
            try SettingStore.save(.webhook, id: webhook.id, webhook, at: now, in: db)
            try AuditLog.record("webhook.update", resourceType: "webhook", resourceID: webhook.id, at: now, in: db)
            return webhook
        }
        return .ok(webhookResponse(webhook))
    }

    func deleteWebhook(_ input: Operations.DeleteWebhook.Input) async throws -> Operations.DeleteWebhook.Output {
        _ = try RequestContext.current.require("webhooks.manage")
        let now = clock.now
        try await write { db in
            guard try SettingStore.delete(.webhook, id: input.path.id, in: db) else {
                throw LocalError.notFound("not_found", "No webhook \(input.path.id).")
            }
            try AuditLog.record("webhook.delete", resourceType: "webhook", resourceID: input.path.id, at: now, in: db)
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(ok: true))))
    }

    func listWebhookDeliveries(
        _ input: Operations.ListWebhookDeliveries.Input
    ) async throws -> Operations.ListWebhookDeliveries.Output {
        _ = try RequestContext.current.require("webhooks.manage")
        _ = try Paging.limit(input.query.limit)
        _ = try await read { try storedWebhook(input.path.id, in: $0) }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(deliveries: []))))
    }
}
