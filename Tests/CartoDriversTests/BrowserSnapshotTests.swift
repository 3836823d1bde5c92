import CartoCore
import CartoDrivers
import CartoHTTP
import Foundation
import XCTest

/// The browser dialect's DOM snapshot, idle wait and failure capture, against a chromedriver that is already
/// running (`--webdriver URL`), in real headless Chromium.
final class BrowserSnapshotTests: XCTestCase {
    static let page = """
        <!DOCTYPE html><html><head><title>Snapshot</title><meta name="viewport" content="width=device-width"></head><body>
        <header><nav><a href="/a.html">Inside</a><a href="https://elsewhere.example/x">Outside</a></nav></header>
        <h1>Heading</h1>
        <label>Email <input id="mail" type="email"></label>
        <input id="pw" type="password" placeholder="Password">
        <label><input id="agree" type="checkbox" checked> Agree</label>
        <select id="size" aria-label="Size"><option>S</option><option>M</option></select>
        <button id="off" disabled>Disabled</button>
        <div id="custom">Custom control</div>
        <div role="tablist"><button role="tab" id="t1" aria-selected="true">One</button><button role="tab" id="t2">Two</button></div>
        <ul id="rows"><li><a href="/r1.html">Row 1</a></li><li><a href="/r2.html">Row 2</a></li></ul>
        <p hidden><button id="ghost">Ghost</button></p>
        <dialog id="dlg"><button id="inside">Inside dialog</button></dialog>
        <button id="open">Open</button>
        <button id="later">Later</button><div id="slot"></div>
        <script>
          document.getElementById('custom').addEventListener('click', () => {});
          document.getElementById('open').addEventListener('click', () => document.getElementById('dlg').showModal());
          document.getElementById('later').addEventListener('click', () => setTimeout(() => {
            document.getElementById('slot').innerHTML = '<a id="late" href="/late.html">Late link</a>';
          }, 400));
        </script></body></html>
        """

    func testSnapshotRolesStateLocatorsModalsAndIdleWait() throws {
        let (site, service) = try serveWithChromeDriver(["index.html": Self.page])
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
        defer { driver.close() }
        try driver.restart()
        _ = try driver.waitForIdle(.standard)
        let snapshot = try driver.snapshot()
        XCTAssertEqual(snapshot.context, ScreenContext(title: "Snapshot", container: "/"))
        let elements = snapshot.elements
        func element(_ id: String) throws -> UIElement { try XCTUnwrap(elements.first { $0.identifier == id }, id) }

        XCTAssertEqual(try element("mail").role, .textField)
        XCTAssertEqual(try element("mail").label, "Email", "label from <label>")
        XCTAssertEqual(try element("mail").platformType, "input[type=email]")
        XCTAssertEqual(try element("pw").role, .secureTextField)
        XCTAssertEqual(try element("agree").role, .checkbox)
        XCTAssertEqual(try element("agree").value, "true")
        XCTAssertEqual(try element("size").role, .picker)
        XCTAssertEqual(try element("off").enabled, false)
        XCTAssertEqual(try element("off").actions, [], "disabled elements are not acted on")
        XCTAssertEqual(try element("custom").role, .button, "a click listener makes a control")
        XCTAssertEqual(try element("custom").target, "click")
        XCTAssertEqual(try element("t1").role, .tab)
        XCTAssertTrue(try element("t1").selected)
        XCTAssertEqual(try element("ghost").visible, false)
        XCTAssertEqual(try element("inside").visible, false, "closed dialog")
        XCTAssertTrue(elements.contains { $0.role == .heading && $0.label == "Heading" })
        let links = elements.filter { $0.role == .link }
        XCTAssertEqual(links.first { $0.label == "Inside" }?.target, "/a.html", "same-origin targets without the origin")
        XCTAssertEqual(links.first { $0.label == "Outside" }?.target, "https://elsewhere.example/x")
        XCTAssertEqual(elements.filter { $0.role == .cell }.count, 2)
        let locators = elements.compactMap(\.locator)
        XCTAssertEqual(Set(locators).count, locators.count, "locators are unique")

        // A modal dialog makes everything else inert.
        try driver.perform(.tap(try element("open")))
        _ = try driver.waitForIdle(.standard)
        let modal = try driver.snapshot()
        let actionable = modal.elements.filter { !$0.actions.isEmpty }.compactMap(\.identifier)
        XCTAssertEqual(actionable, ["inside"])

        // Content that arrives 400 ms after a tap is in the snapshot right after the idle wait.
        try driver.restart()
        _ = try driver.waitForIdle(.standard)
        try driver.perform(.tap(try element("later")))
        let observed = try driver.observe(after: .standard)
        XCTAssertTrue(observed.idle.idle)
        XCTAssertGreaterThanOrEqual(observed.idle.waitedMilliseconds, 350)
        XCTAssertTrue(observed.snapshot.elements.contains { $0.identifier == "late" }, "the snapshot is taken once the page settled")
        XCTAssertNil(observed.outOfScope)
    }

    static let stepsPage = """
        <!DOCTYPE html><html><head><title>Steps</title><meta name="viewport" content="width=device-width"></head><body>
        <button id="go">Go</button><div id="out"></div>
        <button id="lost" onclick="fetch('http://127.0.0.1:1/nothing')">Lost</button>
        <script>
          // Work in steps, each started by the one before: a request, reading its body, a frame, then the change and
          // one more change in the frame after it.
          document.getElementById('go').addEventListener('click', async () => {
            const response = await fetch('data.json');
            const data = await response.json();
            await new Promise(resolve => requestAnimationFrame(resolve));
            document.getElementById('out').innerHTML = '<ul id="list"></ul>';
            requestAnimationFrame(() => {
              for (const name of data.names) document.getElementById('list').insertAdjacentHTML('beforeend', '<li>' + name + '</li>');
            });
          });
        </script></body></html>
        """

    /// Idle means the tap's whole chain of work is done — request, body, frame callbacks and the changes they make —
    /// over the direct DevTools session and through chromedriver alike, on a page reached by a navigating tap.
    /// A module loader's page: after the load event a script adds the first module, which adds a stylesheet and the
    /// next module, which draws the screen, each taking far longer than the quiet window to arrive. The first
    /// observation is the drawn screen, over both channels; a script that never loads (from innerHTML) holds nothing.
    func testIdleWaitsForTheScriptsAndStylesheetsAScriptAdds() throws {
        let page = """
            <!DOCTYPE html><html><head><title>Loader</title><meta name="viewport" content="width=device-width">
            <style>#ready { display: none }</style></head><body><main id="app"></main>
            <script>
              window.addEventListener('load', () => setTimeout(() => {
                document.body.insertAdjacentHTML('beforeend', '<script src="slow/never.js"><' + '/script>');
                const first = document.createElement('script');
                first.src = 'slow/first.js';
                document.head.appendChild(first);
              }, 4));
            </script></body></html>
            """
        let scripts = [
            "/slow/first.js": (300, """
                const theme = document.createElement('link'); theme.rel = 'stylesheet'; theme.href = 'slow/theme.css';
                document.head.appendChild(theme);
                const next = document.createElement('script'); next.src = 'slow/second.js'; document.head.appendChild(next);
                """),
            "/slow/second.js": (300, "document.getElementById('app').innerHTML = '<button id=\"ready\">Ready</button>';"),
            "/slow/theme.css": (700, "#ready { display: inline-block }"),
            "/slow/never.js": (3000, "document.title = 'never';"),
        ]
        let (site, service) = try serveWithChromeDriver(["index.html": page]) { request in
            guard let (delay, body) = scripts[request.path] else { return nil }
            Thread.sleep(forTimeInterval: Double(delay) / 1000)
            return LoopbackServer.Response(contentType: request.path.hasSuffix(".css") ? "text/css" : "text/javascript", body: Data(body.utf8))
        }
        for direct in [true, false] {
            if !direct { setenv("CARTO_DEVTOOLS", "chromedriver", 1) }
            defer { unsetenv("CARTO_DEVTOOLS") }
            let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
            defer { driver.close() }
            try driver.restart()
            let idle = try driver.waitForIdle(.standard)
            XCTAssertTrue(idle.idle, "direct \(direct): \(idle.busy ?? "")")
            let ready = try driver.snapshot().elements.first { $0.identifier == "ready" }
            XCTAssertEqual(ready?.visible, true, "direct \(direct): the loaded modules drew the screen and its stylesheet showed it")
        }
    }

    /// An offline-first app draws after browser work of its own, no request of the page's: it registers its service
    /// worker (whose script takes far longer than the quiet window to arrive), reads its Cache API shell and counts
    /// rows in IndexedDB, then draws. The first observation is the drawn screen; a wait that saw only the page's
    /// requests and timers took the bare shell whenever registering outlasted a frame (on a busy machine).
    func testIdleWaitsForTheServiceWorkerCacheAndDatabaseAPageAwaits() throws {
        let page = """
            <!DOCTYPE html><html><head><title>Offline first</title><meta name="viewport" content="width=device-width"></head>
            <body><main id="app"><p>Loading…</p></main>
            <script>
              (async () => {
                await navigator.serviceWorker.register('sw.js');
                const shell = await caches.open('shell');
                await shell.match('index.html');
                const db = await new Promise((ok, fail) => {
                  const open = indexedDB.open('jobs', 1);
                  open.onupgradeneeded = () => open.result.createObjectStore('jobs');
                  open.onsuccess = () => ok(open.result);
                  open.onerror = fail;
                });
                db.transaction('jobs').objectStore('jobs').count().onsuccess = e => {
                  document.getElementById('app').innerHTML = '<button id="ready">' + e.target.result + ' saved jobs</button>';
                };
              })();
            </script></body></html>
            """
        let (site, service) = try serveWithChromeDriver(["index.html": page]) { request in
            guard request.path == "/sw.js" else { return nil }
            Thread.sleep(forTimeInterval: 0.6)
            return LoopbackServer.Response(contentType: "text/javascript", body: Data("self.addEventListener('fetch', () => {});".utf8))
        }
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
        defer { driver.close() }
        try driver.restart()
        let idle = try driver.waitForIdle(.standard)
        XCTAssertTrue(idle.idle, idle.busy ?? "")
        XCTAssertEqual(try driver.snapshot().elements.first { $0.identifier == "ready" }?.label, "0 saved jobs")
    }

