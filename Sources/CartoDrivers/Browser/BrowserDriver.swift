import CartoCore
import Foundation

/// The browser dialect: a web app in Chromium through chromedriver, by default in iPhone-sized mobile emulation with
/// touch. One script call per snapshot; idle detection and failure capture run in the page (see `BrowserScripts`).
public final class BrowserDriver: AppDriver, @unchecked Sendable {
    public let platform = "web"
    public let client: WebDriverClient
    public let startURL: URL
    /// chromedriver when this driver started it (the embedded default); stopped by `close()`.
    private var service: ChromeDriverService?
    private let origin: String
    /// Pages whose HTTP 5xx answer was reported (once per URL).
    private var reportedServerErrors: Set<String> = []
    /// The document and its count of data writes at the last observation (`Observation.wroteData`).
    private var lastWrites: (document: Double, count: Int)?

    public struct Options: Sendable {
        public var mobile = true
        public var width = 390
        public var height = 844
        public var extraArguments: [String] = []
        /// False opens a visible window (for `carto record` on a desktop with a display).
        public var headless = true
        /// URL patterns (`*` wildcards) the browser never loads (DevTools `Network.setBlockedURLs`): a blocked
        /// request fails at once, as an unreachable third-party host would only after its DNS or connect timeout.
        public var blockedRequests: [String] = []
        /// How fast CSS animations and transitions play (DevTools `Animation.setPlaybackRate`, every document of the
        /// session): 10 plays a 0.3 s slide in 30 ms — the same end state with less waiting, as UI tests switch
        /// animations off. Script timers are not affected. 1 keeps the app's own timing.
        public var animationPlaybackRate: Double = 1
        /// Tells pages the user prefers reduced motion (`prefers-reduced-motion: reduce`, Chromium's
        /// `--force-prefers-reduced-motion`, so it holds in every document and tab and on a remote grid too). Pages
        /// that honour it skip what they would otherwise play over time — content faded in as it is scrolled to, a
        /// header shown 1.2 s after each load, a hero's parallax — so what a snapshot sees does not depend on how
        /// long the page has had (a venue site's fade-ins split its pages into two states or not from run to run).
        public var reducedMotion = false
        /// Seeds the page's `Math.random`, `crypto.getRandomValues` and `crypto.randomUUID` in every document (see
        /// `seeded-random.js`): an app that draws its content at random shows the same draw on every run and after
        /// every reset. Nil leaves the browser's own randomness (a person recording).
        public var randomSeed: UInt64?
        public init() {}
    }

    /// `carto crawl --animations`: the page's motion — how fast its CSS animations and transitions play, and whether
    /// it is told the user prefers reduced motion.
    public enum AnimationSpeed: String, Codable, CaseIterable, Sendable {
        /// Ten times faster, as UI tests switch animations off, and pages told the user prefers reduced motion: the
        /// same end states, a tenth of the waiting, and no fade-in that a snapshot could catch half done.
        case fast
        /// The app's own timing.
        case real
        public var playbackRate: Double { self == .fast ? 10 : 1 }
        /// Whether pages are told the user prefers reduced motion (`Options.reducedMotion`): as a tester's device
        /// set to reduce motion would, with `fast`; `real` leaves the page its own motion.
        public var reducesMotion: Bool { self == .fast }
    }

    /// Starts a session on `webdriver` (a running chromedriver on this machine), or starts chromedriver itself when nil.
    public convenience init(startURL: URL, webdriver: URL? = nil, options: Options = Options()) throws {
        try self.init(startURL: startURL, endpoint: webdriver.map { WebDriverEndpoint(url: $0) }, options: options)
    }

