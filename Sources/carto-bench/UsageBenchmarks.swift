import CartoCore
import CartoDrivers
import CartoHTTP
import CartoProbe
import CartoUsage
import Foundation

// `carto-bench generate-sessions`: realistic interaction logs of people using Examples/web-app (the corner shop), used
// for Examples/usage-sessions and for the report benchmark.
// `carto-bench usage`: the report over 1,000,000 events, end to end through `carto usage report` (ingest + report),
// then again from the database (files unchanged, report only).

/// A person using the corner shop: taps where the links and buttons really are (390×844 screenshots), swipes the
/// product list, tries to pinch-zoom product pictures (nothing handles that), loses the network now and then.
struct ShopSessionGenerator {
    var rng: SplitMix64
    var clock = ClockBox()
    let screenshots: Bool

    final class ClockBox: @unchecked Sendable { var ms = 1_763_700_000_000.0 }

    struct Place { var screen: String; var container: String }
    static let screens: [String: Place] = [
        "Home": Place(screen: "Home", container: "/"), "Products": Place(screen: "Products", container: "/products.html"),
        "Product": Place(screen: "Product", container: "/product.html"), "Contact": Place(screen: "Contact", container: "/contact.html"),
        "About": Place(screen: "About", container: "/about.html"),
    ]

    mutating func jitter(_ v: Double, _ spread: Double) -> Double { v + (Double(rng.next(below: 2001)) / 1000 - 1) * spread }
    mutating func pause() {
        // Mostly quick actions; one in 25 a long idle pause (reading, distracted).
        let idle = rng.next(below: 25) == 0
        clock.ms += idle ? Double(45_000 + rng.next(below: 75_000)) : Double(400 + rng.next(below: 3_600))
    }