    func testIdleWaitCoversWorkInStepsOverBothChannels() throws {
        let start = #"<!DOCTYPE html><html><head><title>Start</title><meta name="viewport" content="width=device-width"></head><body><a id="next" href="steps.html">Next</a></body></html>"#
        let (site, service) = try serveWithChromeDriver(["index.html": start, "steps.html": Self.stepsPage,
                                                         "data.json": #"{"names": ["Ada", "Grace", "Edsger"]}"#])
        for direct in [true, false] {
            if !direct { setenv("CARTO_DEVTOOLS", "chromedriver", 1) }
            defer { unsetenv("CARTO_DEVTOOLS") }
            let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
            defer { driver.close() }
            XCTAssertEqual(driver.usesDirectDevTools, direct)
            for round in 1...3 {
                try driver.restart()
                _ = try driver.waitForIdle(.standard)
                try driver.perform(.tap(try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == "next" })))
                _ = try driver.waitForIdle(.standard)
                let go = try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == "go" })
                try driver.perform(.tap(go))
                let idle = try driver.waitForIdle(.standard)
                XCTAssertTrue(idle.idle, "\(idle.busy ?? "")")
                let items = try driver.snapshot().elements.filter { $0.role == .cell }.compactMap(\.label)
                XCTAssertEqual(items, ["Ada", "Grace", "Edsger"], "direct \(direct), round \(round)")
            }
            // A request that fails and that the page ignores is still an unhandled rejection (a smoke-test failure),
            // reported by the next observation whether the wait came with it or before it (no hidden order).
            let lost = try XCTUnwrap(try driver.observe(after: nil).snapshot.elements.first { $0.identifier == "lost" })
            try driver.perform(.tap(lost))
            XCTAssertEqual(try driver.observe(after: .standard).failures.map(\.kind), ["unhandled rejection"], "direct \(direct)")
            try driver.perform(.tap(lost))
            _ = try driver.waitForIdle(.standard)
            XCTAssertEqual(try driver.observe(after: nil).failures.map(\.kind), ["unhandled rejection"], "direct \(direct): the wait kept it")
            XCTAssertEqual(try driver.observe(after: nil).failures, [], "reported once")
            let png = try driver.screenshot()
            XCTAssertEqual(png.count > 24 ? png[16..<20].reduce(0) { $0 << 8 | Int($1) } : 0, 780, "2× the 390-point phone width")
        }
    }

    /// A link that scrolls the page to its section by script, a step per frame (jQuery's `animate`, a one-page
    /// site's menu): the screen moves for 600 ms and the wait lasts until it stops — a tap before then lands on
    /// whatever passes under the finger.
    func testIdleWaitsUntilThePageStopsScrolling() throws {
        let page = """
            <!DOCTYPE html><html><head><title>Start</title><meta name="viewport" content="width=device-width"></head><body>
            <a id="go" href="#far">Down</a><div style="height: 4000px"></div><h2 id="far">Far</h2><div style="height: 2000px"></div>
            <script>
              document.getElementById('go').addEventListener('click', e => {
                e.preventDefault();
                const from = scrollY, to = document.getElementById('far').offsetTop, t0 = performance.now();
                const step = now => {
                  const k = Math.min(1, (now - t0) / 600);
                  scrollTo(0, from + (to - from) * k);
                  if (k < 1) requestAnimationFrame(step); else document.title = 'arrived';
                };
                requestAnimationFrame(step);
              });
            </script></body></html>
            """
        let (site, service) = try serveWithChromeDriver(["index.html": page])
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
        defer { driver.close() }
        for round in 1...3 {
            try restartAndTapGo(driver)
            XCTAssertEqual(try driver.snapshot().context.title, "arrived", "round \(round): the wait ended while the page scrolled")
        }
    }

    /// A screen is looked at from the page's top, whatever the crawl scrolled to for its last tap: a "back to top"
    /// button shown once the page is scrolled down, and content faded in as it is scrolled to, make no state of
    /// their own. Transparency still hides a menu closed to taps, a fixed toast and a card's button drawn on hover.
    func testTheScreenIsLookedAtFromThePagesTopWhereverTheLastTapScrolledTo() throws {
        let page = """
            <!DOCTYPE html><html><head><title>Long</title><meta name="viewport" content="width=device-width">
            <style>
              html { scroll-behavior: smooth; }
              .reveal { opacity: 0; transition: opacity 0.3s; } .reveal.shown { opacity: 1; }
              #top { position: fixed; right: 8px; bottom: 8px; opacity: 0; visibility: hidden; }
              #top.on { opacity: 1; visibility: visible; }
              #menu { opacity: 0; pointer-events: none; } #toast { position: fixed; bottom: 0; opacity: 0; }
            </style></head><body>
            <button id="open">Menu</button><div id="menu"><a id="settings" href="#settings">Settings</a></div>
            <div id="toast"><button id="undo">Undo</button></div>
            <h1>Welcome</h1><p class="reveal shown">Hello</p>
            <div style="height: 1500px"></div>
            <section class="reveal" id="team"><h2 id="team-heading">Our team</h2><button id="hire">Join us</button></section>
            <div style="position: relative">Lisbon <button id="details" style="position: absolute; right: 0; opacity: 0">View details</button></div>
            <div style="height: 100px"></div><button id="save">Save</button><div style="height: 1500px"></div>
            <button id="top">Back to top</button>
            <script>
              const seen = new IntersectionObserver(entries => entries.forEach(e => { if (e.isIntersecting) e.target.classList.add('shown'); }),
                                                    { rootMargin: '0px 0px -50px 0px' });
              document.querySelectorAll('.reveal').forEach(el => seen.observe(el));
              addEventListener('scroll', () => document.getElementById('top').classList.toggle('on', scrollY > 300));
              document.getElementById('top').addEventListener('click', () => scrollTo(0, 0));
            </script></body></html>
            """
        let driver = try openPage(page)
        func shown(_ policy: WaitPolicy) throws -> [String] {
            try driver.observe(after: policy).snapshot.elements.filter(\.visible).compactMap(\.identifier).sorted()
        }
        func value(_ expression: String) throws -> Any? {
            let answer = try driver.cdp("Runtime.evaluate", ["expression": expression, "returnByValue": true]) as? [String: Any]
            return (answer?["result"] as? [String: Any])?["value"]
        }
        let atLoad = try shown(.standard)
        for id in ["team-heading", "hire", "save"] { XCTAssertTrue(atLoad.contains(id), "\(id): what scrolling shows is there: \(atLoad)") }
        for id in ["settings", "undo", "top", "details"] {
            XCTAssertFalse(atLoad.contains(id), "\(id): the closed menu, the toast, a button drawn on hover and the button shown on scrolling are not: \(atLoad)")
        }
        for policy in [WaitPolicy.standard, .fixed(milliseconds: 400)] {
            let save = try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == "save" })
            try driver.perform(.tap(save))
            XCTAssertEqual(try shown(policy), atLoad, "\(policy): after a tap at the page's foot")
            XCTAssertEqual(try value("scrollY") as? Int, 0, "\(policy)")
            XCTAssertEqual(try value("document.getElementById('team').classList.contains('shown')") as? Bool, true,
                           "the tap scrolled past the section: the page revealed it")
        }
    }

    /// Where the app scrolls the page itself (a guided tour moving to its next step), that position is part of what
    /// it shows and stays, also after a tap that moves nothing: whether the tap needed scrolling first or not, and
    /// with either wait. What the browser scrolled to by itself is not the app's: an in-page anchor's section, the
    /// field a form refused.
    func testAPositionTheAppScrolledToItselfIsKept() throws {
        let page = """
            <!DOCTYPE html><html><head><title>Tour</title><meta name="viewport" content="width=device-width"></head><body>
            <button id="start">Take the tour</button> <a id="jump" href="#step">Jump to step two</a><div style="height: 2000px"></div>
            <section id="step"><h2>Step two</h2><button id="stay">Got it</button><form id="f"><input id="name" required></form></section>
            <div style="height: 2000px"></div>
            <button id="again">Show me again</button><button id="send" form="f">Send</button><div style="height: 300px"></div>
            <script>
              const toStep = () => document.getElementById('step').scrollIntoView({ block: 'start' });
              document.getElementById('start').addEventListener('click', toStep);
              document.getElementById('again').addEventListener('click', toStep);
              document.getElementById('stay').addEventListener('click', () => {});
            </script></body></html>
            """
        let driver = try openPage(page)
        func value(_ expression: String) throws -> Any? {
            let answer = try driver.cdp("Runtime.evaluate", ["expression": expression, "returnByValue": true]) as? [String: Any]
            return (answer?["result"] as? [String: Any])?["value"]
        }
        _ = try driver.observe(after: .standard)
        let stepTop = try XCTUnwrap(try value("document.getElementById('step').offsetTop") as? Int)
        for policy in [WaitPolicy.standard, .fixed(milliseconds: 300)] {
            for (id, at) in [("start", stepTop), ("stay", stepTop), ("again", stepTop), ("jump", 0), ("send", 0)] {
                try driver.perform(.tap(try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == id })))
                _ = try driver.observe(after: policy)
                XCTAssertEqual(try value("scrollY") as? Int, at, "\(policy), \(id)")
            }
            XCTAssertEqual(try value("document.activeElement.id") as? String, "name", "the form refused its field and the browser went there")
        }
    }

    /// A required select left on its placeholder (an option with no value) is a choice the form still requires: the
    /// snapshot says so, and no longer once a choice is made; an optional one never does.
    func testARequiredSelectOnItsPlaceholderSaysItAwaitsAChoice() throws {
        let page = """
            <!DOCTYPE html><html><head><title>Book</title><meta name="viewport" content="width=device-width"></head><body>
            <form><select id="plan" required><option value="">Select</option><option>Monthly</option></select>
            <select id="extra"><option value="">Select</option><option>Towel</option></select><button>Book</button></form>
            </body></html>
            """
        let driver = try openPage(page)
        func required(_ id: String) throws -> Bool? {
            try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == id }).accepts?.required
        }
        XCTAssertEqual(try required("plan"), true)
        XCTAssertNil(try required("extra"))
        try driver.perform(.setValue(try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == "plan" }), value: "Monthly"))
        XCTAssertNil(try required("plan"))
    }

    /// A call's time limit holds however many events the browser sends meanwhile: a page that loads another failing
    /// picture each time one fails, forever, floods the connection with network events, and a wait renewed by each
    /// of them never ended (a crawl stuck on its first page load). (A new picture each time: the instrumentation ends
    /// a loop that retries one element.)
    func testACallEndsInTimeWhileThePageFloodsTheConnectionWithEvents() throws {
        let page = """
            <!DOCTYPE html><html><head><title>Busy</title><meta name="viewport" content="width=device-width"></head><body>
            <script>(function again() { const i = new Image(); i.onerror = again; i.src = '/missing.png?' + Math.random(); })();</script></body></html>
            """
        let driver = try openPage(page)
        XCTAssertTrue(driver.usesDirectDevTools)
        let started = Date()
        XCTAssertThrowsError(try driver.cdp("Runtime.evaluate", ["expression": "new Promise(() => {})", "awaitPromise": true], timeout: 1))
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "the call outlived its time limit")
    }

    /// A page whose pictures' error handler asks again for a source out of reach (`onerror="this.src = fallback"`,
    /// the fallback failing too) requests forever: its load event never came, each new source changed the DOM, and a
    /// tap's click waited behind the loop. The instrumentation ends the loop after a few failures: the start and each
    /// wait end idle, early, and see what a tap did. A page with a slow picture and no loop is still awaited until its
    /// load event (where a script drew the screen).
    func testAFailingPicturesRetryLoopDoesNotHoldEveryWait() throws {
        let looping = """
            <!DOCTYPE html><html><head><title>Menu</title><meta name="viewport" content="width=device-width"></head><body>
            <img src="/dish.png" alt="Dish" width="80" height="60" onerror="this.src = '/placeholder.png'">
            <img src="/drink.png" alt="Drink" width="80" height="60" onerror="this.src = '/placeholder.png?' + Math.random()">
            <button id="go" onclick="this.textContent = 'Added'">Add</button>
            <a id="next" href="slow.html">Next</a></body></html>
            """
        let slow = """
            <!DOCTYPE html><html><head><title>Slow</title><meta name="viewport" content="width=device-width"></head><body>
            <img src="/slow.png" alt="Slow"><button id="ready" hidden>Ready</button>
            <script>addEventListener('load', () => { document.getElementById('ready').hidden = false; });</script></body></html>
            """
        let (site, service) = try serveWithChromeDriver(["index.html": looping, "slow.html": slow]) { request in
            guard request.path == "/slow.png" else { return nil }
            Thread.sleep(forTimeInterval: 1.5)
            return LoopbackServer.Response(contentType: "image/png", body: Data())
        }
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
        defer { driver.close() }
        let started = Date()
        try driver.restart()
        let first = try driver.waitForIdle(.standard)
        XCTAssertTrue(first.idle, "\(first.busy ?? "")")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "the start waited for a load event that never comes (10 s)")
        try driver.perform(.tap(try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == "go" })))
        let afterTap = try driver.observe(after: .standard)
        XCTAssertTrue(afterTap.idle.idle, "\(afterTap.idle.busy ?? "")")
        XCTAssertLessThan(afterTap.idle.waitedMilliseconds, 1000)
        XCTAssertEqual(afterTap.snapshot.elements.first { $0.identifier == "go" }?.label, "Added")
        try driver.perform(.tap(try XCTUnwrap(afterTap.snapshot.elements.first { $0.identifier == "next" })))
        let next = try driver.observe(after: .standard)
        XCTAssertTrue(next.idle.idle, "\(next.idle.busy ?? "")")
        XCTAssertEqual(next.snapshot.elements.first { $0.identifier == "ready" }?.visible, true, "the slow page's load event drew its screen")
    }

    /// A write followed by a page load is the event's: a sign-up form that stores the account and goes to the
    /// sign-in page wrote data, though the document the observation reads wrote nothing. What a page writes while it
    /// loads is not the tap's that led there, nor is what a restart clears.
    func testAWriteBeforeAPageLoadIsTheEventsAndAPagesLoadIsNot() throws {
        let start = """
            <!DOCTYPE html><html><head><title>Start</title><meta name="viewport" content="width=device-width"></head><body>
            <button id="store" onclick="localStorage.setItem('account', 'ada'); location.href = 'next.html'">Store and go</button>
            <a id="plain" href="next.html">Go</a><a id="loads" href="loads.html">Go where the page writes</a></body></html>
            """
        let next = #"<!DOCTYPE html><html><head><title>Next</title><meta name="viewport" content="width=device-width"></head><body><p>Next</p></body></html>"#
        let loads = """
            <!DOCTYPE html><html><head><title>Loads</title><meta name="viewport" content="width=device-width"></head><body>
            <script>localStorage.setItem('visits', String(Number(localStorage.getItem('visits') || 0) + 1));</script></body></html>
            """
        let (site, service) = try serveWithChromeDriver(["index.html": start, "next.html": next, "loads.html": loads])
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
        defer { driver.close() }
        for (id, title, wrote) in [("store", "Next", true), ("plain", "Next", false), ("loads", "Loads", false), ("store", "Next", true)] {
            try driver.restart()
            let first = try driver.observe(after: .standard)
            XCTAssertFalse(first.wroteData, "the restart's own clearing, before \(id)")
            try driver.perform(.tap(try XCTUnwrap(first.snapshot.elements.first { $0.identifier == id })))
            let after = try driver.observe(after: .standard)
            XCTAssertEqual(after.snapshot.context.title, title)
            XCTAssertEqual(after.wroteData, wrote, "the tap on \(id)")
        }
    }

    /// A restart is a fresh start: what the app kept at its origin — localStorage, a cookie, an IndexedDB database —
    /// is gone, so a path replayed meets the app as it first met it.
    func testARestartClearsWhatTheAppKeptAtItsOrigin() throws {
        let page = """
            <!DOCTYPE html><html><head><title>Keeper</title></head><body><p id="kept">…</p><script>
            const open = indexedDB.open('keeper', 1);
            open.onupgradeneeded = () => open.result.createObjectStore('rows');
            open.onsuccess = () => {
              const db = open.result, tx = db.transaction('rows', 'readwrite'), rows = tx.objectStore('rows');
              const count = rows.count();
              count.onsuccess = () => {
                document.getElementById('kept').textContent = [count.result, localStorage.getItem('visits') || 0, document.cookie.includes('seen=1')].join(' ');
                rows.put('row', String(Date.now()));
                localStorage.setItem('visits', '1');
                document.cookie = 'seen=1; max-age=3600';
              };
            };
            </script></body></html>
            """
        let (site, service) = try serveWithChromeDriver(["index.html": page])
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
        defer { driver.close() }
        func kept() throws -> String {
            for _ in 0..<100 {
                let text = try driver.visibleText().trimmingCharacters(in: .whitespacesAndNewlines)
                if text != "…" { return text }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return "…"
        }
        try driver.restart()
        XCTAssertEqual(try kept(), "0 0 false", "a first start")
        Thread.sleep(forTimeInterval: 0.3)
        try driver.client.navigate(to: site.url.appendingPathComponent("/").absoluteString)
        XCTAssertEqual(try kept(), "1 1 true", "a page load keeps what the app wrote (the test sees the writes land)")
        try driver.restart()
        XCTAssertEqual(try kept(), "0 0 false", "a restart clears it all")
    }

    /// Restarts the page, taps `#go` and waits, which must end idle (the test then reads the screen the tap left).
    private func restartAndTapGo(_ driver: BrowserDriver) throws {
        try driver.restart()
        _ = try driver.waitForIdle(.standard)
        try driver.perform(.tap(try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == "go" })))
        let idle = try driver.waitForIdle(.standard)
        XCTAssertTrue(idle.idle, "\(idle.busy ?? "")")
    }

    /// A section hidden and faded in again by a script animation on an interval (jQuery's `hide().fadeIn()`, ticks
    /// every 13 ms; here 30 ms apart, as a loaded machine spaces them): between two ticks the DOM is quiet for longer
    /// than the quiet window, and the wait must still last until the animation is over — the section's heading
    /// visible — not end at the first gap. A page whose short interval never stops (a game's loop) holds a wait
    /// at most `maxAnimation` after the interval began.
    func testIdleWaitsForAScriptAnimationOnAnInterval() throws {
        let page = """
            <!DOCTYPE html><html><head><title>Docs</title><meta name="viewport" content="width=device-width"></head><body>
            <a id="go" href="#!/next">Next section</a><section id="content"><h2 id="heading">First</h2></section>
            <script>
              window.addEventListener('hashchange', () => {
                const content = document.getElementById('content');
                content.style.display = 'none';
                document.getElementById('heading').textContent = 'Second';
                let step = 0;
                const tick = setInterval(() => {
                  step += 1;
                  content.style.opacity = String(step / 10);
                  if (step === 10) { content.style.display = 'block'; clearInterval(tick); }
                }, 30);
              });
            </script></body></html>
            """
        let loop = """
            <!DOCTYPE html><html><head><title>Game</title><meta name="viewport" content="width=device-width"></head><body>
            <canvas id="board" data-frame="0"></canvas>
            <script>let frame = 0; setInterval(() => { frame += 1; document.getElementById('board').dataset.frame = String(frame); }, 20);</script>
            </body></html>
            """
        let (site, service) = try serveWithChromeDriver(["index.html": page, "loop.html": loop])
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
        defer { driver.close() }
        for round in 1...3 {
            try restartAndTapGo(driver)
            let heading = try driver.snapshot().elements.first { $0.identifier == "heading" }
            XCTAssertEqual(heading?.label, "Second")
            XCTAssertEqual(heading?.visible, true, "round \(round): the wait ended while the section was still fading in")
        }
        let game = try BrowserDriver(startURL: site.url.appendingPathComponent("loop.html"), webdriver: service.url)
        defer { game.close() }
        try game.restart()
        let started = Date()
        let first = try game.waitForIdle(.standard)
        XCTAssertTrue(first.idle, "\(first.busy ?? "")")
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "a loop holds the first wait for a second at most")
        let again = Date()
        XCTAssertTrue(try game.waitForIdle(.standard).idle)
        XCTAssertLessThan(Date().timeIntervalSince(again), 0.5, "a loop older than a second holds no wait")
    }
}

