import CartoCore
import CartoDrivers
import CartoExplore
import Foundation

// carto-bench lookup [--states N] [--queries Q]
//   State lookup (Algorithm 1 with buckets) among N visited states: a revisited state, a new state whose bucket is
//   crowded, and the worst case where every visited state shares container, title and element count.
// carto-bench crawler [--screens N] [--events E]
//   The whole crawler loop against an in-memory app of N generated screens (the driver answers instantly), with the
//   real output folder (log.jsonl, SQLite checkpoint per event): time per event is the crawler's own overhead.

func argument(_ args: [String], _ name: String, _ fallback: Int) -> Int {
    guard let i = args.firstIndex(of: name), i + 1 < args.count, let v = Int(args[i + 1]) else { return fallback }
    return v
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}

func features(_ type: String, hidden: Bool = false, target: String = "", action: String = "tap") -> ElementFeatures {
    var e = UIElement(role: .button, platformType: type, visible: !hidden, actions: [])
    e.target = target
    var f = ElementFeatures(e)
    f.action = action
    return f
}

/// The screen abstraction's lookup among N visited states made of realistic near-duplicates: screens that differ in
/// one control, lists of 0–5 rows, rows with other text. Probes are revisits with other list lengths and row text
/// (must match), and new near-duplicates (one control more; must not). Each lookup includes abstracting the
/// snapshot, which is what a crawl pays per event.
func runAbstractionLookupBenchmark(count: Int, queries: Int) {
    func row(_ text: String) -> UIElement {
        UIElement(role: .cell, platformType: "li", label: text, children: [
            UIElement(role: .checkbox, platformType: "input[type=checkbox]", identifier: "toggle", actions: [.tap]),
            UIElement(role: .staticText, platformType: "label", label: text),
            UIElement(role: .button, platformType: "button", identifier: "destroy", visible: false)])
    }
    /// Names without digits (numbers standing alone are data to the abstraction): 0 → "a", 27 → "bb".
    func name(_ n: Int) -> String {
        var n = n, out = ""
        repeat { out.append(Character(UnicodeScalar(UInt8(97 + n % 26)))); n /= 26 } while n > 0
        return out
    }
    func screen(_ i: Int, rows: Int, rowText: String, extra: Bool = false) -> UISnapshot {
        let family = name(i / 4)   // four near-duplicates per family: each has one control of its own
        var children: [UIElement] = [
            UIElement(role: .heading, platformType: "h1", label: "Screen \(name(i / 4 % 40)) of the app"),
            UIElement(role: .textField, platformType: "input[type=text]", identifier: "search", label: "Search", actions: [.tap, .type]),
            UIElement(role: .link, platformType: "a", label: "Section \(family)", actions: [.tap], target: "/s/\(family)"),
            UIElement(role: .button, platformType: "button", identifier: "action-\(name(i % 4))", label: "Action \(name(i % 4))", actions: [.tap], target: "click"),
            UIElement(role: .list, platformType: "ul", identifier: "rows", children: (0..<rows).map { row("\(rowText) \($0)") }),
        ]
        if extra { children.append(UIElement(role: .button, platformType: "button", label: "Extra", actions: [.tap], target: "click")) }
        return UISnapshot(context: ScreenContext(title: "App", container: "/app/\(name(i / 4 % 25))"),
                          root: UIElement(role: .window, platformType: "document", children: children))
    }
    var index = StateIndex(coarsenAfter: 0)
    for i in 0..<count { _ = index.add(screen(i, rows: i % 2 == 0 ? 0 : 3, rowText: "item")) }
    var revisits: [Double] = [], news: [Double] = []
    var matched = 0, unmatched = 0
    for q in 0..<queries {
        let i = (q * 7919) % count
        let revisit = screen(i, rows: i % 2 == 0 ? 0 : 1 + q % 5, rowText: "other text \(q)")
        let new = screen(i, rows: i % 2 == 0 ? 0 : 3, rowText: "item", extra: true)
        var t0 = DispatchTime.now().uptimeNanoseconds
        if index.match(revisit) == i { matched += 1 }
        revisits.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        t0 = DispatchTime.now().uptimeNanoseconds
        if index.match(new) == nil { unmatched += 1 }
        news.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
    }
    for (label, times, ok) in [("screen abstraction, revisits (other list lengths and row text)", revisits, matched),
                               ("screen abstraction, new near-duplicates (one control more)", news, unmatched)] {
        print(String(format: "%@: %d lookups among %d states: p50 %.4f ms, p99 %.4f ms, max %.4f ms; %d of %d answered right",
                     label, times.count, index.count, percentile(times, 0.5), percentile(times, 0.99), times.max() ?? 0, ok, queries))
    }
    if matched != queries || unmatched != queries { print("LOOKUP ANSWERS WRONG"); exit(1) }
}

