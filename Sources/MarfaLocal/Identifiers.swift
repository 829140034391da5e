import Foundation

/// Identifiers and secrets the instance mints.
enum Identifiers {
    /// A UUIDv7 (RFC 9562) of `date`: 48 bits of Unix milliseconds, then random bits, lowercase.
    static func uuidV7(at date: Date) -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let millis = UInt64(max(date.timeIntervalSince1970, 0) * 1000)
        for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: millis >> UInt64(40 - 8 * index)) }
        bytes[6] = 0x70 | (bytes[6] & 0x0f)
        bytes[8] = 0x80 | (bytes[8] & 0x3f)
        let hex = bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(
                hex[
                    hex.index(
                        hex.startIndex, offsetBy: range.lowerBound)..<hex.index(
                            hex.startIndex, offsetBy: range.upperBound)])
        }
        return parts.joined(separator: "-")
    }

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
        var generator = SystemRandomNumberGenerator()
        return (0..<8).map { _ in String(UInt8.random(in: 0...255, using: &generator), radix: 16).leftPadded(to: 2) }
            .joined()
    }
}

extension String {
    /// The text with `pad` in front, up to `width` characters.
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