    /// Starts a session on `endpoint` (chromedriver, a Selenium Grid hub or a cloud, local or remote), or starts
    /// chromedriver itself when nil.
    public init(startURL: URL, endpoint: WebDriverEndpoint?, options: Options = Options()) throws {
        guard let scheme = startURL.scheme, ["http", "https", "file"].contains(scheme) else {
            throw CartoError("\(startURL.absoluteString): not an http(s) or file URL; pass the web app's address")
        }
        self.startURL = startURL
        self.origin = BrowserOrigin.of(startURL)
        if let endpoint {
            client = WebDriverClient(endpoint: endpoint)
        } else {
            let started = try ChromeDriverService.start()
            service = started
            client = WebDriverClient(baseURL: started.url)
        }
        do {
            var capabilities = ChromeDriverService.mobileCapabilities(width: options.width, height: options.height)
            if !options.mobile || !options.extraArguments.isEmpty || !options.headless || options.reducedMotion {
                var chrome = capabilities["goog:chromeOptions"] as! [String: Any]
                if !options.mobile { chrome.removeValue(forKey: "mobileEmulation"); chrome["args"] = (chrome["args"] as! [String]) + ["--window-size=\(options.width),\(options.height)"] }
                chrome["args"] = (chrome["args"] as! [String]) + options.extraArguments + (options.reducedMotion ? ["--force-prefers-reduced-motion"] : [])
                if !options.headless { chrome["args"] = (chrome["args"] as! [String]).filter { !$0.hasPrefix("--headless") } }
                capabilities["goog:chromeOptions"] = chrome
            }
            capabilities["unhandledPromptBehavior"] = "accept"
            let granted = try client.startSession(capabilities: capabilities)
            try client.setTimeouts(script: 30_000, pageLoad: 30_000, implicit: 0)
            devTools = Self.openDevTools(client: client, capabilities: granted)
            // Before the first page, so the instrumentation sees the app's first request and first error. Through
            // chromedriver's session, which has the Page domain enabled: ours does not (no event traffic), and a
            // session without it does not inject scripts into new documents.
            // New-document scripts run in the order they were added: the seed is in place before anything draws.
            if let seed = options.randomSeed {
                try client.chromeDevTools("Page.addScriptToEvaluateOnNewDocument", ["source": BrowserScripts.seededRandom(seed)])
            }
            try client.chromeDevTools("Page.addScriptToEvaluateOnNewDocument", ["source": BrowserScripts.instrumentation])
            if options.animationPlaybackRate != 1 {
                _ = try client.chromeDevTools("Animation.enable")
                _ = try client.chromeDevTools("Animation.setPlaybackRate", ["playbackRate": options.animationPlaybackRate])
                // Each DevTools session keeps a rate of its own and puts it on every new document: ours must say the
                // same, or navigations through it reset the page to 1 (measured: 1 s modal animation waited in full).
                if devTools != nil { _ = try cdp("Animation.setPlaybackRate", ["playbackRate": options.animationPlaybackRate]) }
            }
            if !options.blockedRequests.isEmpty {
                _ = try client.chromeDevTools("Network.enable")
                _ = try client.chromeDevTools("Network.setBlockedURLs", ["urls": options.blockedRequests])
            }
        } catch {
            close()
            throw error
        }
    }


    /// The direct DevTools session, when chromedriver and the browser run on this machine; nil: commands go through
    /// chromedriver (`goog/cdp/execute`). `CARTO_DEVTOOLS=chromedriver` forces the latter (for comparisons).
    private var devTools: DevToolsConnection?
    /// Whether DevTools commands go straight to the browser (else through chromedriver).
    public var usesDirectDevTools: Bool { devTools != nil }

    private static func openDevTools(client: WebDriverClient, capabilities: [String: Any]) -> DevToolsConnection? {
        guard ProcessInfo.processInfo.environment["CARTO_DEVTOOLS"] != "chromedriver",
              client.endpoint.isLoopback,
              let address = (capabilities["goog:chromeOptions"] as? [String: Any])?["debuggerAddress"] as? String,
              let target = try? client.windowHandle() else { return nil }
        let started = Date()
        defer {
            if WebDriverClient.trace { StandardError.write(String(format: "devtools connect %.1f ms\n", Date().timeIntervalSince(started) * 1000)) }
        }
        let connection = try? DevToolsConnection(debuggerAddress: address, targetID: target)
        try? connection?.watchScripts()
        return connection
    }

