/// Media-type matching for `Content-Type` and `Accept`.
public enum ContentType {
    /// The media type of a header value, lowercased and without parameters: `application/json`.
    public static func essence(_ value: String?) -> String? {
        guard let value else { return nil }
        let essence = value.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces.lowercased() } ?? ""
        return essence.isEmpty ? nil : essence
    }

    /// Whether `received` matches `pattern`, which may be `*/*` or `type/*`.
    /// A missing content type matches, so an empty answer can be read.
    public static func matches(_ received: String?, _ pattern: String) -> Bool {
        guard let received = essence(received) else { return true }
        if pattern == "*/*" { return true }
        if pattern.hasSuffix("/*") { return received.hasPrefix(pattern.dropLast()) }
        if received == pattern { return true }
        // `application/problem+json` is JSON too when the document says `application/json`.
        if pattern == "application/json" { return received.hasSuffix("+json") }
        return false
    }
}
