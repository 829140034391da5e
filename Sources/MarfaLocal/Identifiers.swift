import Foundation
import MarfaDigest

/// Identifiers and secrets the instance mints.
enum Identifiers {
    /// A UUIDv7 (RFC 9562) of `date`: 48 bits of Unix milliseconds, then random bits, lowercase.
    static func uuidV7(at date: Date) -> String { UUIDv7.make(at: date) }

    /// Whether `text` is a UUID in the 8-4-4-4-12 hex form.
    static func isUUID(_ text: String) -> Bool {
        UUID(uuidString: text) != nil
    }

    /// `count` random bytes from the system's secure generator, as URL-safe letters and digits.
    static func secret(bytes count: Int = 32) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String(
            (0..<(count * 4 / 3)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    /// A new API key's plaintext: `marfa_k1_` and a secret.
    static func apiKey() -> String { "marfa_k1_" + secret() }

    /// A request id: 16 random hex characters.
    static func requestID() -> String {
        let word = RandomWords.next()
        return String(decoding: hex((0..<8).map { UInt8(truncatingIfNeeded: word >> UInt64(8 * $0)) }), as: UTF8.self)
    }

    /// `bytes` as lowercase hex, two digits each, in UTF-8.
    static func hex(_ bytes: some Collection<UInt8>) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return text
    }
}

extension String {
    /// The text with `pad` in front, up to `width` characters.
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
