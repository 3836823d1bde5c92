import CartoCore
import CartoDrivers
import CartoHTTP
@testable import CartoExplore
import CartoModel
import Foundation
import XCTest

/// Small pages written here that reproduce what went wrong on third-party apps, crawled in headless Chromium with
/// the default settings: a to-do list, a one-URL site of script-loaded screens, a form that needs one value, web
/// components, invariants.
extension CrawlEndToEndTests {
    static let sites = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/sites").path

    func crawlSite(_ name: String, start: String = "/", browser: BrowserDriver.Options = .init(),
                   configure: (inout CrawlConfiguration) -> Void = { _ in }) throws -> (model: CrawlModel, log: [[String: Any]]) {
        try crawlFolder(Self.sites + "/" + name, start: start, browser: browser, configure: configure)
    }

    /// Serves `folder` on loopback and crawls it from `start` with the default settings (changed by `configure`;
    /// the browser's by `browser`).
    func crawlFolder(_ folder: String, start: String = "/", browser: BrowserDriver.Options = .init(),
                     configure: (inout CrawlConfiguration) -> Void = { _ in }) throws -> (model: CrawlModel, log: [[String: Any]]) {
        try requireChromeDriver()
        let site = try LocalSite.serve(directory: folder)
        defer { site.stop() }
        let output = try temporaryDirectory()
        let model = try crawl(site: site, start: start, output: output, browser: browser, configure: configure)
        let text = try String(contentsOfFile: output + "/log.jsonl", encoding: .utf8)
        let log = text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        return (model, log)
    }

    /// The screen of the to-do fixture a state shows, as a tester draws them: empty (one screen whatever the route:
    /// footer and filters are hidden, nothing tells the routes apart); items (All); with a completed item (Clear
    /// completed); each filter with and without rows shown. Rows, their text and the delete button revealed on a
    /// touched row are not states.
    static func todoScreen(_ s: CrawlModel.State) -> String {
        let p = s.properties ?? []
        let filter = ["Active", "Completed"].first { f in p.contains { $0.contains("\"\(f)\" (selected)") } }
        let route = filter.map { "#/" + $0.lowercased() } ?? p.first { $0.hasPrefix("route ") }.map { String($0.dropFirst(6)) } ?? "All"
        let rows = p.contains { $0.hasPrefix("list todo-list") } ? "rows" : p.contains("emptyList todo-list") ? "no rows" : "no list"
        let clear = p.contains { $0.contains("#clear-completed") } ? " + clear" : ""
        // Whether the "mark all" toggle is checked is no screen: seen changing only itself (marking all on the
        // Completed filter adds rows to a list already shown), its state tells no states apart — the screens of the
        // TodoMVC model a tester wrote before any crawl (Benchmarks/crawl-fidelity/models/todomvc.json).
        return "\(route) \(rows)\(clear)"
    }

    func testTodoListsAreOneStateHoweverManyItemsAndTheCrawlCompletes() throws {
        let (model, _) = try crawlSite("todos") { $0.settings.maxEvents = 200 }
        let keys = model.states.map(Self.todoScreen)
        XCTAssertEqual(keys.count, Set(keys).count, "no two states of one kind: \(keys)")
        // Every combination of filter, rows shown and "Clear completed" that the app can show, and no other. The
        // empty list at #/active and #/completed looks as it does at / but is a state of its own: an item added there
        // shows under that filter (the route tells them apart once "add" led elsewhere from there).
        XCTAssertEqual(Set(keys), ["All no list", "All rows", "All rows + clear", "#/active rows",
                                   "#/active rows + clear", "#/active no rows + clear", "#/completed no rows",
                                   "#/completed rows + clear", "#/active no list", "#/completed no list"],
                       "\(model.states.map { $0.name ?? "" })")
        XCTAssertTrue(model.stats.stopReason.isComplete, "the crawl ends by itself: \(model.stats.stopReason)")
        XCTAssertTrue((model.decisions ?? []).contains { $0.kind == .otherRoute && $0.reason.contains("#/active") }, "\(model.decisions ?? [])")
        XCTAssertNotNil(model.states.first?.name)
        XCTAssertTrue(model.states.allSatisfy { !($0.properties ?? []).contains { $0.contains("Delete") } }, "the revealed delete button is part of the row shape only")
    }

