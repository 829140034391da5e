extension MarfaError {
    /// The reason a copy or stream gives when the key or sign-in behind it ended.
    public static let credentialEnded = "credential_ended"

    /// The server couldn't be reached, or its answer didn't arrive: `network` or `noConnection`.
    /// A write may still have reached the server. Show that the app is offline; queued writes wait.
    public var isOffline: Bool {
        switch self {
        case .network, .noConnection: true
        default: false
        }
    }

    /// The key or sign-in no longer works: `unauthorized`, `signedOut`, or `copyExpired` or
    /// `streamIncomplete` with the reason `credential_ended`. Asking again can't clear it.
    public var isKeyRefusal: Bool {
        switch self {
        case .unauthorized, .signedOut: true
        case .copyExpired(let reason, _), .streamIncomplete(let reason, _): reason == Self.credentialEnded
        default: false
        }
    }

    /// Asking again later can clear it: every offline error, `io`, `storageFull`, `rateLimited`,
    /// `unnamed`, `keyChanging`, and `server` with status 408 or 500 and above.
    public var isTransient: Bool {
        switch self {
        case .network, .noConnection, .io, .storageFull, .rateLimited, .unnamed, .keyChanging: true
        case .server(let status, _, _): status == 408 || status >= 500
        default: false
        }
    }

    /// The copy must be hydrated before it can catch up or follow: `copyExpired` (except with the
    /// reason `credential_ended`), `instanceChanged`, `noCursor`, `hydrationIncomplete` and
    /// `firstSyncWaiting`. Asking again can't clear it.
    public var isHydrationNeeded: Bool {
        switch self {
        case .copyExpired(let reason, _): reason != Self.credentialEnded
        case .instanceChanged, .noCursor, .hydrationIncomplete, .firstSyncWaiting: true
        default: false
        }
    }
}