/// What a person sees and can touch on pages built the way third-party apps are: filters marked by class names, a
/// link around a heading, an off-canvas menu, a hand-made dialog over a backdrop, a row whose delete button shows on
/// hover, a form sent without a script, an element under a panel, a page wider than a phone.
final class BrowserReachabilityTests: XCTestCase {
    static let page = """
        <!DOCTYPE html><html><head><title>Reach</title><meta name="viewport" content="width=device-width">
        <style>
          #side { position: fixed; left: 0; top: 0; width: 200px; transform: translateX(-100%); }
          body.menu #side { transform: none; }
          #backdrop { display: none; position: fixed; inset: 0; background: rgba(0,0,0,.5); }
          #backdrop.show { display: block; }
          #backdrop .box { background: white; margin: 100px auto; width: 200px; }
          li .del { opacity: 0; } li:hover .del { opacity: 1; }
          #panel { position: absolute; inset: 0; background: #eee; z-index: 5; }
          #toggle-all { width: 1px; height: 1px; border: none; opacity: 0; position: absolute; right: 100%; bottom: 100%; }
        </style></head><body>
        <section style="position: relative"><input id="toggle-all" type="checkbox"><label for="toggle-all">Mark all as complete</label></section>
        <a href="#/"><h1>todos</h1></a>
        <ul class="filters"><li><a class="selected" href="#/">All</a></li><li><a href="#/active">Active</a></li></ul>
        <ul class="nav"><li class="active"><a href="/home.html">Home</a></li><li><a href="/about.html">About</a></li></ul>
        <nav id="side"><a id="portfolio" href="#">Portfolio</a></nav>
        <button id="menu" onclick="document.body.classList.toggle('menu')">Menu</button>
        <button id="open" onclick="document.getElementById('backdrop').classList.add('show')">Sign up</button>
        <div id="backdrop"><div class="box"><button id="close" onclick="document.getElementById('backdrop').classList.remove('show')">Close</button></div></div>
        <ul id="rows"><li>Milk <button class="del" id="del" onclick="this.parentElement.remove()">x</button></li></ul>
        <form id="f" action="/sent.html"><input id="who" name="who" required><input id="send" type="submit" value="Send"></form>
        <div style="position: relative"><button id="under">Under</button><div id="panel"></div></div>
        </body></html>
        """

    func testWhatAPersonSeesAndCanTouch() throws {
        let (site, service) = try serveWithChromeDriver([
            "index.html": Self.page, "pan.html": Self.panPage,
            "sent.html": "<!DOCTYPE html><title>Sent</title><script>setTimeout(() => document.title = 'Sent!', 50)</script><p>Thanks</p>",
        ])
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
        defer { driver.close() }
        try driver.restart()
        _ = try driver.waitForIdle(.standard)
        func elements() throws -> [UIElement] { try driver.snapshot().elements }
        func element(_ id: String) throws -> UIElement { try XCTUnwrap(try elements().first { $0.identifier == id }, id) }
        func link(_ label: String) throws -> UIElement { try XCTUnwrap(try elements().first { $0.role == .link && $0.label == label }, label) }

        XCTAssertTrue(try link("All").selected, "a.selected")
        XCTAssertFalse(try link("Active").selected)
        XCTAssertTrue(try link("Home").selected, "li.active > a")
        XCTAssertFalse(try link("About").selected)
        XCTAssertTrue(try link("todos").visible, "an inline link around a heading shows what its heading shows")
        XCTAssertTrue(try elements().contains { $0.role == .heading && $0.label == "todos" && $0.visible })
        XCTAssertFalse(try element("portfolio").visible, "off-canvas")
        XCTAssertEqual(try element("send").label, "Send", "a submit input is named by its value")

        // TodoMVC's toggle-all: a 1 px checkbox off the page, drawn by its label, seen and touched through the label.
        let toggleAll = try element("toggle-all")
        XCTAssertTrue(toggleAll.visible, "drawn by its label")
        XCTAssertEqual(toggleAll.actions, [.tap])
        XCTAssertEqual(toggleAll.value, "false")
        try driver.perform(.tap(toggleAll))
        _ = try driver.waitForIdle(.standard)
        XCTAssertEqual(try element("toggle-all").value, "true", "the tap landed on the label")

        // A row's delete button that only hovering shows is not visible, but a finger can tap it.
        let del = try element("del")
        XCTAssertFalse(del.visible)
        XCTAssertEqual(del.actions, [.tap])

        // The menu slides in.
        try driver.perform(.tap(try element("menu")))
        _ = try driver.waitForIdle(.standard)
        XCTAssertTrue(try element("portfolio").visible)

        // A hand-made dialog over a backdrop: what lies under the backdrop cannot be touched.
        try driver.perform(.tap(try element("open")))
        _ = try driver.waitForIdle(.standard)
        XCTAssertEqual(try element("close").actions, [.tap])
        XCTAssertEqual(try element("open").actions, [], "under the backdrop")
        XCTAssertEqual(try element("menu").actions, [], "under the backdrop")
        XCTAssertEqual(try element("open").covered, true, "seen through the dimmed backdrop, out of reach")
        XCTAssertTrue(try element("open").visible)
        XCTAssertNil(try element("close").covered, "the dialog itself")
        XCTAssertEqual(try element("send").covered, true, "the form under the backdrop too")
        try driver.perform(.tap(try element("close")))
        _ = try driver.waitForIdle(.standard)
        XCTAssertEqual(try element("open").actions, [.tap])
        XCTAssertNil(try element("open").covered, "the dialog closed")

        // An element under a panel: the tap is refused with what covers it, not clicked by script behind the panel.
        XCTAssertThrowsError(try driver.perform(.tap(try element("under")))) { error in
            XCTAssertEqual((error as? WebDriverError)?.code, "element click intercepted", "\(error)")
            XCTAssertTrue("\(error)".contains("div#panel"), "\(error)")
        }

        // The row's delete button takes the tap.
        try driver.perform(.tap(del))
        _ = try driver.waitForIdle(.standard)
        XCTAssertNil(try elements().first { $0.identifier == "del" }, "deleted")

        // A form sent without a script navigates; the idle wait covers the navigation, whenever it begins. Its
        // submit button awaits input while the required field is empty.
        XCTAssertEqual(try element("send").awaitsInput, true, "a required field is empty")
        try driver.perform(.type(try element("who"), text: "ann"))
        XCTAssertNil(try element("send").awaitsInput, "filled")
        try driver.perform(.tap(try element("send")))
        let idle = try driver.waitForIdle(.standard)
        XCTAssertTrue(idle.idle)
        let sent = try driver.snapshot()
        XCTAssertEqual(sent.context.title, "Sent!")
        XCTAssertTrue(sent.context.container?.hasPrefix("/sent.html") == true, "\(sent.context)")
    }

