/// SHA-256 (FIPS 180-4): digests for PKCE challenges, stored key and token hashes, request
/// fingerprints, and the HMAC and PBKDF2 built on it. The package has no crypto library; nothing
/// here needs more than this.
public enum SHA256 {
    /// The 32-byte digest of `bytes`.
    public static func digest<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = Hasher()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest of `bytes` as 64 lowercase hex characters.
    public static func hex<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        Hex.encode(digest(bytes))
    }

    /// The digest of the UTF-8 bytes of `text` as 64 lowercase hex characters.
    public static func hex(_ text: String) -> String { hex(Array(text.utf8)) }
}

/// Lowercase hexadecimal text.
public enum Hex {
    /// `bytes` as lowercase hex, two characters a byte.
    public static func encode(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
