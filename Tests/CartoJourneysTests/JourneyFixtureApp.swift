import CartoDrivers
import CartoHTTP
import Foundation

/// A small web app for record and replay: sign-in form (email, password, remember me, country), a login call the
/// server answers after 300 ms (replay must wait for it, not sleep), a welcome screen, and a settings screen with
/// a slider. `variant` changes the page the way a new app version would.
final class JourneyFixtureApp: @unchecked Sendable {
    enum Variant { case original, renamedButtonID, buttonRemoved }
    private let lock = NSLock()
    private var _variant = Variant.original
    var variant: Variant {
        get { lock.withLock { _variant } }
        set { lock.withLock { _variant = newValue } }
    }
    private(set) var server: LoopbackServer!
    var url: URL { server.url.appendingPathComponent("/") }

    init() throws {
        server = try LoopbackServer { [unowned self] request in self.handle(request) }
    }

    func handle(_ r: LoopbackServer.Request) -> LoopbackServer.Response {
        switch r.path {
        case "/", "/index.html":
            var page = Self.signIn
            switch variant {
            case .original: break
            case .renamedButtonID: page = page.replacingOccurrences(of: "id=\"login\"", with: "id=\"sign-in-button\"")
            case .buttonRemoved: page = page.replacingOccurrences(of: "<button id=\"login\" type=\"button\">Sign in</button>", with: "")
            }
            return .init(contentType: "text/html; charset=utf-8", body: Data(page.utf8))
        case "/welcome.html": return .init(contentType: "text/html; charset=utf-8", body: Data(Self.welcome.utf8))
        case "/settings.html": return .init(contentType: "text/html; charset=utf-8", body: Data(Self.settings.utf8))
        case "/api/login":
            Thread.sleep(forTimeInterval: 0.3)
            return .json(["ok": true])
        default: return .text("not found", status: 404)
        }
    }

    static let signIn = """
    <!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Sign in</title>
    <style>body{font:16px sans-serif;margin:16px} input,select,button{display:block;margin:12px 0;font-size:18px;padding:8px;width:90%}</style></head>
    <body><main>
      <h1>Sign in</h1>
      <label for="email">Email</label><input id="email" type="email">
      <label for="password">Password</label><input id="password" type="password">
      <label><input id="remember" type="checkbox" style="display:inline;width:auto"> Remember me</label>
      <label for="country">Country</label>
      <select id="country"><option value="">Choose…</option><option value="be">Belgium</option><option value="nl">Netherlands</option></select>
      <button id="login" type="button">Sign in</button>
      <p id="error" role="alert"></p>
    </main>
    <script>
      const button = document.querySelector('main button');
      if (button) button.addEventListener('click', async () => {
        const email = document.getElementById('email').value;
        if (!email || !document.getElementById('password').value) { document.getElementById('error').textContent = 'Enter your email and password'; return; }
        await fetch('api/login', { method: 'POST', body: JSON.stringify({ email }) });
        sessionStorage.setItem('who', email + ' (' + document.getElementById('country').value + ', remember ' + document.getElementById('remember').checked + ')');
        location.href = 'welcome.html';
      });
    </script></body></html>
    """

    static let welcome = """
    <!doctype html><html><head><meta charset="utf-8"><title>Welcome</title></head>
    <body><h1 id="greeting"></h1><a id="settings" href="settings.html">Settings</a>
    <script>document.getElementById('greeting').textContent = 'Welcome, ' + sessionStorage.getItem('who');</script></body></html>
    """

    static let settings = """
    <!doctype html><html><head><meta charset="utf-8"><title>Settings</title></head>
    <body><h1>Settings</h1><label for="volume">Volume</label><input id="volume" type="range" min="0" max="10" value="5">
    <p id="level">5</p><a href="welcome.html">Back</a>
    <script>document.getElementById('volume').addEventListener('input', e => { document.getElementById('level').textContent = e.target.value; });</script></body></html>
    """
}