    /// A full-screen dialog longer than the screen scrolls inside its fixed layer: what lies below its fold is on the
    /// screen (a finger scrolls the dialog to it) and takes a tap. A banner slid below the screen stays gone: no
    /// scrolling brings it back.
    static let scrollingLayerPage = """
        <!DOCTYPE html><html><head><title>Layers</title><meta name="viewport" content="width=device-width, initial-scale=1.0">
        <style>
          .sheet { position: fixed; inset: 0; overflow-y: auto; background: rgba(0,0,0,.5); display: none }
          .sheet.open { display: block }
          .sheet .content { margin: 16px; background: #fff; padding: 100px 0 }
          .banner { position: fixed; left: 0; right: 0; bottom: 0; transform: translateY(100%); background: #222 }
        </style></head><body>
        <h1>Work</h1><button id="open" onclick="document.querySelector('.sheet').classList.add('open')">Open project</button>
        <div class="sheet"><div class="content"><h2>Project</h2><p style="height: 1500px">A long description.</p>
          <button id="close" onclick="document.querySelector('.sheet').classList.remove('open'); document.title = 'closed'">Close Project</button></div></div>
        <div class="banner"><button id="accept">Accept cookies</button></div>
        </body></html>
        """

    func testAScrollingFixedLayerShowsWhatLiesBelowItsFold() throws {
        let (site, service) = try serveWithChromeDriver(["index.html": Self.scrollingLayerPage])
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
        defer { driver.close() }
        try driver.restart()
        _ = try driver.waitForIdle(.standard)
        func element(_ id: String) throws -> UIElement { try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == id }, id) }
        XCTAssertFalse(try element("accept").visible, "a fixed banner slid below the screen")
        try driver.perform(.tap(try element("open")))
        _ = try driver.waitForIdle(.standard)
        let close = try element("close")
        XCTAssertTrue(close.visible, "below the fold of a dialog that scrolls")
        XCTAssertEqual(close.actions, [.tap])
        XCTAssertFalse(try element("accept").visible, "still slid away")
        try driver.perform(.tap(close))
        _ = try driver.waitForIdle(.standard)
        XCTAssertEqual(try driver.snapshot().context.title, "closed", "the tap reached the button below the fold")
        XCTAssertFalse(try element("close").visible, "the dialog closed")
    }

    /// A page wider than the phone that cannot scroll: bringing an element into view pans the visual viewport, and
    /// the next touch must land where the element now is on the screen.
    static let panPage = """
        <!DOCTYPE html><html><head><title>Pan</title><meta name="viewport" content="width=device-width, initial-scale=1.0">
        <style>body { height: 100vh; overflow: hidden; margin: 0 } #wide { width: 500px; height: 20px }</style></head><body>
        <div id="wide"></div>
        <div style="position: absolute; top: 780px; left: 20px"><button id="low">Low</button><div style="position: absolute; inset: 0; z-index: 5; background: #eee"></div></div>
        <button id="top" style="position: absolute; top: 300px; left: 20px" onclick="document.title = 'top tapped'">Top</button>
        </body></html>
        """

    func testTouchesLandWhereTheElementIsAfterTheScreenPanned() throws {
        let (site, service) = try serveWithChromeDriver(["pan.html": Self.panPage])
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/pan.html"), webdriver: service.url)
        defer { driver.close() }
        try driver.restart()
        _ = try driver.waitForIdle(.standard)
        let elements = try driver.snapshot().elements
        let low = try XCTUnwrap(elements.first { $0.identifier == "low" }), top = try XCTUnwrap(elements.first { $0.identifier == "top" })
        XCTAssertThrowsError(try driver.perform(.tap(low)), "covered; bringing it to the middle pans the screen")
        try driver.perform(.tap(top))
        _ = try driver.waitForIdle(.standard)
        XCTAssertEqual(try driver.snapshot().context.title, "top tapped")
    }
}

/// `carto crawl --animations fast`: CSS transitions play ten times faster — on the start page and on every page
/// reached by navigating (each DevTools session keeps its own rate) — and reach the same end state.
final class BrowserAnimationSpeedTests: XCTestCase {
    static let start = #"<!DOCTYPE html><html><head><title>Start</title></head><body><a id="next" href="modal.html">Next</a></body></html>"#
    static let modal = """
        <!DOCTYPE html><html><head><title>Modal</title>
        <style>#box { opacity: 0; transition: opacity 3s linear; } #box.shown { opacity: 1; }</style></head><body>
        <button id="open" onclick="document.getElementById('box').classList.add('shown')">Open</button>
        <div id="box" ontransitionend="document.title = 'shown'"><button id="ok">OK</button></div>
        </body></html>
        """

    func testFastAnimationsReachTheSameEndStateInATenthOfTheTime() throws {
        let (site, service) = try serveWithChromeDriver(["index.html": Self.start, "modal.html": Self.modal])
        var waited: [BrowserDriver.AnimationSpeed: TimeInterval] = [:]
        for speed in BrowserDriver.AnimationSpeed.allCases {
            var options = BrowserDriver.Options()
            options.animationPlaybackRate = speed.playbackRate
            let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url, options: options)
            defer { driver.close() }
            try driver.restart()
            _ = try driver.waitForIdle(.standard)
            try driver.perform(.tap(try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == "next" })))
            _ = try driver.waitForIdle(.standard)
            try driver.perform(.tap(try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == "open" })))
            let began = Date()
            let idle = try driver.waitForIdle(.idle(quietMilliseconds: 100, timeoutMilliseconds: 6000))
            waited[speed] = Date().timeIntervalSince(began)
            XCTAssertTrue(idle.idle, "\(speed): \(idle.busy ?? "")")
            XCTAssertEqual(try driver.snapshot().context.title, "shown", "\(speed): the transition ran to its end")
        }
        XCTAssertGreaterThan(try XCTUnwrap(waited[.real]), 2.5, "the app's own 3 s transition")
        XCTAssertLessThan(try XCTUnwrap(waited[.fast]), 1.2, "3 s at 10×, after a navigation")
    }
}

/// `carto crawl --animations fast` tells pages the user prefers reduced motion, on the start page and on pages
/// reached after it: a page that fades its content in over time for others (a header shown 1.2 s after each load,
/// sections revealed as they are scrolled to) shows it at once, so a snapshot never depends on how long the page had.
/// `real` leaves the page its own motion.
final class BrowserReducedMotionTests: XCTestCase {
    static let page = """
        <!DOCTYPE html><html><head><title>Venue</title>
        <style>.reveal { opacity: 0; } .reveal.shown { opacity: 1; }</style></head><body>
        <h1 id="welcome" class="reveal">Welcome</h1><a id="more" href="more.html">More</a>
        <script>
        const calm = matchMedia('(prefers-reduced-motion: reduce)').matches;
        document.body.dataset.motion = calm ? 'reduced' : 'full';
        setTimeout(() => document.getElementById('welcome').classList.add('shown'), calm ? 0 : 4000);
        </script></body></html>
        """

    func testFastMotionTellsEveryPageTheUserPrefersReducedMotionAndRealDoesNot() throws {
        let more = Self.page.replacingOccurrences(of: "<title>Venue</title>", with: "<title>More</title>")
        let (site, service) = try serveWithChromeDriver(["index.html": Self.page, "more.html": more])
        for speed in BrowserDriver.AnimationSpeed.allCases {
            var options = BrowserDriver.Options()
            options.animationPlaybackRate = speed.playbackRate
            options.reducedMotion = speed.reducesMotion
            let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url, options: options)
            defer { driver.close() }
            try driver.restart()
            for page in ["Venue", "More"] {
                _ = try driver.waitForIdle(.idle(quietMilliseconds: 50, timeoutMilliseconds: 1000))
                let snapshot = try driver.snapshot()
                XCTAssertEqual(snapshot.context.title, page)
                let welcome = try XCTUnwrap(snapshot.elements.first { $0.identifier == "welcome" })
                XCTAssertEqual(welcome.visible, speed == .fast, "\(speed) on \(page): the heading is \(speed == .fast ? "shown at once" : "still fading in")")
                let motion = try driver.cdp("Runtime.evaluate", ["expression": "document.body.dataset.motion", "returnByValue": true]) as? [String: Any]
                XCTAssertEqual((motion?["result"] as? [String: Any])?["value"] as? String, speed == .fast ? "reduced" : "full")
                if page == "Venue" {
                    try driver.perform(.tap(try XCTUnwrap(snapshot.elements.first { $0.identifier == "more" })))
                }
            }
        }
    }
}

/// A DevTools command the browser rejects is that command's error, with the browser's words: the session goes on.
final class DevToolsErrorTests: XCTestCase {
    func testADevToolsErrorKeepsItsMessageAndTheSessionLives() throws {
        let (site, service) = try serveWithChromeDriver(["index.html": "<title>Home</title><button id='b'>Go</button>"])
        for direct in [true, false] {
            setenv("CARTO_DEVTOOLS", direct ? "direct" : "chromedriver", 1)
            defer { unsetenv("CARTO_DEVTOOLS") }
            let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
            defer { driver.close() }
            XCTAssertEqual(driver.usesDirectDevTools, direct)
            try driver.restart()
            do {
                _ = try driver.cdp("DOM.resolveNode", ["backendNodeId": 987_654])
                XCTFail("expected the browser to refuse an unknown node")
            } catch let error as WebDriverError {
                XCTAssertFalse(error.endsSession, "\(error.code): \(error.message)")
                XCTAssertTrue(error.message.contains("No node with given id found"), error.message)
            }
            XCTAssertEqual(try driver.snapshot().context.title, "Home", "the session still answers")
            // Messages of megabytes (a big page's snapshot) arrive whole, on both channels.
            let big = try driver.cdp("Runtime.evaluate", ["expression": "'x'.repeat(6000000) + 'end'", "returnByValue": true]) as? [String: Any]
            let value = (big?["result"] as? [String: Any])?["value"] as? String
            XCTAssertEqual(value?.count, 6_000_003)
            XCTAssertEqual(value?.hasSuffix("xend"), true)
        }
    }
}

/// What a tester reads on pages styled the way sites are: labels in the case their source writes (CSS upper-cases
/// many navbars), links to places on the page that a scrollspy marks `active` (a scroll position, not a selection;
/// ARIA still counts), hash routes without their trailing in-page fragment, and a desktop-sized `--desktop` window.
final class BrowserPageReadingTests: XCTestCase {
    static let page = """
        <!DOCTYPE html><html><head><title>Reading</title><meta name="viewport" content="width=device-width">
        <style> nav a { text-transform: uppercase; } section { min-height: 600px; } </style></head><body>
        <nav><a id="about" href="about.html">About</a><a id="caps" href="caps.html">FAQ</a></nav>
        <div class="toc"><a id="spied" class="active" href="#usage">Usage</a><a id="tab" role="tab" aria-selected="true" href="#api">API</a>
        <a id="route" class="active" href="#/docs">Docs</a><a id="docs-api" href="#/docs#api">Docs API</a>
        <a id="popup" href="http://example.com/" aria-haspopup="true">More</a>
        <a id="to-usage" href="#usage">To usage</a><a id="to-nowhere" href="#nowhere">Nowhere</a></div>
        <section id="usage">Usage</section><section id="api">API</section>
        <label for="full-name"><p>Name</p><p class="hint">This field is required</p></label><input id="full-name">
        <label><input id="arcade" type="radio" name="plan"><div>Arcade</div><div>$90/yr</div><div>2 months free</div></label>
        <label for="years">Years of experience <span>*</span></label><input id="years" type="number">
        <ul><li id="plan" style="cursor: pointer">Arcade $9/mo</li><li id="plain">Just text</li><li id="chosen" class="plan selected" style="cursor: pointer">Pro $15/mo</li></ul>
        <ul><li id="nav-row" class="active" style="cursor: pointer"><a id="nav-link" href="/home.html">Home</a></li><li><a href="/blog.html">Blog</a></li></ul>
        <footer style="content-visibility: auto; margin-top: 3000px"><a id="far" href="far.html">Far away</a></footer>
        </body></html>
        """