    /// Writes one session of about `actions` actions to `folder`; returns the file.
    mutating func session(id: String, user: String, actions: Int, folder: URL) throws -> URL {
        clock.ms += Double(rng.next(below: 86_400_000))
        let clock = self.clock
        var info = InteractionLogger.SessionInfo(user: user, app: "corner-shop", appVersion: "1.4.0", device: "iPhone15,2", os: "iOS",
                                                 osVersion: "17.5", platform: "ios", screenWidth: 390, screenHeight: 844, consent: true)
        if user.hasSuffix("-no-consent") { info.consent = false }
        var options = InteractionLogger.Options()
        options.flushEvery = 4096
        let log = try InteractionLogger(directory: folder, session: id, info: info, options: options, clock: { clock.ms })
        var screen = "Home"
        var history: [String] = []
        var shot = Set<String>()
        var lat = 51.0543 + Double(rng.next(below: 1000)) / 100_000, lon = 3.7174 + Double(rng.next(below: 1000)) / 100_000
        var lastFix = -1.0e12
        var offlineUntil: Double?
        func appear(_ name: String, _ gen: inout ShopSessionGenerator) {
            if let previous = Optional(screen), previous != name { log.screenDisappeared(previous) }
            screen = name
            log.screenAppeared(name, container: Self.screens[name]!.container)
            if gen.screenshots, shot.insert(name).inserted { log.screenshot(file: "screenshots/\(name.lowercased()).png") }
        }
        func go(_ name: String, _ gen: inout ShopSessionGenerator) { history.append(screen); appear(name, &gen) }
        func back(_ gen: inout ShopSessionGenerator) { appear(history.popLast() ?? "Home", &gen) }
        appear("Home", &self)
        log.connectivity(connected: true, network: "wifi")
        for _ in 0..<actions {
            pause()
            if clock.ms - lastFix > 30_000 {
                lat += Double(rng.next(below: 200)) / 1_000_000 - 0.00005; lon += Double(rng.next(below: 200)) / 1_000_000 - 0.00005
                log.location(lat: lat, lon: lon, alt: 8 + Double(rng.next(below: 40)) / 10, accuracy: 5)
                lastFix = clock.ms
            }
            if let until = offlineUntil, clock.ms > until { log.connectivity(connected: true, network: "cellular"); offlineUntil = nil }
            else if offlineUntil == nil, rng.next(below: 120) == 0 {
                log.connectivity(connected: false, network: "none"); offlineUntil = clock.ms + Double(20_000 + rng.next(below: 40_000))
            }
            if rng.next(below: 150) == 0 { log.lifecycle("background"); clock.ms += Double(5_000 + rng.next(below: 60_000)); log.lifecycle("foreground") }
            let r = rng.next(below: 100)
            switch screen {
            case "Home":
                if offlineUntil != nil || r < 15 {
                    tapControl("load-news", "Load news", 60, 123, log)
                } else if r < 70 { tapLink("Products", 50, 21, log); go("Products", &self) }
                else if r < 85 { tapLink("Contact", 140, 21, log); go("Contact", &self) }
                else { tapLink("About", 215, 21, log); go("About", &self) }
            case "Products":
                if r < 30 {
                    let x = jitter(190, 60), y0 = jitter(330, 20)
                    log.gesture("swipe", x: x, y: y0, recognised: true, direction: "up",
                                path: [[x, y0], [x + 2, y0 - 60], [x + 3, y0 - 130]], durationMs: 180, target: InteractionTarget(id: "product-list", type: "table"))
                    log.scroll(InteractionTarget(id: "product-list", type: "table"), dx: 0, dy: 130)
                } else if r < 75 {
                    let row = rng.next(below: 4)
                    tapLink(["Apples", "Bread", "Cheese", "Dates"][row], 56, 170 + Double(row) * 51, log); go("Product", &self)
                } else if r < 88 {
                    log.gesture("swipe", x: 8, y: jitter(420, 150), recognised: true, direction: "right",
                                path: [[8, 420], [120, 424], [260, 428]], durationMs: 220)
                    back(&self)
                } else { tapLink("← Home", 45, 21, log); back(&self) }
            case "Product":
                if r < 25 {
                    // People try to zoom the product picture: nothing handles the pinch.
                    log.gesture("pinch", x: jitter(195, 40), y: jitter(300, 40), recognised: false, scale: 1.8, durationMs: 600)
                } else if r < 45 {
                    tapControl("add-to-basket", "Add to basket", 77, 205, log)
                } else if r < 70 {
                    log.gesture("swipe", x: 8, y: jitter(420, 150), recognised: true, direction: "right", path: [[8, 420], [140, 422], [280, 425]], durationMs: 200)
                    back(&self)
                } else if r < 80 {
                    log.tap(x: jitter(195, 100), y: jitter(600, 150), recognised: false)
                } else { tapLink("← Products", 60, 21, log); back(&self) }
            case "Contact":
                if r < 25 { log.textEntry(InteractionTarget(id: "name", label: "Name", type: "textField"), text: "Ann Peeters", secure: false) }
                else if r < 45 { log.textEntry(InteractionTarget(id: "email", label: "Email", type: "textField"), text: "ann@example.org", secure: false) }
                else if r < 60 { log.controlChanged(InteractionTarget(id: "newsletter", label: "Newsletter", type: "switch"), control: "switch", value: rng.next(below: 2) == 0 ? "on" : "off") }
                else if r < 75 { tapControl("send", "Send", 60, 330, log) }
                else { tapLink("← Home", 45, 21, log); back(&self) }
            default:
                if r < 40 { log.scroll(nil, dx: 0, dy: 300); log.gesture("pan", x: 200, y: 600, recognised: true, path: [[200, 600], [198, 450], [197, 300]], durationMs: 400) }
                else { tapLink("← Home", 45, 21, log); back(&self) }
            }
        }
        pause()
        try log.end()
        return log.fileURL
    }

    mutating func tapLink(_ label: String, _ x: Double, _ y: Double, _ log: InteractionLogger) {
        let tx = jitter(x, 10), ty = jitter(y, 6)
        log.touch(phase: "began", x: tx, y: ty); log.touch(phase: "ended", x: tx, y: ty)
        log.tap(x: tx, y: ty, recognised: true, target: InteractionTarget(label: label, type: "link"))
        log.widgetClick(InteractionTarget(label: label, type: "link"), x: tx, y: ty)
    }
    mutating func tapControl(_ id: String, _ label: String, _ x: Double, _ y: Double, _ log: InteractionLogger) {
        let tx = jitter(x, 25), ty = jitter(y, 6)
        log.tap(x: tx, y: ty, recognised: true, target: InteractionTarget(id: id, label: label, type: "button"))
        log.widgetClick(InteractionTarget(id: id, label: label, type: "button"), x: tx, y: ty)
    }
}