func runLookupBenchmark(_ args: [String]) {
    runAbstractionLookupBenchmark(count: argument(args, "--states", 10_000), queries: argument(args, "--queries", 2_000))
    let count = argument(args, "--states", 10_000)
    let queries = argument(args, "--queries", 2_000)
    var rng = SystemRandomNumberGenerator()
    let types = ["a", "button", "input[type=text]", "li", "h1", "img", "select", "textarea"]
    func randomState(container: String, title: String, elements n: Int) -> StateSignature {
        StateSignature(container: container, title: title, elements: (0..<n).map { _ in
            features(types.randomElement(using: &rng)!, hidden: Int.random(in: 0..<10, using: &rng) == 0,
                     target: Int.random(in: 0..<3, using: &rng) == 0 ? "/p\(Int.random(in: 0..<50, using: &rng))" : "")
        })
    }
    func measure(_ label: String, _ recognizer: StateRecognizer, _ probes: [StateSignature], expectMatch: Bool) {
        var times: [Double] = []
        var matched = 0
        for probe in probes {
            let start = DispatchTime.now().uptimeNanoseconds
            let result = recognizer.match(probe)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            if result != nil { matched += 1 }
        }
        print(String(format: "%@: %d lookups among %d states: mean %.4f ms, p50 %.4f ms, p99 %.4f ms, max %.4f ms; %d matched (expected %@)",
                     label, probes.count, recognizer.count, times.reduce(0, +) / Double(times.count), percentile(times, 0.5),
                     percentile(times, 0.99), times.max() ?? 0, matched, expectMatch ? "all" : "none"))
    }

    // Realistic: 300 screens (containers), a few titles each, 20–120 elements.
    var realistic = StateRecognizer()
    var visited: [StateSignature] = []
    for i in 0..<count {
        let s = randomState(container: "/screen\(i % 300)", title: "Title \(i % 7)", elements: 20 + (i * 37) % 100)
        if realistic.match(s) == nil { realistic.add(s); visited.append(s) }
    }
    measure("revisit (realistic)", realistic, (0..<queries).map { _ in visited.randomElement(using: &rng)! }, expectMatch: true)
    measure("new state (realistic)", realistic, (0..<queries).map { i in randomState(container: "/screen\(i % 300)", title: "Title \(i % 7)", elements: 20 + (i * 37) % 100) }, expectMatch: false)

    // Worst case: one bucket of `count` states (same container, title and element count), each differing from the
    // others in a different element's properties.
    var crowded = StateRecognizer()
    var added = 0
    var attempt = 0
    while added < count {
        attempt += 1
        let s = randomState(container: "/feed", title: "Feed", elements: 60)
        if crowded.match(s) == nil { crowded.add(s); added += 1 }
        if attempt > count * 4 { break }
    }
    measure("new state (one crowded bucket)", crowded, (0..<min(queries, 200)).map { _ in randomState(container: "/feed", title: "Feed", elements: 60) }, expectMatch: false)
}

/// An app of generated screens: links to other screens, a form, a list; taps follow links instantly.
final class SyntheticApp: AppDriver, @unchecked Sendable {
    let platform = "web"
    let webOrigin: String? = "http://synthetic"
    let start = "http://synthetic/"
    let screens: [UISnapshot]
    var stack = [0]
    /// Screens are named with letters: to the screen abstraction, numbers in paths and labels are data.
    static func name(_ n: Int) -> String {
        var n = n, out = ""
        repeat { out.append(Character(UnicodeScalar(UInt8(97 + n % 26)))); n /= 26 } while n > 0
        return out
    }
    let byName: [String: Int]

