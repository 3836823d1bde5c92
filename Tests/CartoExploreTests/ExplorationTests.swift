import CartoCore
import CartoDrivers
@testable import CartoExplore
import CartoModel
import Foundation
import XCTest

/// An app written in Swift, as an `AppDriver`: screens are built from the app's state, taps and fills change it.
/// Fast and exact, for what exploration decides (no browser: the browser dialect has its own tests).
final class ScriptedApp: AppDriver, @unchecked Sendable {
    let platform = "web"
    let webOrigin: String? = "http://scripted"
    let start = "http://scripted/"
    private let build: (ScriptedApp) -> UISnapshot
    private let handle: (ScriptedApp, DriverAction) -> Void
    private let reset: (ScriptedApp) -> Void
    /// The app's state, as the closures want it.
    var route = ""
    var items: [Bool] = []          // to-do items: completed or not
    var page = "Home"
    var history: [String] = []
    var typed = ""
    /// How long a screenshot takes (a real one: 20–60 ms, with the crawl's lock let go meanwhile).
    var screenshotDelay = 0.0
    /// Called with the page at each screenshot (a test holds a session there).
    var onScreenshot: ((String) -> Void)?

    init(reset: @escaping (ScriptedApp) -> Void = { _ in }, build: @escaping (ScriptedApp) -> UISnapshot,
         handle: @escaping (ScriptedApp, DriverAction) -> Void) {
        self.build = build; self.handle = handle; self.reset = reset
    }
    func restart() throws { route = ""; items = []; page = "Home"; history = []; typed = ""; reset(self) }
    func observe(after policy: WaitPolicy?) throws -> Observation { Observation(snapshot: build(self)) }
    func visibleText() throws -> String { build(self).visibleText }
    func perform(_ action: DriverAction) throws {
        if case .type(_, let text) = action { typed = text; return }
        if case .back = action { if let last = history.popLast() { page = last }; return }
        handle(self, action)
    }
    func waitForIdle(_ policy: WaitPolicy) throws -> IdleOutcome { IdleOutcome(idle: true, waitedMilliseconds: 0) }
    func screenshot() throws -> Data {
        if screenshotDelay > 0 { Thread.sleep(forTimeInterval: screenshotDelay) }
        onScreenshot?(page)
        return Data(page.utf8)
    }
    func close() {}

    static func link(_ label: String, _ target: String) -> UIElement {
        UIElement(role: .link, platformType: "a", label: label, actions: [.tap], target: target, locator: "css selector:#\(label)")
    }
    static func button(_ label: String) -> UIElement {
        UIElement(role: .button, platformType: "button", label: label, actions: [.tap], target: "click", locator: "css selector:#\(label.replacingOccurrences(of: " ", with: "-"))")
    }
    static func screen(_ title: String, _ container: String, _ children: [UIElement]) -> UISnapshot {
        UISnapshot(context: ScreenContext(title: title, container: container), root: UIElement(role: .window, platformType: "document", children: children))
    }
}

final class ExplorationTests: XCTestCase {
    func crawl(_ app: ScriptedApp, configure: (inout CrawlConfiguration) -> Void = { _ in }) throws -> (CrawlModel, [[String: Any]]) {
        let dir = NSTemporaryDirectory() + "carto-exploration-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        let out = try CrawlOutput(directory: dir, fresh: true)
        var configuration = CrawlConfiguration()
        configuration.settings.screenshots = false
        configuration.settings.maxEvents = 400
        configure(&configuration)
        let model = try Crawler(driver: app, configuration: configuration, sink: out).run()
        let log = try String(contentsOfFile: dir + "/log.jsonl", encoding: .utf8).split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        return (model, log)
    }

    /// Ten pages under one menu of ten links, on every page, and one button of its own per page.
    static let pages = ["Home", "Papers", "Plugins", "Forms", "Input", "About", "Invariants", "Conditions", "Oracles", "Select"]
    func menuSite() -> ScriptedApp {
        let pages = Self.pages
        return ScriptedApp(build: { app in
            let menu = pages.map { ScriptedApp.link($0, "#") }
            return ScriptedApp.screen("Demo", "/", [UIElement(role: .heading, platformType: "h1", label: app.page)] + menu + [ScriptedApp.button("More about " + app.page)])
        }, handle: { app, action in
            guard case .tap(let e) = action, e.role == .link, let label = e.label, label != app.page else { return }
            app.history.append(app.page)
            app.page = label
        })
    }