    /// One DevTools command, directly or through chromedriver.
    @discardableResult
    public func cdp(_ method: String, _ params: [String: Any] = [:], timeout: TimeInterval? = nil) throws -> Any {
        if let devTools { return try devTools.call(method, params, timeout: timeout) }
        return try client.chromeDevTools(method, params)
    }

    /// A sequence of DevTools commands that must run in order (input events): pipelined on the direct session.
    private func cdpSequence(_ commands: [(method: String, params: [String: Any])]) throws {
        if let devTools { try devTools.callAll(commands); return }
        for command in commands { try client.chromeDevTools(command.method, command.params) }
    }

    public func restart() throws {
        try ensureDriverAlive()
        // Fresh state: no cookies, no storage from the previous run of the path; and what the page written before
        // wrote (clearing its storage too) is no event's.
        lastWrites = nil
        if devTools != nil {
            _ = try? cdp("Network.clearBrowserCookies")
            _ = try? evaluate(Self.clearStorage)
            // Everything else the app keeps at its origin: IndexedDB (an app on localForage or Dexie kept its data
            // through every restart, and a path replayed met the rows an earlier path had added), Cache Storage,
            // service workers.
            _ = try? cdp("Storage.clearDataForOrigin", ["origin": origin, "storageTypes": Self.clearedStorageTypes])
            let answer = try cdp("Page.navigate", ["url": startURL.absoluteString]) as? [String: Any]
            if let error = answer?["errorText"] as? String, !error.isEmpty {
                throw startPageDidNotLoad(error)
            }
            try waitForLoad()
        } else {
            _ = try? client.command("DELETE", try client.sessionPath("/cookie"))
            _ = try? client.execute(Self.clearStorage)
            do {
                try client.navigate(to: startURL.absoluteString)
            } catch let error as WebDriverError where error.message.contains("net::ERR_") {
                throw startPageDidNotLoad(error.message)
            }
        }
        // Chromium shows its own error page when the server does not answer.
        if let href = try? evaluate("location.href") as? String, href.hasPrefix("chrome-error://") {
            let code = (try? evaluate("(document.querySelector('.error-code') || {}).textContent || document.title") as? String) ?? nil
            throw startPageDidNotLoad(code ?? "no answer")
        }
    }

    private func startPageDidNotLoad(_ reason: String) -> CartoError {
        CartoError("\(startURL.absoluteString): the start page did not load (\(reason)); is the app running at that address?")
    }

    private static let clearStorage = "try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}"
    private static let clearedStorageTypes = "cookies,local_storage,indexeddb,websql,cache_storage,service_workers,file_systems"

    /// After `Page.navigate` (which answers once the new document is committed): until its load event, as
    /// chromedriver's navigation command waits, so a fixed delay starts from a loaded page too — or for at most
    /// `loadWait` seconds: a page whose images' error handler loads another failing image, forever, never fires its
    /// load event, and is there to use all the same (the idle wait then says the document is still loading).
    private func waitForLoad() throws {
        let expression = "new Promise(done => { if (document.readyState === 'complete') done(true); else { addEventListener('load', () => done(true)); "
            + "setTimeout(() => done(false), \(Int(Self.loadWait * 1000))); } })"
        _ = try awaitInPage(expression, within: 30, answerWithin: 30)
    }

    static let loadWait: TimeInterval = 10

    /// Awaits a promise in the page (each answer within `answerWithin` seconds); when a navigation replaces the
    /// document meanwhile, awaits it again in the new one, until `seconds` passed.
    private func awaitInPage(_ expression: String, within seconds: TimeInterval, answerWithin: TimeInterval) throws -> Any? {
        let started = Date()
        while true {
            do { return try evaluate(expression, awaitPromise: true, timeout: answerWithin) }
            catch let error as WebDriverError where error.code == "javascript error" && Date().timeIntervalSince(started) < seconds {
                Thread.sleep(forTimeInterval: 0.005)   // between documents there is briefly no context to run in
            }
        }
    }

