// Fuzz target: the local instance's OAuth form doors (token, revocation, device code, device
// entry and consent, consent decision, password sign-in), over loopback HTTP to a real
// `LocalInstance`, as a browser or app posts them. Input: one byte that picks the door, then the
// form body; `{client_id}`, `{consent_code}`, `{user_code}`, `{device_code}`, `{password}` and
// `{redirect_uri}` in it are filled with live values the fixture made at start. A form the
// instance cannot use is refused with 4xx; a 5xx (but the 501 of the unimplemented password
// sign-in) or a broken answer is a finding.
import FuzzSupport

let fixture = LocalOAuthFixture.start()

FuzzDriver.run { input in
    let (door, body) = input.choice(of: OAuthDoor.all.count)
    let form = fixture.filled(body.text)
    let path = OAuthDoor.all[door].path
    let status = blocking { await fixture.post(path, form: form) }
    if !OAuthDoor.all[door].allows(status) {
        FuzzFinding.report("POST \(path) with \(form.debugDescription) was answered \(status)")
    }
}
