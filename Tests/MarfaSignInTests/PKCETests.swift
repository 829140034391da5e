import Testing

@testable import Marfa

@Suite struct PKCETests {
    /// RFC 7636 appendix B.
    @Test func pkceChallengeMatchesRFC7636() {
        let proof = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(proof.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test func randomTokensAreBase64URLAndDistinct() {
        let tokens = (0..<50).map { _ in RandomToken.make(bytes: 32) }
        #expect(Set(tokens).count == 50)
        #expect(
            tokens.allSatisfy {
                $0.count == 43 && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            })
    }
}
