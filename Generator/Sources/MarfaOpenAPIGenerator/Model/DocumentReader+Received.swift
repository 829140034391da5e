import MarfaYAML

/// Webhooks and callbacks: operations whose requests arrive at the app. Each is read as an
/// operation of `paths` is, and given the path that a handler registration serves it at.
extension DocumentReader {
    /// The top-level `webhooks`, each path item possibly a `$ref`. A webhook is served at `/<key>`
    /// (percent-encoded); its operation is named `<key>`, or `<key>_<method>` when it has several.
    func webhooks(_ node: Node?) -> [APIReceivedOperation] {
        guard let node, let map = follow(node) else { return [] }
        var received: [APIReceivedOperation] = []
        for entry in map.entries ?? [] where !entry.key.hasPrefix("x-") {
            guard let item = pathItem(entry.value) else { continue }
            let several = Self.operationCount(item) > 1
            let path = "/" + Self.pathSegment(entry.key)
            let place = { (method: String) -> OperationPlace in
                let name = several ? entry.key + "_" + method : entry.key
                return .received(
                    name: name, fallbackID: name, label: "the webhook '\(entry.key)' (\(method.uppercased()))")
            }
            for read in operations(of: item, path: path, defaultSecurity: [], place: place) {
                var operation = read.operation
                operation.receivedAs =
                    "Webhook `\(entry.key)`: `\(operation.method.uppercased()) \(path)` below the server URL it is registered at."
                received.append(
                    APIReceivedOperation(
                        name: read.place.receivedName ?? entry.key, expression: nil, operation: operation))
            }
        }
        return received
    }

    /// An operation's `callbacks`: the operations of each URL expression's path item, served at
    /// `/<owner's ID>/<callback key>`, with `/<n>` after it when the callback names several URLs.
    func callbacks(_ node: Node, owner: String) -> [APIReceivedOperation] {
        guard let map = follow(node) else { return [] }
        var received: [APIReceivedOperation] = []
        for callback in map.entries ?? [] where !callback.key.hasPrefix("x-") {
            guard let urls = follow(callback.value) else { continue }
            let expressions = (urls.entries ?? []).filter { !$0.key.hasPrefix("x-") }
            for (index, expression) in expressions.enumerated() {
                guard let item = pathItem(expression.value) else { continue }
                let numbered = expressions.count > 1
                let base = callback.key + (numbered ? "_\(index + 1)" : "")
                let path =
                    "/" + Self.pathSegment(owner) + "/" + Self.pathSegment(callback.key)
                    + (numbered ? "/\(index + 1)" : "")
                let several = Self.operationCount(item) > 1
                let place = { (method: String) -> OperationPlace in
                    let name = several ? base + "_" + method : base
                    return .received(
                        name: name, fallbackID: owner + "." + name,
                        label: "the callback '\(callback.key)' of '\(owner)' (\(method.uppercased()))")
                }
                for read in operations(of: item, path: path, defaultSecurity: [], place: place) {
                    var operation = read.operation
                    operation.receivedAs =
                        "Callback `\(callback.key)` of `\(owner)`, sent to `\(expression.key)`: "
                        + "`\(operation.method.uppercased()) \(path)` below the server URL it is registered at."
                    received.append(
                        APIReceivedOperation(
                            name: read.place.receivedName ?? base, expression: expression.key, operation: operation))
                }
            }
        }
        return received
    }

    /// An operation's callbacks, and for a webhook or callback what of it is not generated: its own
    /// callbacks (whose `$ref`s are still followed) and its security requirements.
    func readReceivedParts(_ node: Node, place: OperationPlace, into operation: inout APIOperation) {
        guard case .received(_, _, let label) = place else {
            if let callbacks = node["callbacks"] {
                operation.callbacks = self.callbacks(callbacks, owner: operation.id)
            }
            return
        }
        if let callbacks = node["callbacks"] {
            log.warning("The callbacks of \(label) are not generated.", at: callbacks.location)
            checkCallbacks(callbacks)
        }
        if let security = node["security"] { unguardedReceived.append((label, security.location)) }
        operation.security = []
    }

    /// One warning, at the first, for the webhooks and callbacks with security requirements (which
    /// are not generated), with how many there are.
    func warnOfUnguardedReceived() {
        guard let (label, location) = unguardedReceived.first else { return }
        let count = unguardedReceived.count
        let others = count == 2 ? "1 other webhook or callback" : "\(count - 1) other webhooks and callbacks"
        let subject = count == 1 ? label : "\(label) and \(others)"
        let they = count == 1 ? "it arrives" : "they arrive"
        log.warning(
            "The security requirements of \(subject) are not generated: check the credentials \(they) with in a ServerMiddleware.",
            at: location)
    }

    /// Follows the `$ref`s of callbacks that are not generated (to callbacks, path items and
    /// operations), so each must lead somewhere readable.
    private func checkCallbacks(_ node: Node) {
        guard let callbacks = follow(node) else { return }
        for callback in callbacks.entries ?? [] where !callback.key.hasPrefix("x-") {
            guard let expressions = follow(callback.value) else { continue }
            for expression in expressions.entries ?? [] where !expression.key.hasPrefix("x-") {
                guard let item = follow(expression.value) else { continue }
                for entry in item.entries ?? [] where Self.methods.contains(entry.key.lowercased()) {
                    _ = follow(entry.value)
                }
            }
        }
    }

    /// `text` as one path segment: letters, digits and `-._~` kept, every other byte percent-encoded.
    static func pathSegment(_ text: String) -> String {
        var segment = ""
        for byte in text.utf8 {
            let kept =
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            segment +=
                kept
                ? String(UnicodeScalar(byte)) : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
        return segment
    }
}