    func testGlobalNavigationIsLearntAndFiredFromTheStartScreen() throws {
        let (model, log) = try crawl(menuSite())
        XCTAssertEqual(model.states.count, 10)
        XCTAssertEqual(model.stats.stopReason, .explored)
        // What a tester draws: Home → each page, by its menu link.
        let fromHome = Set(model.edges.filter { $0.from == "s0" && $0.kind != .back }.map(\.event))
        for page in Self.pages.dropFirst() { XCTAssertTrue(fromHome.contains("tap link \"\(page)\""), "Home → \(page): \(fromHome)") }
        let skipped = log.filter { $0["type"] as? String == "skip" && ($0["reason"] as? String ?? "").hasPrefix("global navigation") }
        XCTAssertFalse(skipped.isEmpty, "menu links that always lead to one page are not fired from every page")
        // Without it, every page fires every menu link: 10 × 9 taps at least.
        let (every, _) = try crawl(menuSite()) { $0.globalAfter = 0 }
        XCTAssertEqual(every.states.count, 10)
        XCTAssertGreaterThanOrEqual(every.stats.events, 90)
        XCTAssertLessThan(model.stats.events * 10, every.stats.events * 6, "\(model.stats.events) vs \(every.stats.events)")
    }

    /// A lesson opened from the home panel without an entry in the app's history (a course site switching panels
    /// without its address): a back there does nothing. The step a back failed to undo is retraced by a restart from
    /// then on — where every return to the home panel, for each of its lessons, tried a back first.
    func testABackThatDidNotUndoAStepIsNotTriedForItAgain() throws {
        let lessons = ["Keyboards", "Networks", "Printers", "Storage", "Displays", "Modems"]
        let app = ScriptedApp(build: { app in
            app.page == "Home"
                ? ScriptedApp.screen("Course", "/", [UIElement(role: .heading, platformType: "h1", label: "Lessons")] + lessons.map { ScriptedApp.button($0) })
                : ScriptedApp.screen("Course", "/", [UIElement(role: .heading, platformType: "h1", label: "Lesson"), ScriptedApp.button("Mark as read")])
        }, handle: { app, action in
            guard case .tap(let element) = action, let label = element.label, lessons.contains(label) else { return }
            app.page = label   // no history entry: a back stays
        })
        let (model, log) = try crawl(app)
        XCTAssertEqual(model.states.count, 2)
        XCTAssertEqual(model.edges.filter { $0.from == "s0" && $0.to == "s1" }.count, lessons.count, "every lesson opened")
        let backs = log.filter { $0["type"] as? String == "event" && $0["event"] as? String == "back" }
        XCTAssertEqual(backs.count, 1, "one back tried from the lesson, then restarts: \(backs)")
        XCTAssertEqual(backs.first?["outcome"] as? String, "no change")
    }

    /// Sessions in parallel (`--browsers N`) explore one model: run to saturation, they find the same abstract
    /// states and transitions as one session, and each session fires events of its own.
    /// An app that does not always open on the same screen (SB Admin 2 collapses its sidebar on some loads): a
    /// restart that lands on another start screen still reaches what is left to explore. Here the second and later
    /// starts show a banner, and no page has a working back, so every return to Home is a restart.
    func testAStartScreenThatVariesBetweenRestartsDoesNotStrandTheCrawl() throws {
        var restarts = 0
        let app = ScriptedApp(reset: { app in
            restarts += 1
            app.route = restarts > 1 ? "banner" : ""
        }, build: { app in
            switch app.page {
            case "Home":
                let banner = app.route == "banner" ? [UIElement(role: .heading, platformType: "h2", label: "Welcome back")] : []
                return ScriptedApp.screen("Shop", "/", banner + [ScriptedApp.link("About", "/about"), ScriptedApp.link("Contact", "/contact")])
            case "About": return ScriptedApp.screen("About", "/about", [ScriptedApp.link("Team", "/team")])
            default: return ScriptedApp.screen(app.page, "/" + app.page.lowercased(), [])
            }
        }, handle: { app, action in
            guard case .tap(let e) = action, let label = e.label else { return }
            app.page = label   // no history: back does nothing here
        })
        let (model, log) = try crawl(app)
        XCTAssertEqual(Set(model.states.map(\.title)), ["Shop", "About", "Team", "Contact"], "Contact is found from the other start screen")
        XCTAssertEqual(model.states.filter { $0.title == "Shop" }.count, 2, "both start screens are states")
        XCTAssertFalse(log.contains { ($0["result"] as? String)?.contains("not the one first seen") == true })
        XCTAssertEqual(model.stats.stopReason, .explored)
    }

