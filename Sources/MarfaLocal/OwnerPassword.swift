import MarfaDigest
import Foundation
import MarfaSQLite

/// The owner's sign-in password, kept as PBKDF2-HMAC-SHA256 (`pbkdf2-sha256:<rounds>:<salt>:<hex>`
/// in `meta`). Hashes of earlier builds (one salted SHA-256, `<salt>:<hex>`) still verify and are
/// replaced by the iterated form on the next correct password. Comparisons take the same time
/// whatever bytes differ.
enum OwnerPassword {
    static let scheme = "pbkdf2-sha256"
    /// PBKDF2 rounds for new hashes.
    static let rounds = 20_000

    static func store(_ password: String, in db: SQLiteConnection, store: LocalStore) throws {
        let salt = Identifiers.secret(bytes: 16)
        let derived = PBKDF2.hex(PBKDF2.sha256(password: Array(password.utf8), salt: Array(salt.utf8), rounds: rounds))
        try store.setMeta("owner_password", [scheme, String(rounds), salt, derived].joined(separator: ":"), in: db)
    }

    /// Stores `password` when given; when not, and no password was ever set, stores and returns a
    /// generated one.
    static func prepare(_ password: String?, in db: SQLiteConnection, store: LocalStore) throws -> String? {
        if let password {
            try self.store(password, in: db, store: store)
            return nil
        }
        guard try store.meta("owner_password", in: db) == nil else { return nil }
        let generated = Identifiers.secret(bytes: 12)
        try self.store(generated, in: db, store: store)
        return generated
    }

    /// Whether `password` matches the stored value `stored`.
    static func verify(_ password: String, against stored: String?) -> Bool {
        guard let stored else { return false }
        let parts = stored.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 4, parts[0] == scheme, let rounds = Int(parts[1]), rounds > 0 {
            let derived = PBKDF2.hex(PBKDF2.sha256(password: Array(password.utf8), salt: Array(parts[2].utf8), rounds: rounds))
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

/// PBKDF2 (RFC 8018) with HMAC-SHA256, one 32-byte block.
enum PBKDF2 {
    static func sha256(password: [UInt8], salt: [UInt8], rounds: Int) -> [UInt8] {
        let mac = HMACSHA256(key: password)
        var block = mac.authenticate(salt + [0, 0, 0, 1])
        var result = block
        for _ in 1..<max(rounds, 1) {
            block = mac.authenticate(block)
            for index in 0..<result.count { result[index] ^= block[index] }
        }
        return result
    }

    /// `bytes` as lowercase hex.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }
}

/// HMAC (RFC 2104) over SHA-256.
struct HMACSHA256 {
    private let inner: [UInt8]
    private let outer: [UInt8]

    init(key: [UInt8]) {
        var padded = key.count > 64 ? SHA256.digest(key) : key
        padded += [UInt8](repeating: 0, count: 64 - padded.count)
        inner = padded.map { $0 ^ 0x36 }
        outer = padded.map { $0 ^ 0x5c }
    }

    func authenticate(_ message: [UInt8]) -> [UInt8] {
        SHA256.digest(outer + SHA256.digest(inner + message))
    }
}