    /// Links whose boxes overlap (two lines of padded inline links in a phone-width navbar that wraps): the one meant
    /// shows only a strip between two neighbours where its middle would be; a tap there would go to a neighbour by
    /// the browser's touch adjustment. Each tap lands on the link meant.
    static let overlapping = """
        <!DOCTYPE html><html><head><title>Nav</title><meta name="viewport" content="width=device-width">
        <style> a { position: absolute; display: block; height: 37px; background: #eee; } </style></head><body>
        <a id="usage" href="#/usage" style="left: 80px; top: 5px; width: 60px; z-index: 1">Usage</a>
        <a id="features" href="#/features" style="left: 23px; top: 23px; width: 62.5px; z-index: 2">Features</a>
        <a id="dead" href="#/dead" style="left: 88px; top: 23px; width: 100px; z-index: 2">Dead Link</a>
        </body></html>
        """

    /// A link written as a fragment leads within whatever document shows it: the page reloaded with a search query
    /// (`/index.html?q=shoes`) links to `/#/active` and `/#pricing` as the page at `/` does; other links keep theirs.
    func testLinksWrittenAsFragmentsLeadWithinTheDocumentWhateverItsQuery() throws {
        let page = """
            <!DOCTYPE html><html><head><title>Shop</title><meta name="viewport" content="width=device-width"></head><body>
            <a id="route" href="#/active">Active</a> <a id="place" href="#pricing">Pricing</a> <a id="none" href="#">Top</a>
            <a id="other" href="other.html?x=1">Other</a><section id="pricing"><h2>Pricing</h2></section></body></html>
            """
        let (site, service) = try serveWithChromeDriver(["index.html": page])
        for start in ["/", "/index.html?q=shoes"] {
            let driver = try BrowserDriver(startURL: try XCTUnwrap(URL(string: site.url.absoluteString + start)), webdriver: service.url)
            defer { driver.close() }
            try driver.restart()
            _ = try driver.waitForIdle(.standard)
            let targets = Dictionary(uniqueKeysWithValues: try driver.snapshot().elements.compactMap { e in e.identifier.map { ($0, e.target ?? "") } })
            XCTAssertEqual(targets["route"], "/#/active", start)
            XCTAssertEqual(targets["place"], "/#pricing", start)
            XCTAssertEqual(targets["none"], "/#", start)
            XCTAssertEqual(targets["other"], "/other.html?x=1", start)
        }
    }

    /// Text with an emoji where a long label is cut, and a page's own lone surrogate, read back whole: one such
    /// label made the snapshot JSON that Swift refuses, and the crawl ended there (a guide app's "🗺 Mapa" cards).
    func testEmojiCutByALongLabelAndBrokenTextKeepTheSnapshotReadable() throws {
        let page = """
            <!DOCTYPE html><html><head><title>Guide 🗺</title><meta name="viewport" content="width=device-width"></head><body>
            <button id="long"></button><h2 id="broken">x</h2><input id="field" aria-label="Note">
            <script>
              document.getElementById('long').textContent = 'a'.repeat(199) + '🗺 Mapa';
              document.getElementById('broken').textContent = 'Broken \\uD83C text';
              document.getElementById('field').value = 'half \\uDC00';
            </script></body></html>
            """
        let (site, service) = try serveWithChromeDriver(["index.html": page])
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
        defer { driver.close() }
        try driver.restart()
        _ = try driver.waitForIdle(.standard)
        let snapshot = try driver.snapshot()
        let byID = Dictionary(uniqueKeysWithValues: snapshot.elements.compactMap { e in e.identifier.map { ($0, e) } })
        XCTAssertEqual(byID["long"]?.label, String(repeating: "a", count: 199), "cut before the emoji, not through it")
        XCTAssertEqual(byID["broken"]?.label, "Broken \u{FFFD} text")
        XCTAssertEqual(byID["field"]?.value, "half \u{FFFD}")
        XCTAssertEqual(snapshot.context.title, "Guide 🗺")
    }

    func testTapsOnOverlappingLinksLandOnTheLinkMeant() throws {
        let (site, service) = try serveWithChromeDriver(["index.html": Self.overlapping])
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
        defer { driver.close() }
        for id in ["usage", "features", "dead"] {
            try driver.restart()
            _ = try driver.waitForIdle(.standard)
            let link = try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == id })
            try driver.perform(.tap(link))
            _ = try driver.waitForIdle(.standard)
            XCTAssertEqual(try driver.snapshot().context.container, "/#/" + id)
        }
    }

    /// An icon button is tapped on its own face, beside the glyph it holds: a page that listens once for the whole
    /// document and tells its buttons by the element a click lands on opens its pane. A button its label fills is
    /// tapped on the label, which acts as the button.
    static let iconButtons = """
        <!DOCTYPE html><html><head><title>Explorer</title><meta name="viewport" content="width=device-width">
        <style> button { padding: 10px 14px; font-size: 14px; } #full span { display: inline-block; padding: 0; }
        #full { padding: 0; } </style></head><body>
        <button id="info" class="js-info"><span class="icon">i</span></button>
        <button id="full"><span>Save</span></button>
        <p id="pane" hidden>Details</p><p id="saved" hidden>Saved</p>
        <script>
        document.body.addEventListener('click', e => {
          if (e.target === document.getElementById('info')) document.getElementById('pane').hidden = false;
          if (e.target.closest('#full')) document.getElementById('saved').hidden = false;
        });
        </script></body></html>
        """

    func testAnIconButtonIsTappedOnItsFaceAndAFilledOneOnItsLabel() throws {
        let driver = try openPage(Self.iconButtons)
        for (id, shows) in [("info", "Details"), ("full", "Saved")] {
            let button = try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == id })
            try driver.perform(.tap(button))
            _ = try driver.waitForIdle(.standard)
            let text = try driver.visibleText()
            XCTAssertTrue(text.contains(shows), "\(id): \(text)")
        }
    }

    func testLabelsRoutesInPageLinksAndTheDesktopWindow() throws {
        let (site, service) = try serveWithChromeDriver(["index.html": Self.page])
        var target = DriverTarget(platform: .web, start: site.url.appendingPathComponent("/").absoluteString, webdriver: service.url.absoluteString)
        target.desktop = true
        let driver = try XCTUnwrap(try target.open() as? BrowserDriver)
        defer { driver.close() }
        try driver.restart()
        _ = try driver.waitForIdle(.standard)
        XCTAssertEqual(try driver.viewport().width, 1280, "--desktop is a desktop-sized window")
        func element(_ id: String) throws -> UIElement { try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == id }, id) }
        XCTAssertEqual(try element("about").label, "About", "CSS upper-cases it; the page says About")
        XCTAssertEqual(try element("caps").label, "FAQ")
        XCTAssertEqual(try element("full-name").label, "Name", "a label's lines under its first are a hint or an error, not the name")
        XCTAssertEqual(try element("arcade").label, "Arcade", "a plan's price under its name")
        XCTAssertEqual(try element("years").label, "Years of experience *", "one line, all of it")
        XCTAssertEqual(try element("far").label, "Far away", "text not rendered while off-screen (content-visibility: auto) still names its link")
        XCTAssertFalse(try element("spied").selected, "a scrollspy's class on a link to a place on the page")
        XCTAssertTrue(try element("tab").selected, "aria-selected counts")
        XCTAssertTrue(try element("route").selected, "a link to a hash route is no in-page link")
        XCTAssertEqual(try element("popup").expanded, false, "aria-haspopup: a closed popup's toggle")
        XCTAssertEqual(try element("plan").actions, [.tap], "a row with a pointer cursor is picked by a finger (a React row: no listener of its own)")
        XCTAssertEqual(try element("plain").actions, [])
        XCTAssertTrue(try element("chosen").selected, "a row that is a control of its own, marked selected")
        XCTAssertFalse(try element("nav-row").selected, "a row holding a link: the link is the one selected")
        XCTAssertTrue(try element("nav-link").selected)
        XCTAssertNil(try element("about").expanded)
        // Where a link to a place on the page scrolls to: the place it names, on this route only.
        XCTAssertEqual(try element("spied").scrollsTo, "usage")
        XCTAssertNil(try element("route").scrollsTo, "a hash route")
        XCTAssertNil(try element("docs-api").scrollsTo, "a place on another route")
        XCTAssertNil(try element("to-nowhere").scrollsTo, "a fragment naming nothing")
        XCTAssertNil(try element("about").scrollsTo)
        // A route followed by a fragment naming an element is the route; a plain fragment keeps the route.
        try driver.perform(.tap(try element("route")))
        XCTAssertEqual(try driver.snapshot().context.container, "/#/docs")
        XCTAssertEqual(try element("docs-api").scrollsTo, "api", "a place on the route the page is on")
        try driver.perform(.tap(try element("docs-api")))
        XCTAssertEqual(try driver.snapshot().context.container, "/#/docs")
        try driver.perform(.tap(try element("to-usage")))
        XCTAssertEqual(try driver.snapshot().context.container, "/#/docs", "scrolled within the docs route")
        try driver.perform(.tap(try element("to-nowhere")))
        XCTAssertEqual(try driver.snapshot().context.container, "/", "a fragment naming nothing is no route")
    }

    /// Cards the page listens on (a title and a price each, no link inside), repeated in a grid, are the rows of a
    /// list, as `<li>`s would be; a toolbar of `<button class="btn">`s and a row of clickable text chips are
    /// controls each, not rows.
    func testCardsThatAreControlsOfTheirOwnAreTheRowsOfAList() throws {
        let page = """
            <!DOCTYPE html><html><head><title>Cards</title><meta name="viewport" content="width=device-width"></head><body>
            <div id="grid"><div class="card"><h4>Salt Roads</h4><p>12</p></div><div class="card"><h4>Winter Verses</h4><p>9</p></div>
            <div class="card"><h4>Stars and Atoms</h4><p>15</p></div></div>
            <div id="bar"><button class="btn">Bold</button><button class="btn">Italic</button><button class="btn">Code</button></div>
            <div id="chips"><div class="chip">Red</div><div class="chip">Green</div><div class="chip">Blue</div></div>
            <script>document.querySelectorAll('.card, .chip').forEach(c => c.addEventListener('click', () => { document.title = c.textContent; }));</script>
            </body></html>
            """
        let driver = try openPage(page)
        let elements = try driver.snapshot().elements
        XCTAssertEqual(elements.first { $0.identifier == "grid" }?.role, .list)
        let cards = elements.filter { $0.role == .cell }
        XCTAssertEqual(cards.count, 3, "\(elements.map { "\($0.role) \($0.label ?? "")" })")
        XCTAssertTrue(cards.allSatisfy { $0.actions == [.tap] && $0.target == "click" }, "\(cards)")
        XCTAssertNil(elements.first { $0.identifier == "bar" }, "a toolbar's box is no list")
        XCTAssertEqual(elements.filter { $0.role == .button }.compactMap(\.label).sorted(), ["Blue", "Bold", "Code", "Green", "Italic", "Red"])
    }

    /// Cards the page listens on that hold a button of their own ("Like") are the rows of a list all the same, each
    /// named by what it shows, not by its button: a grid of products is data whatever a product offers.
    func testCardsHoldingButtonsOfTheirOwnAreRowsNamedByWhatTheyShow() throws {
        let page = """
            <!DOCTYPE html><html><head><title>Cards</title><meta name="viewport" content="width=device-width"></head><body>
            <div id="grid"><div class="card"><h4>Lamp</h4><button class="like">Like</button></div>
            <div class="card"><h4>Chair</h4><button class="like">Like</button></div></div>
            <script>document.querySelectorAll('.card').forEach(c => c.addEventListener('click', () => { document.title = c.textContent; }));
            document.querySelectorAll('.like').forEach(b => b.addEventListener('click', e => { e.stopPropagation(); b.textContent = 'Unlike'; }));</script>
            </body></html>
            """
        let driver = try openPage(page)
        let elements = try driver.snapshot().elements
        XCTAssertEqual(elements.first { $0.identifier == "grid" }?.role, .list)
        let cards = elements.filter { $0.role == .cell }
        XCTAssertEqual(cards.map { $0.label ?? "" }, ["Lamp", "Chair"], "\(elements.map { "\($0.role) \($0.label ?? "")" })")
        XCTAssertTrue(cards.allSatisfy { $0.actions == [.tap] && $0.target == "click" }, "\(cards)")
        XCTAssertEqual(cards.map { $0.children.filter { $0.role == .button }.compactMap(\.label) }, [["Like"], ["Like"]])
    }

    /// A container whose controls keep their taps from reaching it (`event.stopPropagation()` in their handlers) acts
    /// on a tap of its own: a task's header that opens the task, holding its checkbox. A container listening for taps
    /// on what it holds (the controls' taps reach it) is not a control of its own: its controls are.
    func testAContainerWhoseControlsStopTheirTapsIsAButtonOfItsOwn() throws {
        let page = """
            <!DOCTYPE html><html><head><title>Week</title><meta name="viewport" content="width=device-width"></head><body>
            <div class="task"><div id="head" onclick="document.title = 'Details'"><input type="checkbox" onclick="event.stopPropagation();"><span>Buy milk</span></div>
              <div id="foot" onclick="document.title = 'Details'"><span>high</span><button onclick="event.stopPropagation(); this.remove()">×</button></div></div>
            <div id="menu" onclick="document.title = event.target.textContent"><button>One</button><button>Two</button></div>
            </body></html>
            """
        let driver = try openPage(page)
        let elements = try driver.snapshot().elements
        let summary = "\(elements.map { "\($0.role) \($0.identifier ?? "") \($0.label ?? "")" })"
        // triggering
        XCTAssertEqual(elements.first { $0.identifier == "head" }?.role, .button, summary)
        XCTAssertEqual(elements.first { $0.identifier == "foot" }?.role, .button, summary)
        XCTAssertTrue(elements.contains { $0.role == .checkbox }, "the checkbox inside is a control still")
        // non-triggering
        XCTAssertNotEqual(elements.first { $0.identifier == "menu" }?.role, .button, summary)
        XCTAssertEqual(elements.filter { $0.role == .button && ["One", "Two"].contains($0.label) }.count, 2)
    }

    /// A card's "View details" laid over its picture and drawn only on hover takes a tap (a finger on a phone finds
    /// it, and the tap opens the details) though it stays invisible; such a button outside repeated cards does not.
    func testAButtonDrawnOnHoverOverARepeatedCardTakesATap() throws {
        let page = """
            <!DOCTYPE html><html><head><title>Packages</title><meta name="viewport" content="width=device-width">
            <style>.card { position: relative; height: 120px; } .over { position: absolute; inset: 0; opacity: 0; } .card:hover .over { opacity: 1; }
            #lone { position: relative; height: 60px; } #lone:hover .over { opacity: 1; }</style></head><body>
            <div id="grid"><article class="card"><h3>Bali</h3><div class="over"><button id="bali">View Details</button></div></article>
            <article class="card"><h3>Rome</h3><div class="over"><button id="rome">View Details</button></div></article></div>
            <div id="lone"><div class="over"><button id="hidden">Edit</button></div></div>
            <dialog id="details"><h2>Package</h2></dialog>
            <script>document.querySelectorAll('.card button').forEach(b => b.addEventListener('click', () => document.getElementById('details').showModal()));</script>
            </body></html>
            """
        let driver = try openPage(page)
        func element(_ id: String) throws -> UIElement { try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == id }, id) }
        let bali = try element("bali")
        XCTAssertFalse(bali.visible)
        XCTAssertEqual(bali.actions, [.tap], "a card's button drawn on hover")
        XCTAssertEqual(try element("hidden").actions, [], "not in a row: nothing says a finger finds it")
        try driver.perform(.tap(bali))
        _ = try driver.waitForIdle(.standard)
        XCTAssertTrue(try driver.visibleText().contains("Package"), "the tap opened the details")
    }

    /// A card read where the data put it once (the first column) and tapped after the data moved it (the last): its
    /// path leads nowhere now, and the one element of its kind that shows its name is the card — as a person finds it.
    /// Where two show that name, there is no telling which: no element.
    func testATapFindsByItsNameAnElementTheDataMovedElsewhere() throws {
        let page = """
            <!DOCTYPE html><html><head><title>Board</title><meta name="viewport" content="width=device-width"></head><body>
            <div id="todo"><h2>To do</h2></div><div id="done"><h2>Done</h2></div>
            <button id="move">Move</button> <button id="copy">Copy</button>
            <script>
              const card = t => { const c = document.createElement('div'); c.className = 'card'; c.textContent = t;
                c.addEventListener('click', () => { document.title = 'opened ' + t; }); return c; };
              document.getElementById('todo').appendChild(card('Write report'));
              document.getElementById('move').addEventListener('click', () => {
                document.getElementById('todo').innerHTML = '<h2>To do</h2>';
                document.getElementById('done').append(card('Plan trip'), card('Write report')); });
              document.getElementById('copy').addEventListener('click', () => { document.getElementById('done').append(card('Write report')); });
            </script></body></html>
            """
        let driver = try openPage(page)
        let elements = try driver.snapshot().elements
        let card = try XCTUnwrap(elements.first { $0.label == "Write report" && $0.target == "click" }, "\(elements.map { "\($0.role) \($0.label ?? "")" })")
        XCTAssertTrue(card.locator?.contains("#todo") == true, card.locator ?? "")
        try driver.perform(.tap(try XCTUnwrap(elements.first { $0.identifier == "move" })))
        _ = try driver.waitForIdle(.standard)
        try driver.perform(.tap(card))
        _ = try driver.waitForIdle(.standard)
        XCTAssertEqual(try driver.snapshot().context.title, "opened Write report")
        try driver.perform(.tap(try XCTUnwrap(elements.first { $0.identifier == "copy" })))
        _ = try driver.waitForIdle(.standard)
        XCTAssertThrowsError(try driver.perform(.tap(card)), "two cards say it: none is taken for it")
    }
}