func runGenerateSessions(_ arguments: [String]) {
    var args = arguments
    var output = "", sessions = 6, actions = 120, seed: UInt64 = 7, screenshots = false
    while !args.isEmpty {
        let a = args.removeFirst()
        switch a {
        case "--output": output = args.removeFirst()
        case "--sessions": sessions = Int(args.removeFirst()) ?? sessions
        case "--actions": actions = Int(args.removeFirst()) ?? actions
        case "--seed": seed = UInt64(args.removeFirst()) ?? seed
        case "--screenshots": screenshots = true
        default: FileHandle.standardError.write(Data("unknown option \(a)\n".utf8)); exit(2)
        }
    }
    guard !output.isEmpty else {
        FileHandle.standardError.write(Data("usage: carto-bench generate-sessions --output DIR [--sessions N] [--actions N] [--seed S] [--screenshots]\n".utf8))
        exit(2)
    }
    let events = generateSessions(into: URL(fileURLWithPath: output), sessions: sessions, actions: actions, seed: seed, screenshots: screenshots)
    print("wrote \(sessions) sessions, \(events) events to \(output)")
}

@discardableResult
func generateSessions(into folder: URL, sessions: Int, actions: Int, seed: UInt64, screenshots: Bool) -> Int {
    var generator = ShopSessionGenerator(rng: SplitMix64(seed: seed), screenshots: screenshots)
    let users = ["ann", "bart", "chloe", "dirk", "eva", "femke", "gert", "hanne"]
    var total = 0
    for i in 0..<sessions {
        let user = users[i % users.count] + (sessions > 4 && i == sessions - 1 ? "-no-consent" : "")
        let id = String(format: "%@-%04d", users[i % users.count], i)
        let file = try! generator.session(id: id, user: user, actions: actions, folder: folder)
        total += (try? String(contentsOf: file, encoding: .utf8))?.split(separator: "\n").count ?? 0
    }
    return total
}

/// The report over ~1,000,000 events: `carto usage report` as a subprocess (ingest + all passes + HTML/CSV/PNG/GPX),
/// then once more over the same folder (files unchanged: report from the database only).
func runUsageBenchmark(_ arguments: [String]) {
    var args = arguments
    var events = 1_000_000, carto = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("carto").path
    while !args.isEmpty {
        let a = args.removeFirst()
        switch a {
        case "--events": events = Int(args.removeFirst()) ?? events
        case "--carto": carto = args.removeFirst()
        default: FileHandle.standardError.write(Data("unknown option \(a)\n".utf8)); exit(2)
        }
    }
    let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("carto-usage-bench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: root) }
    let logs = root.appendingPathComponent("logs")
    let perSession = 400   // actions; about 2.5 events each
    let start = now()
    var written = 0, sessions = 0
    var generator = ShopSessionGenerator(rng: SplitMix64(seed: 42), screenshots: false)
    while written < events {
        let file = try! generator.session(id: String(format: "s%06d", sessions), user: "user\(sessions % 700)", actions: perSession, folder: logs)
        written += (try! Data(contentsOf: file)).reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        sessions += 1
    }
    let bytes = (try? FileManager.default.contentsOfDirectory(at: logs, includingPropertiesForKeys: [.fileSizeKey]))?
        .reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) } ?? 0
    print(String(format: "generated %d events in %d sessions (%.0f MB of JSON Lines) in %.1f s", written, sessions, Double(bytes) / 1e6, now() - start))
    func report(_ label: String) -> Double {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: carto)
        p.arguments = ["usage", "report", logs.path, "--output", root.appendingPathComponent("report").path, "--quiet"]
        let t0 = now()
        try! p.run(); p.waitUntilExit()
        let t = now() - t0
        print(String(format: "%@: %.2f s (exit %d)", label, t, p.terminationStatus))
        return t
    }
    let cold = report("carto usage report, first run (ingest into SQLite + report)")
    let warm = report("carto usage report, again (files unchanged: report from the database)")
    let json = (try? Data(contentsOf: root.appendingPathComponent("report/report.json"))).flatMap { try? JSONDecoder().decode(UsageReport.self, from: $0) }
    print("report.json: \(json?.summary.events ?? 0) events analysed, \(json?.screens.count ?? 0) screens, \(json?.heatmaps.count ?? 0) heatmaps")
    print(String(format: "target ≤ 10 s for %d events: first run %.2f s, repeat %.2f s", written, cold, warm))
    exit(cold <= 10 ? 0 : 1)
}