    private struct RawSnapshot: Decodable {
        var url: String
        var path: String
        var hash: String
        /// The hash route the page shows (snapshot.js: in-page fragments are scrolls); nil from older scripts.
        var route: String?
        var textDigest: String?
        var title: String
        /// The document's time origin (one per document) and the data writes counted in it so far (instrumentation.js).
        var document: Double?
        var writes: Int?
        /// The document the tab showed before this one and the writes counted in it when it was left (a write
        /// followed by a page load); nil when it wrote nothing, or from older scripts.
        var left: LeftDocument?
        struct LeftDocument: Decodable { var document: Double; var writes: Int }
        var status: Int?
        /// Whether the page went back in its history since the last snapshot (nil from older scripts).
        var wentBack: Bool?
        /// The texts of the native dialogs the page showed since the last snapshot (nil from older scripts).
        var told: [String]?
        var instrumented: Bool
        var errors: [AppFailure]
        var root: UIElement
    }

    public func observe(after policy: WaitPolicy?) throws -> Observation {
        var idle = IdleOutcome(idle: true, waitedMilliseconds: 0)
        var fromIdleWait: String?
        var setAside: [String] = []
        switch policy {
        case nil: break
        case .fixed(let ms)?:
            idle = .afterFixedDelay(milliseconds: ms)
            // As the idle wait does (`idle.js`): the screen is looked at from the page's top, the same delay after
            // scrolling there as after any other action.
            if try evaluate(BrowserScripts.scrollHomeExpression) as? Bool == true {
                idle.waitedMilliseconds += IdleOutcome.afterFixedDelay(milliseconds: ms).waitedMilliseconds
            }
        case .idle(let quiet, let timeout)?:
            // The idle promise answers with the snapshot taken the moment the page settled: one call for both.
            let value = try idleWait(quiet: quiet, timeout: timeout, snapshot: true)
            idle = value.outcome
            fromIdleWait = value.snapshot
            setAside = value.setAside
        }
        let raw = try snapshotRaw(fromIdleWait)
        // What a snapshot reports once (the page's errors, a move back in its history) is kept from those the wait
        // took and set aside, the page not done yet.
        let earlier = setAside.compactMap { try? JSONDecoder().decode(RawSnapshot.self, from: Data($0.utf8)) }
        var failures = earlier.flatMap(\.errors) + raw.errors
        if let status = raw.status, status >= 500, reportedServerErrors.insert(raw.url).inserted {
            failures.append(AppFailure(kind: "http \(status)", message: "the page answered HTTP \(status)", location: raw.url))
        }
        // Hash routes (#/settings) are screens of single-page apps; plain anchors (#top) are not, nor is a fragment
        // naming an element of the page (snapshot.js decides, it sees the page).
        let route = raw.route ?? (raw.hash.hasPrefix("#/") || raw.hash.hasPrefix("#!") ? raw.hash : "")
        // `/shop/` and `/shop/index.html` are one page.
        let path = raw.path.hasSuffix("/index.html") ? String(raw.path.dropLast("index.html".count))
            : raw.path.hasSuffix("/index.htm") ? String(raw.path.dropLast("index.htm".count)) : raw.path
        // A page the server answered with an error is one screen per status whatever its address (every dead link of
        // a copied article is the same 404 page, not a screen per path).
        let container = raw.status.map { $0 >= 400 ? "HTTP \($0)" : nil } ?? nil
        let query = URLComponents(string: raw.url)?.percentEncodedQuery.map { "?" + $0 } ?? ""
        let context = ScreenContext(title: raw.title.isEmpty ? nil : raw.title, container: container ?? path + route, textDigest: raw.textDigest,
                                    address: path + query + route)
        let origin = URL(string: raw.url).map(BrowserOrigin.of)
        let outOfScope = origin.map { $0 == self.origin ? nil : "left the start origin \(self.origin) for \($0)" } ?? nil
        var wrote = false
        if let document = raw.document, let writes = raw.writes {
            wrote = lastWrites.map { last in
                last.document == document ? writes > last.count : raw.left.map { $0.document == last.document && $0.writes > last.count } ?? false
            } ?? false
            lastWrites = (document, writes)
        }
        return Observation(snapshot: UISnapshot(context: context, root: raw.root), idle: idle, failures: failures, outOfScope: outOfScope,
                           wroteData: wrote, wentBack: raw.wentBack ?? false || earlier.contains { $0.wentBack == true },
                           toldUser: earlier.flatMap { $0.told ?? [] } + (raw.told ?? []))
    }

