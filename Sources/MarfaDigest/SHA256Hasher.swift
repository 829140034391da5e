extension SHA256 {
    /// SHA-256 fed in parts: `update` as the bytes come, then `finalize`. A copy carries the state so
    /// far, so a common prefix (an HMAC key block) is hashed once and reused.
    public struct Hasher: Sendable {
        private var state = SHA256State()
        /// Bytes not yet compressed: fewer than 64.
        private var pending: [UInt8] = []
        /// How many bytes were fed in all.
        private var length: UInt64 = 0

        /// A hasher that has seen nothing.
        public init() { pending.reserveCapacity(64) }

        /// Feeds `bytes`.
        public mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            length &+= UInt64(bytes.count)
            let absorbed: Void? = bytes.withContiguousStorageIfAvailable { absorb(UnsafeRawBufferPointer($0)) }
            if absorbed == nil { Array(bytes).withUnsafeBytes { absorb($0) } }
        }

        /// Compresses every whole block of `pending` + `input` and keeps the rest in `pending`.
        private mutating func absorb(_ input: UnsafeRawBufferPointer) {
            var offset = 0
            if !pending.isEmpty {
                offset = min(64 - pending.count, input.count)
                pending.append(contentsOf: input[0..<offset])
                guard pending.count == 64 else { return }
                pending.withUnsafeBytes { state.compress($0) }
                pending.removeAll(keepingCapacity: true)
            }
            while input.count - offset >= 64 {
                state.compress(UnsafeRawBufferPointer(rebasing: input[offset..<offset + 64]))
                offset += 64
            }
            if offset < input.count { pending.append(contentsOf: input[offset...]) }
        }

        /// The digest of everything fed; the hasher itself is left as it was.
        public func finalize() -> [UInt8] {
            var last = self
            let bitLength = length &* 8
            let zeros = (55 - pending.count + 64) % 64
            var padding: [UInt8] = [0x80] + [UInt8](repeating: 0, count: zeros)
            for shift in stride(from: 56, through: 0, by: -8) {
                padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
            }
            last.update(padding)
            return last.state.bytes
        }
    }
}

/// The eight working words of SHA-256 and its compression function.
struct SHA256State: Sendable {
    private var h: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
    )

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The state as 32 big-endian bytes: the digest once the padding is in.
    var bytes: [UInt8] {
        let words = [h.0, h.1, h.2, h.3, h.4, h.5, h.6, h.7]
        var result = [UInt8]()
        result.reserveCapacity(32)
        for word in words {
            for shift in [24, 16, 8, 0] as [UInt32] { result.append(UInt8(truncatingIfNeeded: word >> shift)) }
        }
        return result
    }

    /// Mixes one 64-byte block into the state.
    mutating func compress(_ block: UnsafeRawBufferPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for i in 0..<16 {
                w[i] =
                    UInt32(block[i * 4]) << 24 | UInt32(block[i * 4 + 1]) << 16 | UInt32(block[i * 4 + 2]) << 8
                    | UInt32(block[i * 4 + 3])
            }
            for i in 16..<64 {
                let s0 = rotate(w[i - 15], 7) ^ rotate(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotate(w[i - 2], 17) ^ rotate(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            Self.k.withUnsafeBufferPointer { k in mix(w: UnsafeBufferPointer(w), k: k) }
        }
    }

    /// The 64 rounds over the message schedule `w`.
    private mutating func mix(w: UnsafeBufferPointer<UInt32>, k: UnsafeBufferPointer<UInt32>) {
        var (a, b, c, d, e, f, g, hh) = h
        for i in 0..<64 {
            let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
            let choice = (e & f) ^ (~e & g)
            let t1 = hh &+ s1 &+ choice &+ k[i] &+ w[i]
            let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ s0 &+ majority)
        }
        h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e, h.5 &+ f, h.6 &+ g, h.7 &+ hh)
    }

    private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 { (value >> count) | (value << (32 - count)) }
}
