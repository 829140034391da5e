import Foundation

/// The page a loopback sign-in's listener shows the browser once the server sent it back: whether
/// the approval reached the app, was declined or refused, or carries a `state` this sign-in didn't
/// send (then the app won't use it, and says so). Plain HTML, no script.
enum LoopbackAnswerPage {
    /// What the browser brought back.
    enum Outcome: Equatable {
        case approved
        /// Declined by the owner, or closed by the server (the reason it gave).
        case declined(String?)
        case refused(String)
        case otherState
    }

    /// The outcome of a callback to `path` (with its query), for a sign-in that sent `state`.
    static func outcome(of path: String, state: String?) -> Outcome {
        let items = URLComponents(string: "http://127.0.0.1" + path)?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        guard let state, value("state") == state else { return .otherState }
        if let error = value("error") {
            guard error != "access_denied" else { return .declined(value("error_description")) }
            return .refused(value("error_description") ?? error)
        }
        return value("code")?.isEmpty == false ? .approved : .refused("The answer carries no approval.")
    }

    /// The page for `outcome`.
    static func html(_ outcome: Outcome) -> String {
        let (title, text): (String, String) =
            switch outcome {
            case .approved:
                (
                    "Approved",
                    "The app has your approval and finishes signing in. You can close this window and return to it."
                )
            case .declined(let reason):
                (
                    "Not signed in",
                    "Nothing was allowed: \(reason ?? "the sign-in was declined.") You can close this window."
                )
            case .refused(let reason):
                (
                    "Not signed in",
                    "The server didn't approve the sign-in: \(reason) Nothing was allowed; start again from the app."
                )
            case .otherState:
                (
                    "This answer isn't for this sign-in",
                    "The app didn't ask for the approval that brought you here, so it won't use it and nothing was allowed. "
                        + "If you were signing in, start again from the app."
                )
            }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer"><title>\(escape(title))</title>
            <style>body{margin:0;background:#f3f3f7;color:#1c1c22;font:16px/1.5 system-ui,sans-serif}
            main{max-width:31rem;margin:0 auto;padding:1.5rem 1rem}
            div{background:#fff;border:1px solid #d6d6e0;border-radius:1rem;padding:1.25rem 1.1rem}
            h1{font-size:1.35rem;margin:0 0 .6rem}p{margin:0}
            .problem{border-left:6px solid #a8231a}.fine{border-left:6px solid #1c7636}</style>
            </head><body><main><div class="\(outcome == .approved ? "fine" : "problem")">
            <h1>\(escape(title))</h1><p\(outcome == .approved ? "" : " role=\"alert\"")>\(escape(text))</p>
            </div></main></body></html>
            """
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