    /// The current screen (an observation without a wait; its failures are dropped — tests and tools that only look).
    public func snapshot() throws -> UISnapshot { try observe(after: nil).snapshot }

    private func snapshotRaw(_ fromIdleWait: String?) throws -> RawSnapshot {
        var lastError: Error?
        var cached = fromIdleWait
        for _ in 0..<3 {
            do {
                // A document replaced mid-call (navigation) fails the script; the next attempt reads the new one.
                let given = cached
                cached = nil
                guard let text = try given ?? evaluate(BrowserScripts.snapshotExpression) as? String else {
                    throw CartoError("the page returned no snapshot")
                }
                var raw = try JSONDecoder().decode(RawSnapshot.self, from: Data(text.utf8))
                if !raw.instrumented {
                    // A document the init script missed (opened before the session's first page): install it now.
                    _ = try evaluate(BrowserScripts.instrumentation)
                    raw.instrumented = true
                }
                return raw
            } catch let error as WebDriverError where error.code == "javascript error" || error.code == "stale element reference" {
                lastError = error
            }
        }
        throw lastError!
    }

    /// With the direct DevTools session most commands bypass chromedriver, so its death would go unnoticed while the
    /// browser lives on: a crawl must stop (exit 3, progress kept) as it did when every command failed.
    private func ensureDriverAlive() throws {
        guard devTools != nil else { return }
        if let service {
            if service.isRunning { return }
        } else if client.isReady() {
            return
        }
        throw WebDriverError(code: "transport", message: "chromedriver at \(client.baseURL.absoluteString) exited", httpStatus: nil)
    }

    /// A touch tap at a point, as a finger on a phone: touch events, then the click the browser synthesises.
    private func touch(_ x: Double, _ y: Double) throws {
        try cdpSequence([("Input.dispatchTouchEvent", ["type": "touchStart", "touchPoints": [["x": x, "y": y]]]),
                         ("Input.dispatchTouchEvent", ["type": "touchEnd", "touchPoints": [] as [Any]])])
    }

    /// Where a finger would tap an element, as the page's `locate` script answers: `[x, y, cover?, revealedByItsRow?]`.
    private struct TapPoint {
        var x: Double, y: Double
        /// What lies on top of the element wherever a finger could touch it; nil when a point of it is free.
        var cover: String?
        /// The element shows only once its row is tapped.
        var revealedByItsRow: Bool
    }

    private func locatePoint(of element: UIElement, selector: String) throws -> TapPoint {
        guard let answer = try evaluate(BrowserScripts.locate(cssSelector: selector, label: element.label)) as? [Any],
              let x = answer.first as? Double, let y = answer.dropFirst().first as? Double else {
            throw WebDriverError(code: "no such element", message: "\(ElementNaming.describe(element)) (\(selector))", httpStatus: nil)
        }
        return TapPoint(x: x, y: y, cover: answer.count > 2 ? answer[2] as? String : nil,
                        revealedByItsRow: answer.count > 3 && answer[3] as? Bool == true)
    }

