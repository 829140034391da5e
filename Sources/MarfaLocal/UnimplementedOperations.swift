import MarfaTypes

/// Operations of the contract this build does not implement yet: each answers
/// `501 not_implemented` in the error envelope.
extension LocalAPI {
    /// The operation IDs answered `501 not_implemented`.
    static let unimplementedOperations: [String] = [
        "showSignInPage",
        "signInWithPassword",
    ]

    func showSignInPage(_ input: Operations.ShowSignInPage.Input) async throws -> Operations.ShowSignInPage.Output {
        throw LocalError.notImplemented("showSignInPage")
    }

    func signInWithPassword(
        _ input: Operations.SignInWithPassword.Input
    ) async throws -> Operations.SignInWithPassword.Output {
        throw LocalError.notImplemented("signInWithPassword")
    }
}