    /// A welcome banner only the very first load shows: every later start looks like the home page a back move left,
    /// a state first reached without an edge. The crawl replays from the screen the app opens on, so what lies beyond
    /// it (Contact, its Map and Hours, where a back does not lead) is explored, not given up as unreachable.
    func testAStartScreenFirstReachedByABackMoveIsReplayedFrom() throws {
        var restarts = 0
        let app = ScriptedApp(reset: { app in
            restarts += 1
            app.route = restarts > 1 ? "" : "first"
        }, build: { app in
            switch app.page {
            case "Home":
                let banner = app.route == "first" ? [UIElement(role: .heading, platformType: "h2", label: "Welcome")] : []
                return ScriptedApp.screen("Shop", "/", banner + [ScriptedApp.link("About", "/about"), ScriptedApp.link("Contact", "/contact")])
            case "About": return ScriptedApp.screen("About", "/about", [ScriptedApp.link("Team", "/team")])
            case "Contact": return ScriptedApp.screen("Contact", "/contact", [ScriptedApp.link("Map", "/map"), ScriptedApp.link("Hours", "/hours")])
            case "Map": return ScriptedApp.screen("Map", "/map", [ScriptedApp.link("Directions", "/directions")])
            default: return ScriptedApp.screen(app.page, "/" + app.page.lowercased(), [])
            }
        }, handle: { app, action in
            guard case .tap(let e) = action, let label = e.label else { return }
            // The map replaces the page in history (no way back from it).
            if label == "Map" { app.history = [] } else { app.history.append(app.page) }
            app.page = label
            app.route = ""
        })
        let (model, log) = try crawl(app)
        XCTAssertEqual(Set(model.states.map(\.title)), ["Shop", "About", "Team", "Contact", "Map", "Hours", "Directions"], "\(log.filter { $0["type"] as? String == "unreachable" })")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let unreachable = log.filter { $0["type"] as? String == "unreachable" }.compactMap { $0["state"] as? String }
        XCTAssertTrue(unreachable.allSatisfy { $0 == "s0" }, "only the first load's screen cannot be opened again: \(unreachable)")
    }

    func testParallelSessionsFindTheSameModelAsOne() throws {
        try parallelSessionsFindTheSameModelAsOne(screenshots: false)
    }

    /// Sessions register states while another's screenshot is taken (the lock let go): each state keeps its index,
    /// its record and its own screenshot. (Registering after the screenshot swapped records and crashed.)
    func testParallelSessionsRegisteringStatesDuringScreenshots() throws {
        try parallelSessionsFindTheSameModelAsOne(screenshots: true)
    }