    func testOneURLSiteOfScriptLoadedScreensIsExploredToTheEndAndBacksDoNotWait() throws {
        let (model, _) = try crawlSite("one-url")
        XCTAssertEqual(model.states.count, 11, "\(model.states.map { $0.name ?? "" })")
        XCTAssertTrue(model.states.contains { ($0.properties ?? []).contains("control link → /# \"S10\"") }, "\(model.states)")
        XCTAssertEqual(model.stats.stopReason, .explored)
        // A back within the document (the URL only changed by '#') returns when popstate fires, and a back with
        // nothing to go back to returns at once: neither waits out the navigation timeout.
        let site = try LocalSite.serve(directory: Self.sites + "/one-url")
        defer { site.stop() }
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"))
        defer { driver.close() }
        try driver.restart()
        _ = try driver.waitForIdle(.standard)
        try driver.perform(.back)
        let nothingBack = try driver.waitForIdle(.standard)
        guard let s1 = try driver.snapshot().elements.first(where: { $0.label == "S1" }) else { return XCTFail("no S1 link") }
        try driver.perform(.tap(s1))
        _ = try driver.waitForIdle(.standard)
        XCTAssertTrue(try driver.snapshot().elements.contains { $0.label == "S2" })
        try driver.perform(.back)
        let hashBack = try driver.waitForIdle(.standard)
        for (name, outcome) in [("nothing to go back to", nothingBack), ("hash entry", hashBack)] {
            XCTAssertTrue(outcome.idle, name)
            XCTAssertLessThan(outcome.waitedMilliseconds, 500, "\(name): \(outcome)")
        }
    }

    func testAFormThatNeedsOneValueIsPassedWithTheInputSpecificationAndInvariantsReportPaths() throws {
        let without = try crawlSite("vault").model
        XCTAssertFalse(without.states.contains { $0.title == "Vault · open" }, "no way in without the code")
        let (model, log) = try crawlSite("vault") { c in
            c.inputs.add(InputRule(field: try! ElementMatcher("id:^code$"), values: ["wrong", "OPEN-SESAME"]))
            c.invariants = [try! Invariant(name: "no exceptions", check: .text("Exception", present: false)),
                            try! Invariant(name: "error is an alert", check: .absent(try! ElementMatcher("text:^Wrong code$")), whereTitle: "^Vault$")]
        }
        XCTAssertTrue(model.states.contains { $0.title == "Vault · open" }, "\(model.states.map(\.title))")
        let fills = log.filter { ($0["event"] as? String ?? "").hasPrefix("fill") }.count
        XCTAssertEqual(fills, 2, "two values for the field, two fills")
        let failures = model.failures.filter { $0.kind == "invariant" }
        XCTAssertEqual(Set(failures.map(\.message)), ["no exceptions: the screen's text matches /Exception/",
                                                      "error is an alert: alert \"Wrong code\" is on screen (text:^Wrong code$)"], "\(failures)")
        let exception = failures.first { $0.message.hasPrefix("no exceptions") }
        XCTAssertEqual(exception?.path.last, "tap button \"Take the gold\"")
        XCTAssertEqual(exception?.path.first?.hasPrefix("fill"), true)
    }

    func testWebComponentsAndSameOriginFramesAreSeenAndActedOn() throws {
        let (model, log) = try crawlSite("components")
        let events = log.filter { $0["type"] as? String == "event" }
        XCTAssertGreaterThanOrEqual(events.count, 4, "events fired inside shadow roots and the frame")
        let names = model.states.compactMap(\.properties).map { $0.joined(separator: "\n") }
        XCTAssertTrue(names.contains { $0.contains("button#archive → click \"Archive\"") && $0.contains("button#compose → click \"Compose\"") }, "\(names)")
        XCTAssertTrue(names.contains { $0.contains("button#empty → click \"Empty archive\"") }, "the archive screen was reached: \(names)")
        // The button in the frame was tapped: it led on to a frame whose "Ask another" does nothing, tried on two
        // screens and found inert.
        XCTAssertTrue(model.edges.contains { $0.event == "tap button \"Ask a question\"" }, "\(model.edges.map(\.event))")
        XCTAssertTrue(model.decisions?.contains { $0.kind == .inert && $0.subject.contains("Ask another") } == true, "\(model.decisions ?? [])")
        let locators = try String(contentsOfFile: Self.sites + "/components/index.html", encoding: .utf8)
        XCTAssertFalse(locators.isEmpty)
        XCTAssertEqual(model.stats.stopReason, .explored)
    }

    func testSaturationStopsACrawlThatFindsNothingNew() throws {
        let (model, log) = try crawlSite("counters") { $0.settings.saturation = 3 }
        XCTAssertEqual(model.stats.stopReason, .saturated)
        XCTAssertEqual(model.states.count, 1)
        // Saturated: the last three events found neither a state nor a transition.
        let events = log.filter { $0["type"] as? String == "event" }
        XCTAssertTrue(events.suffix(3).allSatisfy { ["no change", "in-place change", "known", "back"].contains($0["outcome"] as? String ?? "") }, "\(events.suffix(3))")
        let todos = try crawlSite("todos") { $0.settings.maxEvents = 30 }.model
        let (paper, _) = try crawlSite("todos") { $0.settings.abstraction = .paper; $0.settings.maxEvents = 30 }
        XCTAssertEqual(paper.settings.abstraction, .paper)
        XCTAssertEqual(todos.settings.abstraction, .screen, "the abstraction in effect is recorded")
        XCTAssertGreaterThan(paper.states.count, todos.states.count, "Algorithm 1 makes a state of every list length")
    }
}
