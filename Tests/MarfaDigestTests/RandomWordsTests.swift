import Testing

@testable import MarfaDigest

/// Words read ahead are each handed out once, across refills and across threads.
@Suite struct RandomWordsTests {
    /// 4,000 words, drawn by 8 tasks at once, cross 125 refills: no word comes twice (two equal
    /// words out of 2^64 would mean one was handed out twice), and every bit position takes both values.
    @Test func wordsDrawnAtOnceAreNeverHandedOutTwice() async {
        let words = await withTaskGroup(of: [UInt64].self) { group in
            for _ in 0..<8 { group.addTask { (0..<500).map { _ in RandomWords.next() } } }
            return await group.reduce(into: [UInt64]()) { $0 += $1 }
        }
        #expect(Set(words).count == 4_000)
        let ored = words.reduce(0, |)
        let anded = words.reduce(~0, &)
        #expect(ored == ~0 && anded == 0)
    }
}