    func parallelSessionsFindTheSameModelAsOne(screenshots: Bool) throws {
        var folders: [String] = []
        func run(_ sessions: Int) throws -> (CrawlModel, [[String: Any]]) {
            let dir = NSTemporaryDirectory() + "carto-parallel-\(UUID().uuidString)"
            addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
            folders.append(dir)
            let out = try CrawlOutput(directory: dir, fresh: true)
            var configuration = CrawlConfiguration()
            configuration.settings.screenshots = screenshots
            configuration.globalAfter = 0   // every menu link from every page: enough work for three sessions
            let drivers = (0..<sessions).map { _ in menuSite() }
            for driver in drivers { driver.screenshotDelay = screenshots ? 0.01 : 0 }
            let crawler = Crawler(drivers: drivers, configuration: configuration, sink: out)
            XCTAssertEqual(crawler.sessions, sessions)
            let model = try crawler.run()
            let log = try String(contentsOfFile: dir + "/log.jsonl", encoding: .utf8).split(separator: "\n")
                .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            return (model, log)
        }
        func transitions(_ model: CrawlModel) -> Set<String> {
            let title = Dictionary(uniqueKeysWithValues: model.states.map { ($0.id, $0.name ?? $0.title) })
            return Set(model.edges.map { "\(title[$0.from]!) -\($0.event)-> \(title[$0.to]!)" })
        }
        let (one, _) = try run(1)
        XCTAssertEqual(one.states.count, 10)
        for sessions in [2, 3] {
            let (model, log) = try run(sessions)
            XCTAssertEqual(model.stats.stopReason, .explored)
            XCTAssertEqual(Set(model.states.map { $0.name ?? $0.title }), Set(one.states.map { $0.name ?? $0.title }), "\(sessions) sessions")
            XCTAssertEqual(transitions(model), transitions(one), "\(sessions) sessions")
            let bySession = Dictionary(grouping: log.filter { $0["type"] as? String == "event" }, by: { $0["session"] as? Int ?? 0 })
            XCTAssertEqual(Set(bySession.keys), Set(1...sessions), "every session fired events")
            XCTAssertTrue(bySession.values.allSatisfy { $0.count >= 10 }, "\(bySession.mapValues(\.count))")
            guard screenshots else { continue }
            // Each state's screenshot is the one taken of that state (the fake's picture is the page's name).
            for state in model.states {
                let file = try XCTUnwrap(state.screenshot, state.id)
                let picture = try String(contentsOfFile: folders.last! + "/" + file, encoding: .utf8)
                let identity = (state.properties ?? []).joined(separator: " ")
                XCTAssertTrue(identity.contains("\"\(picture)\""), "\(state.id): \(picture) vs \(identity)")
            }
        }
    }

    /// A till: a form that deposits money (the screen only shows the balance), and "Done" to the vault, whose
    /// "Withdraw" shows a receipt — or, from a fresh start with nothing deposited, "Nothing to withdraw". The form
    /// is sent before "Done" (controls that lead away come last), so the vault is first reached with money in it.
    func till() -> ScriptedApp {
        var balance = 0
        return ScriptedApp(reset: { _ in balance = 0 }, build: { app in
            switch app.page {
            case "Vault":
                return ScriptedApp.screen("Vault", "/vault", [ScriptedApp.button("Withdraw")])
            case "Receipt", "Nothing to withdraw":
                return ScriptedApp.screen(app.page, "/" + app.page.lowercased().replacingOccurrences(of: " ", with: "-"), [UIElement(role: .heading, platformType: "h1", label: app.page)])
            default:
                let form = UIElement(role: .form, platformType: "form", locator: "css selector:form", children: [
                    UIElement(role: .textField, platformType: "input[type=number]", identifier: "amount", label: "Amount", actions: [.tap, .type], locator: "css selector:#amount"),
                    UIElement(role: .button, platformType: "button", label: "Deposit", actions: [.tap], target: "submit", locator: "css selector:#deposit"),
                ])
                return ScriptedApp.screen("Till", "/", [UIElement(role: .staticText, platformType: "p", label: "Balance \(balance)"), form, ScriptedApp.link("Done", "/vault")])
            }
        }, handle: { app, action in
            guard case .tap(let e) = action else { return }
            switch e.label {
            case "Deposit": balance += 10
            case "Done": app.history.append(app.page); app.page = "Vault"
            case "Withdraw": app.history.append(app.page); app.page = balance > 0 ? "Receipt" : "Nothing to withdraw"; balance = 0
            default: break
            }
        })
    }

    func testEventsAfterAFormWasSentInPlaceAreFiredFromAFreshStart() throws {
        let (model, _) = try crawl(till())
        XCTAssertEqual(model.stats.stopReason, .explored)
        // Every edge is what its path gives: the vault's path (Done from a fresh till) holds no money, so Withdraw
        // says there is nothing to withdraw — not the receipt that the money deposited before showed.
        let names = Dictionary(uniqueKeysWithValues: model.states.map { ($0.id, $0.title) })
        let withdraw = model.edges.filter { $0.event == "tap button \"Withdraw\"" }.map { names[$0.to]! }
        XCTAssertEqual(withdraw, ["Nothing to withdraw"], "\(model.edges.map { "\(names[$0.from]!) --\($0.event)--> \(names[$0.to]!)" })")
    }
}
