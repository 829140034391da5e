import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Random 64-bit words from the system's secure generator, read 256 bytes at a time: one system
/// call per 32 words, where `SystemRandomNumberGenerator` on Linux makes one per word. For the
/// identifiers minted at every write (UUIDs, request ids); secrets draw from the system's
/// generator directly, so none of theirs waits in memory.
package enum RandomWords {
    /// Words read but not handed out yet.
    private struct Reserve {
        var words: [UInt64] = []
        var next = 0
    }

    private static let reserve = Mutex(Reserve())
    /// `getentropy` gives at most 256 bytes a call.
    private static let wordsPerRead = 32

    /// The next random word.
    package static func next() -> UInt64 {
        reserve.withLock { reserve in
            if reserve.next == reserve.words.count {
                reserve.words = read(wordsPerRead)
                reserve.next = 0
            }
            defer { reserve.next += 1 }
            return reserve.words[reserve.next]
        }
    }

    /// `count` words (at most 32) from the system's generator, in one call where it allows.
    private static func read(_ count: Int) -> [UInt64] {
        [UInt64](unsafeUninitializedCapacity: count) { words, initialized in
            let bytes = UnsafeMutableRawBufferPointer(words)
            #if canImport(Darwin)
            arc4random_buf(bytes.baseAddress, bytes.count)
            #elseif canImport(Glibc)
            if getentropy(bytes.baseAddress, bytes.count) != 0 { fillByWord(words) }
            #else
            fillByWord(words)
            #endif
            initialized = count
        }
    }

    /// Fills `words` one at a time from `SystemRandomNumberGenerator`.
    private static func fillByWord(_ words: UnsafeMutableBufferPointer<UInt64>) {
        var generator = SystemRandomNumberGenerator()
        for index in words.indices { words[index] = generator.next() }
    }
}
