import Foundation
import MarfaDigest
import MarfaSQLite

/// The owner's sign-in password, kept as PBKDF2-HMAC-SHA256 (`pbkdf2-sha256:<rounds>:<salt>:<hex>`
/// in `meta`). Hashes of earlier builds (one salted SHA-256, `<salt>:<hex>`) still verify and are
/// replaced by the iterated form on the next correct password. Comparisons take the same time
/// whatever bytes differ.
enum OwnerPassword {
    static let scheme = "pbkdf2-sha256"
    /// PBKDF2 rounds for new hashes.
    static let rounds = 20_000

    /// The `meta` row holding the hash.
    static let metaName = "owner_password"

    /// The stored form of `password`, with a new salt. PBKDF2 takes a while on purpose: it runs on
    /// a thread of its own, and callers hash before a write, never inside one, so no transaction and
    /// no cooperative thread waits for it.
    static func hash(_ password: String) async -> String {
        await DedicatedThread.run { hashNow(password) }
    }

    private static func hashNow(_ password: String) -> String {
        let salt = Identifiers.secret(bytes: 16)
        let derived = Hex.encode(PBKDF2.sha256(password: Array(password.utf8), salt: Array(salt.utf8), rounds: rounds))
        return [scheme, String(rounds), salt, derived].joined(separator: ":")
    }

    /// Whether `password` matches the stored value `stored`.
    static func verify(_ password: String, against stored: String?) async -> Bool {
        await DedicatedThread.run { verifyNow(password, against: stored) }
    }

    private static func verifyNow(_ password: String, against stored: String?) -> Bool {
        guard let stored else { return false }
        let parts = stored.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 4, parts[0] == scheme, let rounds = Int(parts[1]), rounds > 0 {
            let derived = Hex.encode(
                PBKDF2.sha256(password: Array(password.utf8), salt: Array(parts[2].utf8), rounds: rounds))
            return constantTimeEqual(derived, parts[3])
        }
        if parts.count == 2 {
            return constantTimeEqual(SHA256.hex(parts[0] + password), parts[1])
        }
        return false
    }

    /// Whether `stored` is in an older or weaker form than new hashes.
    static func needsUpgrade(_ stored: String?) -> Bool {
        guard let stored else { return false }
        return !stored.hasPrefix("\(scheme):\(rounds):")
    }

    /// Whether `a` and `b` are equal, reading every byte whatever the first difference.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        var difference = UInt8(left.count == right.count ? 0 : 1)
        for index in 0..<max(left.count, right.count) {
            difference |= (index < left.count ? left[index] : 0) ^ (index < right.count ? right[index] : 0)
        }
        return difference == 0
    }
}
