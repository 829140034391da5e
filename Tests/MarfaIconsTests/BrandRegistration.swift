import MarfaBrandIcons
import MarfaIcons

/// The only place the tests call `MarfaBrandIcons.register()`, so one test can see the state before it.
enum BrandRegistration {
    /// What `simple-icons:github` drew just before registering; evaluated once, then registered.
    static let githubBeforeRegistering: IconArtwork = {
        let before = IconArtwork.resolve("simple-icons:github")
        MarfaBrandIcons.register()
        return before
    }()

    static func ensure() { _ = githubBeforeRegistering }
}
