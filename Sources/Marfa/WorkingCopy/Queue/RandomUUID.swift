import MarfaDigest

/// Random UUIDs (RFC 9562 version 4) as lowercase text, for idempotency keys: two words of the
/// system's secure generator read ahead (`RandomWords`), where Foundation's `UUID()` on Linux
/// opens and reads `/dev/urandom` for each one.
@usableFromInline
enum RandomUUID {
    /// A new random UUID, lowercase.
    @usableFromInline
    static func make() -> String {
        let random = (RandomWords.next(), RandomWords.next())
        let high = random.0 & ~0xF000 | 0x4000
        let low = random.1 & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
        return UUIDv7.text(high: high, low: low)
    }
}