    public func perform(_ action: DriverAction) throws {
        try ensureDriverAlive()
        switch action {
        case .tap(let element):
            guard let selector = Self.cssSelector(of: element) else {
                try client.click(try client.find(element))
                return
            }
            var point = try locatePoint(of: element, selector: selector)
            // A control its row shows once tapped (a tile's "Edit"): the finger taps the row where the control will
            // show, then the control, once the page shows it (its handler may run after the tap's command returns:
            // looked at again until it does, for a second at most).
            if point.revealedByItsRow {
                try touch(point.x, point.y)
                for attempt in 0..<20 {
                    point = try locatePoint(of: element, selector: selector)
                    if !point.revealedByItsRow { break }
                    if attempt == 19 {
                        throw WebDriverError(code: "element click intercepted",
                                             message: "\(ElementNaming.describe(element)) did not show where a finger tapped it", httpStatus: nil)
                    }
                    Thread.sleep(forTimeInterval: 0.05)
                }
            }
            if let cover = point.cover {
                // Something lies on top even in the middle of the screen (a panel, an overlay): a finger would touch
                // that instead, so the element cannot be tapped — as WebDriver's element click says.
                throw WebDriverError(code: "element click intercepted",
                                     message: "\(ElementNaming.describe(element)) is covered by \(cover) where a finger would touch it", httpStatus: nil)
            } else {
                // A touch tap at the element's centre, as a finger on a phone: touch events, then the click the browser
                // synthesises. DevTools input, as chromedriver's own actions use, without its per-command overhead.
                try touch(point.x, point.y)
            }
        case .type(let element, let text):
            // Real key events through DevTools (keydown, keypress, input, keyup per character, as chromedriver's
            // send-keys produces them) at a few ms per character instead of ~300 ms of classic commands per field.
            guard let selector = Self.cssSelector(of: element),
                  let state = try evaluate(BrowserScripts.focusForTyping(cssSelector: selector)) as? String else {
                let handle = try client.find(element)
                try? client.clear(handle)
                try client.sendKeys(text, to: handle)
                return
            }
            var keys: [(method: String, params: [String: Any])] = []
            if state == "filled" { keys += key("Backspace", code: "Backspace", keyCode: 8, text: nil) }
            for character in text {
                if character == "\n" || character == "\r\n" { keys += key("Enter", code: "Enter", keyCode: 13, text: "\r"); continue }
                keys += key(String(character), code: nil, keyCode: nil, text: String(character))
            }
            try cdpSequence(keys)
        case .submit(let element):
            guard let selector = Self.cssSelector(of: element),
                  try evaluate(BrowserScripts.focusForTyping(cssSelector: selector, select: false)) as? String != nil else {
                try client.sendKeys(WebDriverClient.Key.enter, to: try client.find(element))
                return
            }
            try cdpSequence(key("Enter", code: "Enter", keyCode: 13, text: "\r"))
        case .scroll(let element):
            if let selector = element.flatMap(Self.cssSelector(of:)) {
                _ = try evaluate(BrowserScripts.scrollElement(cssSelector: selector))
            } else {
                let size = try client.execute("return [innerWidth, innerHeight]") as? [Int] ?? [390, 844]
                try client.wheel(atX: size[0] / 2, y: size[1] / 2, deltaY: Int(Double(size[1]) * 0.8))
            }
        case .back:
            // Like the browser's back button; the idle wait sees the navigation (history.back is instrumented).
            // Nothing to go back to (the Navigation API knows): return at once instead of waiting out a navigation.
            _ = try evaluate("(() => { if (window.navigation && navigation.canGoBack === false) return false; history.back(); return true; })()")
        case .setValue(let element, let value):
            guard let selector = Self.cssSelector(of: element), try evaluate(BrowserScripts.setValue(cssSelector: selector, value: value)) as? Bool == true else {
                throw WebDriverError(code: "no such element", message: ElementNaming.describe(element), httpStatus: nil)
            }
        case .swipe(let element, let direction):
            // A finger drag as touch events: 60% of the element (or the screen) along the direction.
            let frame = element?.frame ?? UIFrame(x: 0, y: 0, width: 390, height: 844)
            let cx = frame.x + frame.width / 2, cy = frame.y + frame.height / 2
            let dx = direction == "left" ? -0.3 * frame.width : direction == "right" ? 0.3 * frame.width : 0
            let dy = direction == "up" ? -0.3 * frame.height : direction == "down" ? 0.3 * frame.height : 0
            try cdp("Input.dispatchTouchEvent", ["type": "touchStart", "touchPoints": [["x": cx - dx, "y": cy - dy]]])
            for step in 1...5 {
                let t = Double(step) / 5
                try cdp("Input.dispatchTouchEvent", ["type": "touchMove", "touchPoints": [["x": cx - dx + 2 * dx * t, "y": cy - dy + 2 * dy * t]]])
            }
            try cdp("Input.dispatchTouchEvent", ["type": "touchEnd", "touchPoints": [] as [Any]])
        }
    }

