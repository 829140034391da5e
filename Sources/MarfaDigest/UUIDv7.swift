import Foundation

/// Time-ordered UUIDs (RFC 9562 version 7), lowercase: what the copy and the local instance mint
/// for the items, edges, writes and records they make.
package enum UUIDv7 {
    /// A new UUIDv7 for `date`, lowercase: 48 bits of Unix milliseconds, the version, 74 random
    /// bits and the variant.
    package static func make(at date: Date = Date()) -> String {
        let milliseconds = UInt64(max(0, date.timeIntervalSince1970 * 1000))
        let random = (RandomWords.next(), RandomWords.next())
        let high = milliseconds << 16 | 0x7000 | random.0 & 0x0FFF
        let low = 0x8000_0000_0000_0000 | random.1 & 0x3FFF_FFFF_FFFF_FFFF
        return text(high: high, low: low)
    }

    /// The 8-4-4-4-12 lowercase hex form of the 128 bits `high` then `low`.
    package static func text(high: UInt64, low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            var position = 0
            func put(_ word: UInt64, nibbles: ClosedRange<Int>) {
                for nibble in nibbles {
                    let value = UInt8(truncatingIfNeeded: word >> UInt64(60 - 4 * nibble)) & 0x0F
                    buffer[position] = value < 10 ? 0x30 + value : 0x57 + value  // 0-9, a-f
                    position += 1
                }
            }
            func dash() {
                buffer[position] = 0x2D
                position += 1
            }
            put(high, nibbles: 0...7)
            dash()
            put(high, nibbles: 8...11)
            dash()
            put(high, nibbles: 12...15)
            dash()
            put(low, nibbles: 0...3)
            dash()
            put(low, nibbles: 4...15)
            return position
        }
    }
}
