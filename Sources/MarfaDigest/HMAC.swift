/// HMAC (RFC 2104) over SHA-256, its two key blocks hashed once when made.
public struct HMACSHA256: Sendable {
    private let inner: SHA256.Hasher
    private let outer: SHA256.Hasher

    /// An HMAC keyed with `key` (a key longer than a block is hashed first).
    public init(key: [UInt8]) {
        var padded = key.count > 64 ? SHA256.digest(key) : key
        padded += [UInt8](repeating: 0, count: 64 - padded.count)
        var inner = SHA256.Hasher()
        inner.update(padded.map { $0 ^ 0x36 })
        var outer = SHA256.Hasher()
        outer.update(padded.map { $0 ^ 0x5c })
        self.inner = inner
        self.outer = outer
    }

    /// The 32-byte MAC of `message`.
    public func authenticate<Bytes: Collection>(_ message: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var innerHash = inner
        innerHash.update(message)
        var outerHash = outer
        outerHash.update(innerHash.finalize())
        return outerHash.finalize()
    }
}

/// PBKDF2 (RFC 8018) with HMAC-SHA256.
public enum PBKDF2 {
    /// The first 32-byte block derived from `password` and `salt` over `rounds` rounds.
    public static func sha256(password: [UInt8], salt: [UInt8], rounds: Int) -> [UInt8] {
        let mac = HMACSHA256(key: password)
        var block = mac.authenticate(salt + [0, 0, 0, 1])
        var result = block
        for _ in 1..<max(rounds, 1) {
            block = mac.authenticate(block)
            for index in 0..<result.count { result[index] ^= block[index] }
        }
        return result
    }
}
