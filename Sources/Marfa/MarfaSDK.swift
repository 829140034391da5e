/// This package's version.
///
/// The package follows semantic versioning (CHANGELOG.md says what each version changed); the
/// contract it speaks is `Server.contract`.
public enum MarfaSDK {
    /// The package's semantic version.
    public static let version = "0.2.0"
}
