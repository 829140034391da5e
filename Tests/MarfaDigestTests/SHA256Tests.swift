import MarfaDigest
import Testing

@Suite struct SHA256Tests {
    /// FIPS 180-4 example vectors and a message of several blocks.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "The quick brown fox jumps over the lazy dog",
            "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"
        ),
    ])
    func publishedVectors(message: String, digest: String) {
        #expect(SHA256.hex(message) == digest)
        #expect(SHA256.digest(Array(message.utf8)).count == 32)
    }

    @Test func aMillionAs() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hex(message) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}

@Suite struct StreamedDigestTests {
    /// Fed in pieces of every size, the digest is the one-shot digest.
    @Test func piecesOfAnySizeGiveTheSameDigest() {
        let message = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        let whole = SHA256.digest(message)
        for size in [1, 3, 55, 56, 63, 64, 65, 128, 299] {
            var hasher = SHA256.Hasher()
            var start = 0
            while start < message.count {
                hasher.update(message[start..<min(start + size, message.count)])
                start += size
            }
            #expect(hasher.finalize() == whole, "pieces of \(size)")
        }
    }

    @Test func finalizingLeavesTheHasherAsItWas() {
        var hasher = SHA256.Hasher()
        hasher.update(Array("ab".utf8))
        _ = hasher.finalize()
        hasher.update(Array("c".utf8))
        #expect(Hex.encode(hasher.finalize()) == SHA256.hex("abc"))
    }
}

@Suite struct HMACAndPBKDF2Tests {
    /// RFC 4231 test cases 1, 2 and 6 (a key longer than a block).
    @Test func rfc4231Vectors() {
        let one = HMACSHA256(key: [UInt8](repeating: 0x0b, count: 20)).authenticate(Array("Hi There".utf8))
        #expect(Hex.encode(one) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        let two = HMACSHA256(key: Array("Jefe".utf8)).authenticate(Array("what do ya want for nothing?".utf8))
        #expect(Hex.encode(two) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        let six = HMACSHA256(key: [UInt8](repeating: 0xaa, count: 131))
            .authenticate(Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8))
        #expect(Hex.encode(six) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    /// PBKDF2-HMAC-SHA256 with "password"/"salt" (the vectors published alongside RFC 7914's).
    @Test func pbkdf2Vectors() {
        let password = Array("password".utf8)
        let salt = Array("salt".utf8)
        #expect(
            Hex.encode(PBKDF2.sha256(password: password, salt: salt, rounds: 1))
                == "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b")
        #expect(
            Hex.encode(PBKDF2.sha256(password: password, salt: salt, rounds: 2))
                == "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43")
        #expect(
            Hex.encode(PBKDF2.sha256(password: password, salt: salt, rounds: 4096))
                == "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a")
    }
}