    /// One key press (down with its text, then up) on the focused element, as DevTools commands.
    private func key(_ key: String, code: String?, keyCode: Int?, text: String?) -> [(method: String, params: [String: Any])] {
        var down: [String: Any] = ["type": text == nil ? "rawKeyDown" : "keyDown", "key": key]
        if let text { down["text"] = text; down["unmodifiedText"] = text }
        if let code { down["code"] = code }
        if let keyCode { down["windowsVirtualKeyCode"] = keyCode; down["nativeVirtualKeyCode"] = keyCode }
        var up: [String: Any] = ["type": "keyUp", "key": key]
        if let code { up["code"] = code }
        if let keyCode { up["windowsVirtualKeyCode"] = keyCode; up["nativeVirtualKeyCode"] = keyCode }
        return [("Input.dispatchKeyEvent", down), ("Input.dispatchKeyEvent", up)]
    }

    public func element(atLocator locator: String) throws -> UIElement? {
        guard locator.hasPrefix("css selector:") else { return nil }
        let selector = String(locator.dropFirst("css selector:".count))
        guard let text = try evaluate(BrowserScripts.describe(cssSelector: selector)) as? String,
              let element = try? JSONDecoder().decode(UIElement.self, from: Data(text.utf8)) else { return nil }
        return element
    }

    public func visibleText() throws -> String {
        try evaluate("document.body ? document.body.innerText : ''") as? String ?? ""
    }

    /// Installs the interaction recorder (`carto record`) in this page and every page opened later.
    public func startRecording() throws {
        let script = BrowserScripts.recorder
        try client.chromeDevTools("Page.addScriptToEvaluateOnNewDocument", ["source": script])   // see init
        _ = try evaluate(script)
    }

    /// What the recorder saw since the last call: a JSON array of raw interactions (see `BrowserScripts.recorder`).
    public func drainRecording() throws -> Data {
        let text = try evaluate("window.__cartoRecorder ? window.__cartoRecorder.drain() : '[]'") as? String ?? "[]"
        return Data(text.utf8)
    }

    /// The page's size in CSS pixels.
    public func viewport() throws -> (width: Double, height: Double) {
        let size = try evaluate("[innerWidth, innerHeight]") as? [Double] ?? [390, 844]
        return (size.first ?? 390, size.dropFirst().first ?? 844)
    }

    public func waitForIdle(_ policy: WaitPolicy) throws -> IdleOutcome {
        switch policy {
        case .fixed(let ms): return .afterFixedDelay(milliseconds: ms)
        case .idle(let quiet, let timeout): return try idleWait(quiet: quiet, timeout: timeout, snapshot: false).outcome
        }
    }

    /// Awaits the page's idle promise; with `snapshot` it answers with the snapshot taken when the page settled.
    /// `setAside`: snapshots taken when the page looked settled but a script it loaded was not done (their one-time
    /// reports — errors, a move back — still count).
    private func idleWait(quiet: Int, timeout: Int, snapshot: Bool) throws -> (outcome: IdleOutcome, snapshot: String?, setAside: [String]) {
        let started = Date()
        func wait(_ milliseconds: Int) throws -> [String: Any] {
            let expression = BrowserScripts.idle(quietMilliseconds: quiet, timeoutMilliseconds: milliseconds, snapshot: snapshot)
            return try awaitInPage(expression, within: Double(milliseconds) / 1000, answerWithin: Double(milliseconds) / 1000 + 30) as? [String: Any] ?? [:]
        }
        var value = try wait(timeout)
        var setAside: [String] = []
        // Quiet, but a script still loading (`DevToolsConnection.scriptsLoading`: a view's module) or loaded less than
        // the quiet window ago (a module imports the next one a moment after it arrives): the page is not done. Waited
        // for until no script has loaded for the quiet window, then once more for what they do (they render the view).
        var elapsed: Int { Int(Date().timeIntervalSince(started) * 1000) }
        if let devTools {
            // At least 50 ms: the module arrives in the page's own process on a path of its own, beside the event
            // that says it arrived; a busy machine parses it and asks for the next one a moment later.
            let window = Double(max(quiet, 50))
            func loading() -> Bool {
                !devTools.scriptsLoading.isEmpty || Date().timeIntervalSince(devTools.lastScriptEvent) * 1000 < window
            }
            while value["idle"] as? Bool == true, loading() {
                while loading(), elapsed < timeout {
                    Thread.sleep(forTimeInterval: 0.005)
                    _ = try cdp("Runtime.evaluate", ["expression": "0"])   // reads the events that came meanwhile
                }
                // The snapshot taken while a script was still on its way is set aside either way.
                if let taken = value["snapshot"] as? String { setAside.append(taken) }
                guard !loading() else {
                    value = ["idle": false, "busy": "\(devTools.scriptsLoading.count) script(s) loading"]
                    break
                }
                value = try wait(max(1, timeout - elapsed))
            }
        }
        let outcome = IdleOutcome(idle: value["idle"] as? Bool ?? false,
                                  waitedMilliseconds: Date().timeIntervalSince(started) * 1000, busy: value["busy"] as? String)
        return (outcome, value["snapshot"] as? String, setAside)
    }