extension BrowserSnapshotTests {
    /// What the finger meets on pages built the usual ways: a lone card the page listens on is a row of a list of one
    /// (its text is content, not a control's name); the page under a cart preview rising over a translucent shade is
    /// covered, where the sheet lies over it as where the shade does; a "←" calling `history.back()` is reported as a
    /// move back in the history, once.
    func testALoneCardASheetOverTheShadeAndAPageGoingBack() throws {
        let style = """
        <style>.shade { position: fixed; inset: 0; background: rgba(0,0,0,.35); display: none; z-index: 10 }
        #sheet { position: fixed; left: 0; right: 0; bottom: 0; height: 75vh; background: #fff; display: none; z-index: 20 }
        .open .shade, .open #sheet { display: block } .filler { height: 400px }</style>
        """
        let (site, service) = try serveWithChromeDriver([
            "index.html": """
            <html><head><title>Home</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
            <h1>Home</h1><div id="grid"><div class="card"><h3>Blue shirt</h3><p>A shirt, blue.</p></div></div>
            <a id="go" href="product.html">Product</a>
            <script>document.querySelector('.card').onclick = () => { location.href = 'product.html'; };</script></body></html>
            """,
            "product.html": """
            <html><head><title>Product</title><meta name="viewport" content="width=device-width, initial-scale=1">\(style)</head><body>
            <button id="back" onclick="history.back()">←</button><button id="cart" onclick="document.body.classList.add('open')">Cart</button>
            <h1>Blue shirt</h1><div class="filler"></div><a id="low" href="index.html">Home page</a>
            <div class="shade" onclick="document.body.classList.remove('open')"></div>
            <div id="sheet"><h2>Cart preview</h2><button id="keep">Continue shopping</button></div></body></html>
            """,
        ])
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
        defer { driver.close() }
        try driver.restart()
        _ = try driver.waitForIdle(.standard)
        var elements = try driver.snapshot().elements
        let card = try XCTUnwrap(elements.first { $0.locator?.hasSuffix("div:nth-of-type(1)") == true && $0.label?.contains("Blue shirt") == true })
        XCTAssertEqual(card.role, .cell, "a lone listened card is a row")
        XCTAssertEqual(try XCTUnwrap(elements.first { $0.identifier == "grid" }).role, .list)
        XCTAssertTrue(card.actions.contains(.tap))

        try driver.perform(.tap(try XCTUnwrap(elements.first { $0.identifier == "go" })))
        var observed = try driver.observe(after: .standard)
        XCTAssertEqual(observed.snapshot.context.container, "/product.html")
        XCTAssertFalse(observed.wentBack, "a link goes forward")
        elements = observed.snapshot.elements
        try driver.perform(.tap(try XCTUnwrap(elements.first { $0.identifier == "cart" })))
        elements = try driver.observe(after: .standard).snapshot.elements
        XCTAssertEqual(try XCTUnwrap(elements.first { $0.identifier == "low" }).covered, true, "under the sheet, over the shade's layer")
        XCTAssertEqual(try XCTUnwrap(elements.first { $0.identifier == "back" }).covered, true, "under the shade")
        XCTAssertNotEqual(try XCTUnwrap(elements.first { $0.identifier == "keep" }).covered, true, "the sheet's own button")

        let shade = try XCTUnwrap(elements.first { $0.role == .button && $0.identifier == nil && ($0.frame?.width ?? 0) > 300 }, "the shade closes the sheet")
        try driver.perform(.tap(shade))
        elements = try driver.observe(after: .standard).snapshot.elements
        try driver.perform(.tap(try XCTUnwrap(elements.first { $0.identifier == "back" })))
        observed = try driver.observe(after: .standard)
        XCTAssertEqual(observed.snapshot.context.container, "/")
        XCTAssertTrue(observed.wentBack, "history.back() went back")
        XCTAssertFalse(try driver.observe(after: nil).wentBack, "reported once")
    }
}

extension BrowserSnapshotTests {
    /// A page that opens a new window (`window.open`, a link with `target="_blank"`) would leave the driven tab behind
    /// a window nobody shows, and the next tap unanswered: a page of the app opens in the same tab, one elsewhere not
    /// at all; one without an address, which the page writes itself (a print view), is a window nobody sees — an address
    /// it is given later opens here if it is the app's — and the crawl goes on tapping.
    func testNewWindowsOpenInTheSameTabOrNotAtAll() throws {
        let (site, service) = try serveWithChromeDriver([
            "index.html": """
            <html><head><title>Home</title></head><body>
            <button id="chat" onclick="window.open('https://chat.example/start', '_blank')">Chat</button>
            <a id="help" href="help.html" target="_blank">Help</a>
            <button id="terms" onclick="window.open('terms.html')">Terms</button>
            <button id="count" onclick="this.textContent = 'Counted'">Count</button>
            <button id="print" onclick="const w = window.open('', '_blank'); w.document.write('<title>Print</title><h1>Resume</h1>'); w.document.close(); w.print(); this.textContent = 'Printed';">Print</button>
            <button id="receipt" onclick="window.open(window.URL.createObjectURL(new Blob(['<title>Receipt</title>'], { type: 'text/html' }))); this.textContent = 'Kept';">Receipt</button>
            <button id="later" onclick="const w = window.open(); setTimeout(() => { w.location = 'terms.html'; }, 10);">Later</button>
            </body></html>
            """,
            "help.html": "<html><head><title>Help</title></head><body><h1>Help</h1></body></html>",
            "terms.html": "<html><head><title>Terms</title></head><body><h1>Terms</h1></body></html>",
        ])
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
        defer { driver.close() }
        try driver.restart()
        _ = try driver.waitForIdle(.standard)
        func tap(_ id: String) throws -> UISnapshot {
            try driver.perform(.tap(try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == id }, id)))
            return try driver.observe(after: .standard).snapshot
        }
        XCTAssertEqual(try tap("chat").context.container, "/", "another origin's window is not opened")
        XCTAssertEqual(try tap("count").elements.first { $0.identifier == "count" }?.label, "Counted", "the tab still takes taps")
        // A window the page writes itself (a print view) is one nobody sees: not written over the app's page, and
        // the page's script goes on; nor is a document the page made (a blob) a page of the app.
        let printed = try tap("print")
        XCTAssertEqual(printed.context.title, "Home", "the app's page is not replaced by the window it writes")
        XCTAssertEqual(printed.elements.first { $0.identifier == "print" }?.label, "Printed", "the script went on")
        let receipt = try tap("receipt")
        XCTAssertEqual(receipt.context.title, "Home", "a blob is no page of the app")
        XCTAssertEqual(receipt.elements.first { $0.identifier == "receipt" }?.label, "Kept")
        // Opened first, pointed at a page of the app later: that page opens here.
        XCTAssertEqual(try tap("later").context.container, "/terms.html", "an address given to the opened window later")
        try driver.perform(.back)
        _ = try driver.observe(after: .standard)
        XCTAssertEqual(try tap("help").context.container, "/help.html", "a link to a new tab opens in this one")
        try driver.perform(.back)
        _ = try driver.observe(after: .standard)
        XCTAssertEqual(try tap("terms").context.container, "/terms.html", "window.open of a page of the app opens it here")
    }
}