    init(screens n: Int) {
        byName = Dictionary(uniqueKeysWithValues: (0..<n).map { ("/s" + Self.name($0), $0) })
        screens = (0..<n).map { i in
            var children: [UIElement] = [UIElement(role: .heading, platformType: "h1", label: "Screen \(Self.name(i))")]
            for k in 0..<8 {
                let to = (i * 7 + k * 13 + 1) % n
                children.append(UIElement(role: .link, platformType: "a", label: "Go \(Self.name(to))", actions: [.tap], target: "/s" + Self.name(to), locator: "css selector:#l\(k)"))
            }
            children.append(UIElement(role: .form, platformType: "form", locator: "css selector:form", children: [
                UIElement(role: .textField, platformType: "input[type=email]", identifier: "email", actions: [.tap, .type], locator: "css selector:#email"),
                UIElement(role: .button, platformType: "button", label: "Send", actions: [.tap], target: "submit", locator: "css selector:#send"),
            ]))
            children.append(UIElement(role: .list, platformType: "ul", children: (0..<12).map { r in
                UIElement(role: .cell, platformType: "li", label: "Row \(r)", children: [UIElement(role: .staticText, platformType: "span", label: "Row \(r)")])
            }))
            return UISnapshot(context: ScreenContext(title: "Screen \(Self.name(i % 10))", container: "/s" + Self.name(i)), root: UIElement(role: .window, platformType: "document", children: children))
        }
    }
    func restart() throws { stack = [0] }
    func observe(after policy: WaitPolicy?) throws -> Observation { Observation(snapshot: screens[stack.last!]) }
    func visibleText() throws -> String { screens[stack.last!].visibleText }
    func perform(_ action: DriverAction) throws {
        switch action {
        case .tap(let e): if let t = e.target, let to = byName[t] { stack.append(to) }
        case .back: if stack.count > 1 { stack.removeLast() }
        default: break
        }
    }
    func waitForIdle(_ policy: WaitPolicy) throws -> IdleOutcome { IdleOutcome(idle: true, waitedMilliseconds: 0) }
    func screenshot() throws -> Data { Data([0x89, 0x50, 0x4E, 0x47]) }
    func close() {}
}

func runCrawlerBenchmark(_ args: [String]) {
    let screens = argument(args, "--screens", 2_000)
    let events = argument(args, "--events", 5_000)
    let dir = NSTemporaryDirectory() + "carto-crawler-bench-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: dir) }
    do {
        let out = try CrawlOutput(directory: dir, fresh: true)
        var configuration = CrawlConfiguration()
        configuration.settings.maxEvents = events
        let start = DispatchTime.now().uptimeNanoseconds
        let model = try Crawler(driver: SyntheticApp(screens: screens), configuration: configuration, sink: out).run()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // Per-event crawler time from the log (the driver's share is ~0 here).
        let log = try String(contentsOfFile: dir + "/log.jsonl", encoding: .utf8)
        var perEvent: [Double] = []
        for line in log.split(separator: "\n") {
            guard let entry = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], entry["type"] as? String == "event",
                  let ms = entry["totalMs"] as? Double else { continue }
            perEvent.append(ms)
        }
        print(String(format: "crawler: %d events, %d unique states, %d edges in %.2f s: %.3f ms per event overall; per event p50 %.3f ms, p95 %.3f ms, p99 %.3f ms (event + wait + snapshot + recognition + log line; checkpoint transaction included in the overall figure)",
                     model.stats.events, model.stats.uniqueStates, model.stats.edges, seconds, seconds * 1000 / Double(max(1, model.stats.events)),
                     percentile(perEvent, 0.5), percentile(perEvent, 0.95), percentile(perEvent, 0.99)))
    } catch {
        print("crawler benchmark failed: \(error)")
        exit(1)
    }
}
