import MarfaDigest

/// The proof key of one browser sign-in (RFC 7636, method S256): a random verifier kept by the app,
/// and its SHA-256 challenge sent in the authorize address.
struct PKCE: Sendable {
    /// 43 characters of base64url from 32 random bytes.
    let verifier: String

    /// base64url(SHA-256(verifier)), without padding.
    var challenge: String { Base64URL.encode(SHA256.digest(Array(verifier.utf8))) }

    static let method = "S256"

    init(verifier: String = RandomToken.make(bytes: 32)) {
        self.verifier = verifier
    }
}

/// Random base64url strings for PKCE verifiers and `state`, from the system's generator.
enum RandomToken {
    static func make(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}

/// base64url without padding (RFC 4648 §5).
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    static func encode(_ bytes: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = UInt32(0)
            for (offset, byte) in chunk.enumerated() { value |= UInt32(byte) << UInt32(16 - offset * 8) }
            for position in 0...chunk.count {
                text.append(alphabet[Int((value >> UInt32(18 - position * 6)) & 0x3f)])
            }
            index += 3
        }
        return text
    }
}