    /// The CSS selector of an element this dialect's snapshot located (`css selector:…`).
    static func cssSelector(of element: UIElement) -> String? {
        guard let locator = element.locator, locator.hasPrefix("css selector:") else { return nil }
        return String(locator.dropFirst("css selector:".count))
    }

    /// Runs JavaScript in the page through the DevTools protocol: the same engine as WebDriver's execute, without
    /// chromedriver's per-command navigation checks (~2 ms instead of ~16 ms per call).
    func evaluate(_ expression: String, awaitPromise: Bool = false, timeout: TimeInterval? = nil) throws -> Any? {
        let answer: [String: Any]?
        do {
            answer = try cdp("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": awaitPromise], timeout: timeout) as? [String: Any]
        } catch let error as WebDriverError where error.code != "transport" && error.code != "invalid session id" {
            // "Execution context was destroyed", "Cannot find context": a navigation replaced the document.
            throw WebDriverError(code: "javascript error", message: error.message, httpStatus: error.httpStatus)
        }
        if let exception = answer?["exceptionDetails"] as? [String: Any] {
            let text = (exception["exception"] as? [String: Any])?["description"] as? String ?? exception["text"] as? String ?? "script failed"
            throw WebDriverError(code: "javascript error", message: String(text.split(separator: "\n").first ?? ""), httpStatus: nil)
        }
        return (answer?["result"] as? [String: Any])?["value"]
    }

    /// PNG through DevTools with fast encoding, at 2× the CSS pixel size (a 3× phone screen would be 2.25 times the
    /// pixels to encode, for a picture that reports show at a fraction of that size).
    public func screenshot() throws -> Data {
        let metrics = try evaluate("[innerWidth, innerHeight, devicePixelRatio]") as? [Double] ?? []
        var parameters: [String: Any] = ["format": "png", "optimizeForSpeed": true]
        if metrics.count == 3, metrics[2] > 1 {
            // Our own DevTools session does not see chromedriver's device-metrics override: there the clip's scale is
            // per CSS pixel; in chromedriver's, per device pixel.
            let scale = devTools != nil ? min(metrics[2], 2) : min(1, 2 / metrics[2])
            parameters["clip"] = ["x": 0, "y": 0, "width": metrics[0], "height": metrics[1], "scale": scale]
        }
        let answer = try cdp("Page.captureScreenshot", parameters) as? [String: Any]
        guard let base64 = answer?["data"] as? String, let data = Data(base64Encoded: base64) else { return try client.screenshot() }
        return data
    }

    public var webOrigin: String? { origin }
    public var start: String { startURL.absoluteString }

    public func close() {
        devTools = nil
        if client.sessionID != nil { client.endSession() }
        service?.stop()
        service = nil
    }

    deinit { close() }
}

/// `scheme://host[:port]` of a URL: the web's notion of one app.
public enum BrowserOrigin {
    public static func of(_ url: URL) -> String {
        guard let scheme = url.scheme, let host = url.host else { return url.scheme ?? "" }
        return "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }
}