extension BrowserSnapshotTests {
    /// Round 15's pages: a custom element drawing its cards (buttons, each with a cover, a title heading and an author)
    /// in its shadow root is a list whose rows are tapped, while a toolbar of worded buttons stays buttons; fields laid
    /// out in boxes of a label and a field each ("Front", "Back") are fields to fill, not the rows of a list, while
    /// boxes repeating one field name ("Quantity") are; a button named for screen readers otherwise than by the words
    /// it shows keeps its name and shows its words as its value.
    func testShadowRowsFormLayoutsAndWhatAButtonShows() throws {
        let driver = try openPage("""
            <html><head><title>Books</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
            <div class="toolbar"><button class="btn">Day</button><button class="btn">Night</button></div>
            <book-list id="books"></book-list>
            <div class="fields"><div class="group"><label>Front</label><textarea placeholder="Term"></textarea></div>
              <div class="group"><label>Back</label><textarea placeholder="Definition"></textarea></div></div>
            <div id="cart"><div class="line"><input placeholder="Quantity"></div><div class="line"><input placeholder="Quantity"></div></div>
            <button id="start" aria-label="Start or pause timer">START</button><button id="close" aria-label="Close">Close</button>
            <script>
            customElements.define('book-list', class extends HTMLElement {
              connectedCallback() {
                const root = this.attachShadow({ mode: 'open' });
                root.innerHTML = '<style>button { display: block }</style>' + ['Emma', 'Heat', 'Robin'].map(t =>
                  `<button class="preview"><img alt="" src="data:,"><div class="info"><h3>${t}</h3><div>An author</div></div></button>`).join('');
              }
            });
            </script></body></html>
            """)
        let elements = try driver.snapshot().elements
        XCTAssertEqual(try XCTUnwrap(elements.first { $0.identifier == "books" }).role, .list, "the shadow root's cards are rows")
        let rows = elements.filter { $0.locator?.contains(" >>> ") == true && $0.role == .cell }
        XCTAssertEqual(rows.count, 3, "\(elements.map { "\($0.role) \($0.label ?? "")" })")
        XCTAssertTrue(rows.allSatisfy { $0.actions.contains(.tap) }, "a card that is a button takes a tap")
        XCTAssertEqual(elements.filter { $0.role == .button && ["Day", "Night"].contains($0.label ?? "") }.count, 2, "a toolbar's buttons stay buttons")
        let fields = elements.filter { $0.role == .textView }
        XCTAssertEqual(fields.compactMap(\.label).sorted(), ["Definition", "Term"])
        XCTAssertFalse(elements.contains { $0.role == .cell && $0.allElements.contains { $0.role == .textView } },
                       "label-and-field boxes named differently are no rows")
        XCTAssertEqual(try XCTUnwrap(elements.first { $0.identifier == "cart" }).role, .list, "boxes repeating one field name are rows of data")
        let start = try XCTUnwrap(elements.first { $0.identifier == "start" })
        XCTAssertEqual(start.label, "Start or pause timer")
        XCTAssertEqual(start.value, "START")
        XCTAssertNil(try XCTUnwrap(elements.first { $0.identifier == "close" }).value, "it shows its name")
    }

    /// Rows in different states are rows of one kind: tasks, one marked `completed`, each holding plain divs the page
    /// listens on (the "○" that marks it done, the title that opens it) are the rows of one list, as the days of a
    /// calendar marked `missed` or `partial` are. Sections of a page sharing a first class but built differently
    /// inside stay sections.
    func testRowsInDifferentStatesAreRowsOfOneKind() throws {
        let driver = try openPage("""
            <html><head><title>Streaks</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
            <section id="tasks"></section><div id="days"></div>
            <div id="page"><section class="section hero"><h2>Track</h2><button>Start</button></section>
              <section class="section features"><ul><li>One</li><li>Two</li></ul><div><button>Learn more</button></div></section></div>
            <div id="dialogs"><div class="modal add"><div class="box"><input placeholder="Title"><button>Save</button></div></div>
              <div class="modal delete"><div class="box"><button>Yes</button><button>No</button></div></div></div>
            <div id="steps"><div class="content"><h2>Move left</h2><a class="next">Next</a></div>
              <div class="content" style="display: none"><h2>Soft drop</h2><a class="next">Next</a></div>
              <div class="content" style="display: none"><h2>Points</h2><a class="next">Next</a></div></div>
            <script>
            document.querySelectorAll('.next').forEach(a => a.addEventListener('click', () => {}));
            const tasks = [['Read', false], ['Walk', true], ['Meditate', false]];
            for (const [title, done] of tasks) {
              const el = document.createElement('div');
              el.className = 'task' + (done ? ' completed' : '');
              el.innerHTML = `<div class="left">${done ? '✓' : '○'}</div><div class="body"><div class="title">${title}</div><div class="meta">daily</div></div>`;
              el.querySelector('.left').addEventListener('click', () => {});
              el.querySelector('.title').addEventListener('click', () => {});
              document.getElementById('tasks').appendChild(el);
            }
            ['missed', 'partial', 'completed', 'missed'].forEach((status, i) => {
              const d = document.createElement('div');
              d.className = 'calendar-day ' + status;
              d.innerHTML = `<div class="day-num">${i + 1}</div><div class="day-count">0/3</div>`;
              d.addEventListener('click', () => {});
              document.getElementById('days').appendChild(d);
            });
            </script></body></html>
            """)
        let elements = try driver.snapshot().elements
        let tasks = try XCTUnwrap(elements.first { $0.identifier == "tasks" })
        XCTAssertEqual(tasks.role, .list, "\(elements.map { "\($0.role) \($0.identifier ?? "") \($0.label ?? "")" })")
        XCTAssertEqual(tasks.children.filter { $0.role == .cell }.count, 3, "a completed task is a row like the others")
        XCTAssertFalse(elements.contains { $0.role == .button && ["Read", "Walk", "Meditate", "○", "✓"].contains($0.label ?? "") && !$0.locator!.contains("#tasks") },
                       "the tasks' titles are the rows' content, not controls of the screen")
        let days = try XCTUnwrap(elements.first { $0.identifier == "days" })
        XCTAssertEqual(days.role, .list)
        XCTAssertEqual(days.children.filter { $0.role == .cell }.count, 4)
        XCTAssertFalse(elements.flatMap(\.allElements).contains { $0.identifier == "page" }, "sections built differently are no list")
        XCTAssertTrue(elements.contains { $0.role == .button && $0.label == "Start" }, "a section's button stays a control of the screen")
        XCTAssertFalse(elements.contains { $0.identifier == "steps" }, "steps shown one at a time are no list")
        XCTAssertFalse(elements.contains { $0.identifier == "dialogs" }, "two dialogs built alike, one of each kind, are no list")
        XCTAssertTrue(elements.contains { $0.role == .heading && $0.label == "Move left" && $0.visible }, "the step shown is the screen's")
    }

    /// A grid the page listens on once for taps on its tiles (`closest('.tile')`), the tiles plain divs with a
    /// pointer cursor: the grid is no button (its middle may fall between tiles), the tiles are the rows of a list, a
    /// tile marked open (a class more) is a row like the others, and the icons a tile shows once tapped, named by
    /// their tooltips, take a tap through the tile (the finger taps the tile there, then the icon). Not so a
    /// listening box without such tiles (a button still), an icon with a word on it (text), nor a tooltip outside
    /// any listener.
    func testTilesAndIconsAGridListensForAreItsControls() throws {
        let driver = try openPage("""
            <html><head><title>Decks</title><meta name="viewport" content="width=device-width, initial-scale=1">
            <style>.tile { cursor: pointer; height: 90px; position: relative } .acts { position: absolute; bottom: 0; visibility: hidden }
            .tile.open .acts { visibility: visible } .icon { cursor: pointer; display: inline-block; width: 24px; height: 24px }</style></head><body>
            <div id="grid"></div><div id="banner"><span>Tap for news</span></div>
            <p><span id="loose" title="Help" style="cursor: pointer"><svg width="20" height="20"></svg></span></p>
            <div id="out"></div>
            <script>
            for (const name of ['Capitals', 'Rivers', 'Moons']) {
              const t = document.createElement('div');
              t.className = 'tile';
              t.innerHTML = `<span class="name">${name}</span><div class="acts"><span class="icon edit" title="Edit"><svg width="20" height="20"></svg></span><span class="icon word" title="Share">Share</span></div>`;
              document.getElementById('grid').append(t);
            }
            document.getElementById('grid').addEventListener('click', e => {
              const t = e.target.closest('.tile');
              if (e.target.closest('.edit')) { document.getElementById('out').textContent = 'Editing ' + t.querySelector('.name').textContent; return; }
              t.classList.toggle('open');
            });
            document.getElementById('banner').addEventListener('click', () => {});
            </script></body></html>
            """)
        var elements = try driver.snapshot().elements.flatMap(\.allElements)
        func describe() -> String { elements.map { "\($0.role) \($0.identifier ?? "") \($0.label ?? "") \($0.actions)" }.joined(separator: "\n") }
        let grid = try XCTUnwrap(elements.first { $0.identifier == "grid" })
        XCTAssertEqual(grid.role, .list, describe())
        let tiles = grid.children.filter { $0.role == .cell }
        XCTAssertEqual(tiles.count, 3, describe())
        let edit = try XCTUnwrap(tiles[0].allElements.first { $0.label == "Edit" && $0.role == .button }, describe())
        XCTAssertFalse(edit.visible)
        XCTAssertEqual(edit.actions, [.tap], "an icon its tile shows once tapped takes a tap through the tile")
        XCTAssertFalse(tiles[0].allElements.contains { $0.role == .button && $0.label == "Share" }, "a word on it: text")
        XCTAssertEqual(elements.first { $0.identifier == "banner" }?.role, .button, "a listening box without tiles is a button")
        XCTAssertNotEqual(elements.first { $0.identifier == "loose" }?.role, .button, "no listener around it")
        // a tile tapped open is a row like the others
        try driver.perform(.tap(tiles[1]))
        _ = try driver.waitForIdle(.standard)
        elements = try driver.snapshot().elements.flatMap(\.allElements)
        XCTAssertEqual(elements.first { $0.identifier == "grid" }?.children.filter { $0.role == .cell }.count, 3, describe())
        // the icon of a closed tile, tapped as a finger does: the tile, then the icon
        try driver.perform(.tap(edit))
        _ = try driver.waitForIdle(.standard)
        let text = try driver.visibleText()
        XCTAssertTrue(text.contains("Editing Capitals"), text)
    }

