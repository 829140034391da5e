import Foundation
import MarfaOpenAPIRuntime
import MarfaTypes

/// The plain HTML pages of sign-in: the frame every page shares (the instance named at the top,
/// one stylesheet readable at a phone's width), device code entry, and the pages that end a
/// sign-in or explain why it can't go on. Forms post form-urlencoded to the instance's own origin;
/// nothing needs script (the pages' `Content-Security-Policy` allows none). The consent forms are
/// `ConsentPage`.
enum SignInPages {
    /// The instance a page belongs to, as its header names it.
    struct Header: Sendable {
        /// The instance's name (`LocalInstance.Options.name`).
        var instanceName: String
        /// The origin the browser reached it at, such as `http://127.0.0.1:8787`.
        var origin: String

        /// The host and port, without the scheme.
        var host: String { origin.replacingOccurrences(of: "http://", with: "") }
    }

    /// How a message page reads: a finished step, a declined one, or a problem.
    enum Tone: String, Sendable {
        case done, declined, problem

        var symbol: String {
            switch self {
            case .done: "✓"
            case .declined: "✕"
            case .problem: "!"
            }
        }
    }

    /// A whole page: the header naming the instance, then `body` in a card. The referrer policy is
    /// `same-origin`: the page's address (a consent code) never reaches another site, and the
    /// browser still sends the page's `Origin` with its form posts (`no-referrer` makes it send
    /// `Origin: null`, which the instance refuses as cross-origin).
    static func page(title: String, header: Header, _ body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="same-origin"><meta name="color-scheme" content="light dark">
        <title>\(HTMLText.escape(title)) · \(HTMLText.escape(header.instanceName))</title>
        <style>\(stylesheet)</style>
        </head><body><main>
        <p class="instance"><span class="mark" aria-hidden="true">M</span><span><strong>\(HTMLText.escape(header.instanceName))</strong> · \(HTMLText.escape(header.host))</span></p>
        <div class="card">
        \(body)
        </div>
        </main></body></html>
        """
    }

    /// The pages' one stylesheet: a card on a quiet background, large tap targets, full-width
    /// buttons on a phone, light and dark.
    static let stylesheet = """
        :root{--fg:#1c1c22;--muted:#55556a;--bg:#f3f3f7;--card:#fff;--line:#d6d6e0;--accent:#2b54c9;--on-accent:#fff;\
        --danger:#a8231a;--danger-bg:#fdecea;--ok:#1c7636;--note:#eef2fd}
        @media (prefers-color-scheme:dark){:root{--fg:#ececf2;--muted:#a6a6b8;--bg:#15151a;--card:#212128;--line:#3a3a46;\
        --accent:#86a2ff;--on-accent:#0d0d14;--danger:#ff9b91;--danger-bg:#3a1c1a;--ok:#84dc9b;--note:#1e2540}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
        main{max-width:31rem;margin:0 auto;padding:1rem 1rem 2.5rem}
        .instance{display:flex;align-items:center;gap:.55rem;margin:0 0 .9rem;color:var(--muted);font-size:.9rem;overflow-wrap:anywhere}
        .instance strong{color:var(--fg)}
        .mark{flex:none;width:1.7rem;height:1.7rem;border-radius:.45rem;background:var(--accent);color:var(--on-accent);\
        display:inline-grid;place-items:center;font-weight:700}
        .card{background:var(--card);border:1px solid var(--line);border-radius:1rem;padding:1.25rem 1.1rem}
        h1{font-size:1.35rem;line-height:1.3;margin:0 0 .7rem;overflow-wrap:anywhere}
        p{margin:0 0 .9rem}
        .muted,.hint{color:var(--muted)}.hint{font-size:.9rem}
        .return{background:var(--note);border-left:4px solid var(--accent);border-radius:.5rem;padding:.7rem .85rem;font-size:.95rem;overflow-wrap:anywhere}
        fieldset{border:0;margin:0 0 .6rem;padding:0;min-width:0}
        legend{font-weight:600;padding:0;margin-bottom:.3rem}
        .scope{display:flex;gap:.75rem;align-items:flex-start;padding:.65rem 0;border-top:1px solid var(--line);cursor:pointer}
        .scope:last-of-type{border-bottom:1px solid var(--line)}
        .scope input{flex:none;width:1.3rem;height:1.3rem;margin:.12rem 0 0;accent-color:var(--accent)}
        .scope code{display:block;color:var(--muted);font:.78rem/1.4 ui-monospace,"DejaVu Sans Mono",monospace;overflow-wrap:anywhere}
        label.field{display:block;font-weight:600;margin:1rem 0 .35rem}
        input[type=password],input[type=text]{width:100%;font:inherit;padding:.7rem .8rem;border:1px solid var(--line);\
        border-radius:.6rem;background:var(--bg);color:var(--fg)}
        input[type=text]{font-family:ui-monospace,"DejaVu Sans Mono",monospace;letter-spacing:.12em;text-transform:uppercase}
        input:focus-visible,button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
        .actions{display:flex;flex-wrap:wrap;gap:.7rem;margin:1.2rem 0 .2rem}
        button{flex:1 1 9rem;font:inherit;font-weight:600;min-height:2.9rem;padding:.6rem 1rem;border-radius:.65rem;\
        border:1px solid var(--line);background:var(--card);color:var(--fg);cursor:pointer}
        button.primary{background:var(--accent);border-color:var(--accent);color:var(--on-accent)}
        .error{background:var(--danger-bg);color:var(--danger);border-radius:.6rem;padding:.7rem .85rem;font-weight:600}
        .status{display:inline-grid;place-items:center;width:2.6rem;height:2.6rem;border-radius:50%;font-size:1.4rem;\
        font-weight:700;margin-bottom:.6rem;background:var(--note);color:var(--accent)}
        .status.done{color:var(--ok)}.status.problem{background:var(--danger-bg);color:var(--danger)}
        .code{font:600 1.3rem ui-monospace,"DejaVu Sans Mono",monospace;letter-spacing:.1em}
        """

    /// The error line above a form, announced to screen readers.
    static func errorLine(_ error: String?) -> String {
        error.map { "<p class=\"error\" role=\"alert\">\(HTMLText.escape($0))</p>\n" } ?? ""
    }

    /// The page where a person types the code a device shows.
    static func deviceEntry(header: Header, userCode: String? = nil, error: String? = nil) -> String {
        page(
            title: "Sign in a device", header: header,
            """
            <h1>Sign in a device</h1>
            <p>A device without a browser, such as a TV or a command-line tool, shows a code. Type it here to \
            continue; you'll see what the device asks for before anything is allowed.</p>
            \(errorLine(error))<form method="post" action="/auth/device">
            <label class="field" for="user_code">Code shown on your device</label>
            <input type="text" id="user_code" name="user_code" value="\(HTMLText.escape(userCode ?? ""))" placeholder="BCDF-GHJK" \
            autocomplete="off" autocapitalize="characters" spellcheck="false" required autofocus aria-describedby="code-hint">
            <p class="hint" id="code-hint">Eight letters; the dash is optional.</p>
            <div class="actions"><button type="submit" class="primary">Continue</button></div>
            </form>
            """)
    }

    /// A page with a heading and a sentence or two, marked as done, declined or a problem.
    static func message(header: Header, _ title: String, _ text: String, tone: Tone = .problem) -> String {
        page(
            title: title, header: header,
            """
            <div class="status \(tone.rawValue)" aria-hidden="true">\(tone.symbol)</div>
            <h1>\(HTMLText.escape(title))</h1>
            <p\(tone == .problem ? " role=\"alert\"" : "")>\(HTMLText.escape(text))</p>
            """)
    }

    /// A `200` page answer, of whichever page operation asks.
    static func ok<Answer: SignInPageAnswer>(_ html: String) -> Answer {
        Answer(contract: LocalContract.version, html: html)
    }

    /// A page answered with another status (a wrong password is `401`), as the contract leaves
    /// such statuses undocumented.
    static func undocumented(_ html: String, status: Int) -> (statusCode: Int, payload: UndocumentedPayload) {
        (status, UndocumentedPayload(headerFields: ["Content-Type": "text/html; charset=utf-8"], body: HTTPBody(html)))
    }

    /// A `302` to `location`, of whichever sign-in operation asks.
    static func redirect<Answer: SignInRedirectAnswer>(to location: String) -> Answer {
        Answer(contract: LocalContract.version, location: location)
    }
}

extension LocalAPI {
    /// The header of the sign-in pages for the request being answered.
    var pageHeader: SignInPages.Header {
        SignInPages.Header(instanceName: name, origin: BrowserRequest.current.origin)
    }
}
