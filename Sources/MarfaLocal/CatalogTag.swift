import Foundation
import MarfaDigest
import MarfaOpenAPIRuntime

/// The `ETag` of a catalog answer (the types or the edge types): a digest of the answer's JSON, so
/// it changes exactly when what a client would read changes.
enum CatalogTag {
    /// The quoted tag of `value` as it would be answered.
    static func of<Value: Encodable>(_ value: Value) throws -> String {
        let bytes = try JSONCoding.makeEncoder(sortedKeys: true).encode(value)
        return "\"" + String(SHA256.hex(bytes).prefix(32)) + "\""
    }

    /// Whether `ifNoneMatch` (one tag, a list of them, or `*`) names `tag`.
    static func matches(_ ifNoneMatch: String?, _ tag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || trimmed == tag || trimmed == "W/" + tag
        }
    }
}