    /// Rows grouped under headers between them (a history's transactions under their dates), filtered to one row a
    /// day: the rows are half the children, and a list still. Not so cards beside paragraphs that are no headers
    /// (text after the last card, two paragraphs in a row), nor headers that hold a control.
    func testRowsGroupedUnderHeadersAreAListWhateverTheirNumberPerGroup() throws {
        let driver = try openPage("""
            <html><head><title>History</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
            <div id="history"></div><div id="page"></div><div id="sections"></div>
            <script>
            const row = (name) => `<div class="txn" onclick="void 0"><div class="name">${name}</div><div class="amount">₹120</div></div>`;
            document.getElementById('history').innerHTML = `<div><div>Today</div></div>${row('Swiggy')}<div><div>12 July</div></div>${row('Zomato')}<div><div>9 July</div></div>${row('Dominos')}`;
            document.getElementById('page').innerHTML = `<p>Intro</p><p>More</p>${row('Plan A')}${row('Plan B')}<p>Fine print</p>`;
            document.getElementById('sections').innerHTML = `<div><button>Today</button></div>${row('Uber')}<div><button>Yesterday</button></div>${row('Ola')}`;
            </script></body></html>
            """)
        let elements = try driver.snapshot().elements.flatMap(\.allElements)
        let history = try XCTUnwrap(elements.first { $0.identifier == "history" })
        XCTAssertEqual(history.role, .list, "\(elements.map { "\($0.role) \($0.identifier ?? "") \($0.label ?? "")" })")
        XCTAssertEqual(history.children.filter { $0.role == .cell }.count, 3)
        XCTAssertNotEqual(elements.first { $0.identifier == "page" }?.role, .list, "paragraphs beside the cards, not headers")
        XCTAssertNotEqual(elements.first { $0.identifier == "sections" }?.role, .list, "headers that hold a control")
    }

    /// Boxes of one kind shown one at a time, each holding other kinds of controls, are a tab's panels: the shown
    /// one's controls are the screen's, no list's row. A grid filtered to one card, its hidden cards holding what the
    /// shown one holds, is a list still; so are panels of one kind of control (each a "Next" button).
    func testPanelsShownOneAtATimeAreNoList() throws {
        let driver = try openPage("""
            <html><head><title>Builder</title><meta name="viewport" content="width=device-width, initial-scale=1">
            <style>.panel, .card, .page { display: none } .panel.active, .card.shown, .page.active { display: block }</style></head><body>
            <div id="panels">
              <div class="panel active"><button id="add">Add Experience</button><div id="entries"></div></div>
              <div class="panel"><input id="name" placeholder="Full name"><textarea id="summary"></textarea></div>
              <div class="panel"><select id="level"><option>Beginner</option></select></div>
            </div>
            <div id="grid">
              <div class="card shown"><h3>Lamp</h3><button>Add to cart</button></div>
              <div class="card"><h3>Desk</h3><button>Add to cart</button></div>
              <div class="card"><h3>Chair</h3><button>Add to cart</button></div>
            </div>
            <div id="steps">
              <div class="panel active"><p>One</p><button>Next</button></div>
              <div class="panel"><p>Two</p><button>Next</button></div>
            </div>
            <div id="app">
              <div class="page"><div class="hero"><h1>Arena</h1></div><div class="chips"><button class="chip">Sports</button><button class="chip">Music</button></div><button id="start">Start</button></div>
              <div class="page active"><div class="bar"><h2 class="topic">Sports</h2><span class="count">1 of 10</span></div><h2 class="question">Who won?</h2><div class="options"><button class="option">A</button><button class="option">B</button></div></div>
              <div class="page"><div class="hero"><h1>Results</h1></div><ul class="review"><li>Who won?</li></ul><button id="again">Try again</button></div>
            </div>
            </body></html>
            """)
        let elements = try driver.snapshot().elements.flatMap(\.allElements)
        XCTAssertNotEqual(elements.first { $0.identifier == "panels" }?.role, .list, "\(elements.map { "\($0.role) \($0.identifier ?? "") \($0.label ?? "")" })")
        let add = try XCTUnwrap(elements.first { $0.identifier == "add" })
        XCTAssertEqual(add.role, .button)
        XCTAssertFalse(elements.contains { $0.role == .cell && $0.allElements.contains { $0.identifier == "add" } }, "the shown panel is no row")
        XCTAssertEqual(elements.first { $0.identifier == "grid" }?.role, .list, "a grid filtered to one card")
        XCTAssertEqual(elements.first { $0.identifier == "steps" }?.role, .list, "boxes of one kind of control built alike, as before")
        XCTAssertNotEqual(elements.first { $0.identifier == "app" }?.role, .list, "an app's pages, each built otherwise, all of buttons")
        XCTAssertTrue(elements.contains { $0.role == .button && $0.label == "A" }, "the shown page's buttons are the screen's")
        XCTAssertFalse(elements.contains { $0.role == .cell && $0.allElements.contains { $0.label == "A" } }, "the shown page is no row")
    }

    /// What lies wholly under something else a person sees is out of reach: a game's result laid over its board of
    /// cells (no role, no text, a listener each) takes every touch there, so the cells are covered and offer no tap,
    /// while the buttons lifted above it do. Not so a button under a header fixed to the window (scrolling moves it
    /// clear), a link whose middle a neighbour covers (its free end takes the touch), nor a row filled by a button of
    /// its own (that is its content).
    func testWhatLiesWhollyUnderAnotherElementIsOutOfReach() throws {
        let driver = try openPage("""
            <html><head><title>Board</title><meta name="viewport" content="width=device-width, initial-scale=1"><style>
              body { margin: 0; padding-top: 80px } header { position: fixed; top: 0; left: 0; right: 0; height: 70px; background: #eee }
              #under-header { position: fixed; top: 10px; left: 10px; width: 80px; height: 30px; z-index: -1 }
              .field { position: relative; width: 200px; height: 200px; display: flex; flex-wrap: wrap }
              .cell { width: 96px; height: 96px; border: 2px solid #333 }
              .overlay { position: absolute; inset: 0; z-index: 1; display: none; background: rgba(0, 0, 100, .5); color: white }
              .overlay.visible { display: block }
              .replay { position: relative; z-index: 2; margin-top: -40px }
              .links { position: relative } #middle-cover { position: absolute; left: 30px; top: 0; width: 30px; height: 30px; background: #fff }
              li button { display: block; width: 100%; height: 40px }
            </style></head><body>
            <header>Game</header><button id="under-header">Menu</button>
            <div class="field"><div class="cell"></div><div class="cell"></div><div class="cell"></div><div class="cell"></div>
              <div class="overlay"><div class="text">Cross wins</div></div></div>
            <button class="replay" id="replay">Replay</button><button id="icon" style="position: absolute; left: 20px; top: 150px; width: 12px; height: 2px; padding: 0; border: 0"></button>
            <div class="links"><a id="partly" href="#x" style="display: inline-block; width: 90px; height: 30px">Partly covered</a><span id="middle-cover"></span></div>
            <ul><li>First<button>Open first</button></li><li>Second<button>Open second</button></li></ul>
            <script>
            document.querySelectorAll('.cell').forEach(c => c.addEventListener('click', () => document.querySelector('.overlay').classList.add('visible')));
            </script></body></html>
            """)
        func cells() throws -> [UIElement] { try driver.snapshot().elements.filter { $0.locator?.contains("div:nth-of-type(1) > div:nth-of-type") == true && $0.role == .button } }
        XCTAssertEqual(try cells().count, 4, "the board's cells are controls")
        XCTAssertTrue(try cells().allSatisfy { $0.actions == [.tap] && $0.covered != true }, "the board before the game ends")
        try driver.perform(.tap(try XCTUnwrap(try cells().first)))
        _ = try driver.waitForIdle(.standard)
        let after = try cells()
        XCTAssertEqual(after.count, 4, "the cells are still seen through the result")
        XCTAssertTrue(after.allSatisfy { $0.actions.isEmpty && $0.covered == true }, "\(after.map { "\($0.actions) \(String(describing: $0.covered))" })")
        let elements = try driver.snapshot().elements
        XCTAssertEqual(try XCTUnwrap(elements.first { $0.identifier == "replay" }).actions, [.tap], "lifted above the result")
        XCTAssertEqual(try XCTUnwrap(elements.first { $0.identifier == "icon" }).covered, true, "an icon button 2 px high under the result")
        XCTAssertEqual(try XCTUnwrap(elements.first { $0.identifier == "under-header" }).actions, [.tap], "under a header fixed to the window")
        XCTAssertEqual(try XCTUnwrap(elements.first { $0.identifier == "partly" }).actions, [.tap], "its free end takes a touch")
        let rows = elements.flatMap(\.allElements).filter { $0.role == .cell && ($0.label ?? "").hasPrefix("First") || $0.label == "Open first" }
        XCTAssertFalse(rows.isEmpty, "\(elements.map { "\($0.role) \($0.label ?? "")" })")
        XCTAssertTrue(rows.allSatisfy { $0.covered != true }, "a row filled by its own button is not covered by it")
    }

    /// A view's module imported when the app renders it (`import()`: route-level code splitting), itself importing a
    /// helper, each arriving late: the browser fetches them, not a request of the page's own script, and the page
    /// looks quiet meanwhile. The idle wait (the direct DevTools session, which sees the page's network) ends once
    /// they have loaded and drawn the view.
    func testTheIdleWaitCoversModulesAViewImports() throws {
        let page = """
            <html><head><title>Lazy</title></head><body><div id="app"></div>
            <script type="module">const { render } = await import('./slow/view.js'); render();</script></body></html>
            """
        let modules = [
            "/slow/view.js": (250, "import { label } from './helper.js'; export function render() { document.getElementById('app').innerHTML = `<button id=\"go\">${label}</button>`; }"),
            "/slow/helper.js": (250, "export const label = 'Start learning';"),
        ]
        let (site, service) = try serveWithChromeDriver(["index.html": page]) { request in
            guard let (delay, body) = modules[request.path] else { return nil }
            Thread.sleep(forTimeInterval: Double(delay) / 1000)
            return LoopbackServer.Response(contentType: "text/javascript", body: Data(body.utf8))
        }
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
        defer { driver.close() }
        XCTAssertTrue(driver.usesDirectDevTools)
        for round in 1...3 {
            try driver.restart()
            let observed = try driver.observe(after: .standard)
            XCTAssertTrue(observed.idle.idle, "round \(round): \(observed.idle.busy ?? "")")
            XCTAssertEqual(observed.snapshot.elements.first { $0.identifier == "go" }?.label, "Start learning", "round \(round): the view was drawn")
        }
    }
}

/// `randomSeed`: the page's random numbers are one draw per seed — in every session and after every reload — so an
/// app that seeds its first screen at random shows the same screen on every run; another seed is another draw, and
/// no seed leaves the browser's own randomness.
final class BrowserSeededRandomTests: XCTestCase {
    static let page = """
        <!DOCTYPE html><html><head><title>Draw</title></head><body><p id="draw"></p><script>
        const draws = [Math.random(), Math.random()];
        document.getElementById('draw').textContent = [draws.every(x => x >= 0 && x < 1), ...draws,
          crypto.getRandomValues(new Uint32Array(2)).join(','), crypto.randomUUID()].join(' ');
        </script></body></html>
        """

    func testTheSameSeedDrawsTheSameNumbersInEverySessionAndAfterAReload() throws {
        let (site, service) = try serveWithChromeDriver(["index.html": Self.page])
        func draws(seed: UInt64?, reloads: Int = 0) throws -> [String] {
            var options = BrowserDriver.Options()
            options.randomSeed = seed
            let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url, options: options)
            defer { driver.close() }
            var seen: [String] = []
            for _ in 0...reloads {
                try driver.restart()
                _ = try driver.waitForIdle(.standard)
                seen.append(try driver.visibleText().trimmingCharacters(in: .whitespacesAndNewlines))
            }
            return seen
        }
        let first = try draws(seed: 7, reloads: 1)
        XCTAssertEqual(first.count, 2)
        XCTAssertEqual(first[0], first[1], "a reload draws the same numbers")
        let fields = first[0].split(separator: " ")
        XCTAssertEqual(fields.count, 5, first[0])
        XCTAssertEqual(fields.first, "true", "Math.random is in [0, 1): \(first[0])")
        XCTAssertNotEqual(fields[1], fields[2], "successive draws differ")
        XCTAssertNotNil(fields.last?.range(of: "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$", options: .regularExpression),
                        "a version 4 UUID: \(first[0])")
        XCTAssertEqual(try draws(seed: 7), [first[0]], "another session, the same draw")
        XCTAssertNotEqual(try draws(seed: 8), [first[0]], "another seed, another draw")
        let unseeded = try draws(seed: nil), again = try draws(seed: nil)
        XCTAssertNotEqual(unseeded, again, "no seed: the browser's own randomness")
    }
}