/// `carto-bench recorder`: what the in-page recorder of `carto record` adds per event, in headless Chromium. The same
/// page replays the same synthetic mix of real DOM events (pointer down/move/up, clicks, scrolls, text changes) without
/// and with the recorder, alternating, draining the recorder's queue every 100 events as `carto record` does.
func runRecorderBenchmark(_ arguments: [String]) {
    var events = 20_000, rounds = 5
    var args = arguments
    while !args.isEmpty {
        let a = args.removeFirst()
        switch a {
        case "--events": events = Int(args.removeFirst()) ?? events
        case "--rounds": rounds = Int(args.removeFirst()) ?? rounds
        default: FileHandle.standardError.write(Data("unknown option \(a)\n".utf8)); exit(2)
        }
    }
    let rows = (1...200).map { "<li><button id=\"b\($0)\">Item \($0)</button> <span>detail \($0)</span></li>" }.joined()
    let page = """
    <!doctype html><html><head><title>Bench</title></head><body><main><h1>Recorder benchmark</h1>
    <input id="name" type="text"><div id="list" style="height:300px;overflow:auto"><ul>\(rows)</ul></div></main></body></html>
    """
    let site = try! LoopbackServer { _ in .init(contentType: "text/html", body: Data(page.utf8)) }
    defer { site.stop() }
    let mix = """
    (() => {
      const n = \(events), list = document.getElementById('list'), input = document.getElementById('name');
      const buttons = [...document.querySelectorAll('button')];
      const t0 = performance.now();
      for (let i = 0; i < n; i++) {
        const b = buttons[i % buttons.length], k = i % 10;
        const opts = { clientX: 50 + (i % 7) * 9, clientY: 120 + (i % 13) * 11, pointerId: 1, bubbles: true, cancelable: true };
        if (k === 0) b.dispatchEvent(new PointerEvent('pointerdown', opts));
        else if (k < 7) b.dispatchEvent(new PointerEvent('pointermove', opts));
        else if (k === 7) b.dispatchEvent(new PointerEvent('pointerup', opts));
        else if (k === 8) b.dispatchEvent(new MouseEvent('click', opts));
        else if (i % 20 === 9) list.dispatchEvent(new Event('scroll'));
        else { input.value = 'v' + i; input.dispatchEvent(new Event('change', { bubbles: true })); }
        if (i % 100 === 99 && window.__cartoRecorder) window.__cartoRecorder.drain();
      }
      return performance.now() - t0;
    })()
    """
    func measure(recording: Bool) -> Double {
        let driver = try! BrowserDriver(startURL: site.url.appendingPathComponent("/"))
        defer { driver.close() }
        try! driver.restart()
        if recording { try! driver.startRecording() }
        _ = try! driver.cdp("Runtime.evaluate", ["expression": mix, "returnByValue": true])   // warm-up
        let answer = try! driver.cdp("Runtime.evaluate", ["expression": mix, "returnByValue": true]) as? [String: Any]
        return ((answer?["result"] as? [String: Any])?["value"] as? Double) ?? .nan
    }
    var without: [Double] = [], with: [Double] = []
    for round in 1...rounds {
        let a = measure(recording: false), b = measure(recording: true)
        without.append(a); with.append(b)
        print(String(format: "round %d: %d events without recorder %.1f ms, with recorder %.1f ms → %.4f ms per event", round, events, a, b, (b - a) / Double(events)))
    }
    let overhead = (median(with) - median(without)) / Double(events)
    print(String(format: "median: without %.1f ms, with %.1f ms; recorder overhead %.4f ms per event (target ≤ 0.2 ms)", median(without), median(with), overhead))
    exit(overhead <= 0.2 ? 0 : 1)
}
