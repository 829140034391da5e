import Foundation
import Testing

@testable import MarfaLocal

/// The local instance's PKCE check (the digest itself is tested in MarfaDigestTests).
@Suite struct LocalPKCETests {
    @Test func pkceChallengeIsTheUnpaddedBase64URLOfTheDigest() {
        // SHA-256("abc") = ba7816bf…15ad, in base64url without padding.
        #expect(PKCE.challenge(of: "abc") == "ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0")
    }
}
