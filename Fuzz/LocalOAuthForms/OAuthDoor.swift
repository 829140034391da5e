/// A local instance's door that takes an OAuth or sign-in form.
struct OAuthDoor {
    let path: String
    /// Whether the instance answers the operation `501 not_implemented` once its form is read.
    var isUnimplemented = false

    /// Every form door, in the order an input's first byte picks them.
    static let all: [OAuthDoor] = [
        OAuthDoor(path: "/auth/oauth2/token"),
        OAuthDoor(path: "/auth/token"),
        OAuthDoor(path: "/auth/oauth2/revoke"),
        OAuthDoor(path: "/auth/device/code"),
        OAuthDoor(path: "/auth/device"),
        OAuthDoor(path: "/auth/device/consent"),
        OAuthDoor(path: "/auth/authorize/decision"),
        OAuthDoor(path: "/auth/sign-in/email", isUnimplemented: true),
    ]

    /// Whether `status` is an answer this door may give: anything below 500, and 501 from a door
    /// the instance doesn't implement.
    func allows(_ status: Int) -> Bool {
        status < 500 || (isUnimplemented && status == 501)
    }
}
