import CartoCore
import CartoDrivers
import CartoHTTP
@testable import CartoExplore
import CartoModel
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// End to end in real headless Chromium (scripts/test.sh installs chromium and chromium-driver).
final class CrawlEndToEndTests: XCTestCase {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples/web-app").standardized.path

    func requireChromeDriver() throws {
        guard ChromeDriverService.locateChromeDriver() != nil else {
            throw XCTSkip("chromedriver is not installed (scripts/test.sh installs chromium and chromium-driver)")
        }
    }

    func temporaryDirectory() throws -> String {
        let dir = NSTemporaryDirectory() + "carto-crawl-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    func crawl(site: LoopbackServer, start: String = "/", output: String, browser: BrowserDriver.Options = .init(),
               configure: (inout CrawlConfiguration) -> Void = { _ in }) throws -> CrawlModel {
        var configuration = CrawlConfiguration()
        configure(&configuration)
        let driver = try BrowserDriver(startURL: URL(string: site.url.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + start)!,
                                       options: browser)
        defer { driver.close() }
        let out = try CrawlOutput(directory: output, fresh: true)
        let model = try Crawler(driver: driver, configuration: configuration, sink: out).run()
        try out.writeModel(model)
        return model
    }

    func testExampleAppModelFailuresAndOutputs() throws {
        try requireChromeDriver()
        let site = try LocalSite.serve(directory: Self.example)
        defer { site.stop() }
        let output = try temporaryDirectory()
        let model = try crawl(site: site, output: output)

        func states(at context: String) -> [CrawlModel.State] { model.states.filter { $0.context == context } }
        XCTAssertEqual(model.stats.stopReason, .explored)
        let names = model.states.compactMap(\.name)
        XCTAssertEqual(names.count, model.states.count)
        XCTAssertEqual(Set(names).count, names.count, "every state's name is its own: \(names)")
        // Home: plain, with script-loaded news, and the modal dialog — one screen whether the news lie dimmed
        // behind it or not. The clock and the counter tick all the time and must not add states.
        XCTAssertEqual(states(at: "/").count, 3, "\(model.states)")
        let dialog = try XCTUnwrap(states(at: "/").first { ($0.properties ?? []).contains("heading Opening hours") })
        XCTAssertFalse((dialog.properties ?? []).contains { $0.contains("Load news") || $0.hasPrefix("list ") }, "the page behind the dialog: \(dialog.properties ?? [])")
        XCTAssertEqual(states(at: "/products.html").count, 1)
        XCTAssertGreaterThanOrEqual(states(at: "/products.html").first?.elements ?? 0, 10, "the rows that appear after 700 ms are part of the state")
        XCTAssertEqual(states(at: "/product.html").count, 1, "only the first row is opened by default")
        XCTAssertEqual(states(at: "/contact.html").count, 2, "the form was filled with valid values and submitted")
        XCTAssertEqual(states(at: "/about.html").count, 3, "one state per tab")
        XCTAssertTrue(model.states.allSatisfy { $0.context.hasPrefix("/") }, "never left the origin")
        XCTAssertTrue(model.edges.contains { $0.event == "tap link \"← Home\"" && $0.kind == .back })
        XCTAssertEqual(model.stats.uniqueStates, model.states.count)
        XCTAssertGreaterThan(model.stats.events, model.stats.edges)

        // The throwing handler is one failure, with the events that reproduce it.
        XCTAssertEqual(model.failures.count, 1)
        XCTAssertEqual(model.failures.first?.kind, "uncaught error")
        XCTAssertEqual(model.failures.first?.path.last, "tap button \"Report a problem\"")

        // Outputs.
        let log = try String(contentsOfFile: output + "/log.jsonl", encoding: .utf8).split(separator: "\n")
        let entries = log.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        XCTAssertEqual(entries.count, log.count, "every log line is JSON")
        let skipped = entries.flatMap { ($0["skipped"] as? [[String: String]]) ?? [] }
        XCTAssertTrue(skipped.contains { $0["reason"]?.contains("external link") == true }, "the partner link is not followed")
        XCTAssertEqual(entries.filter { $0["type"] as? String == "event" }.count, model.stats.events - 0, "one log entry per event")
        // Total states: the start screen plus every event that landed on a state (new, known or back), counted from the log.
        let landings = entries.filter { $0["type"] as? String == "event" && ["new", "known", "back"].contains($0["outcome"] as? String ?? "") }
        XCTAssertEqual(model.stats.totalStates, 1 + landings.count)
        XCTAssertGreaterThan(model.stats.totalStates, model.stats.uniqueStates, "states were revisited")
        for state in model.states {
            let png = try XCTUnwrap(FileManager.default.contents(atPath: output + "/" + XCTUnwrap(state.screenshot)))
            XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        }
        for file in ["crawl.xml", "model.graphml"] {
            let parser = XMLParser(contentsOf: URL(fileURLWithPath: output + "/" + file))!
            XCTAssertTrue(parser.parse(), "\(file) is well-formed XML")
        }
        let reloaded = try ModelExport.load(output + "/model.json")
        XCTAssertEqual(reloaded, model)
        XCTAssertTrue(GraphDiff(from: model, to: reloaded).isEmpty)
        let dot = try String(contentsOfFile: output + "/model.dot", encoding: .utf8)
        XCTAssertEqual(dot.components(separatedBy: " -> ").count - 1, model.edges.count)

        // report.html, opened offline in Chromium: one box per state in the graph, every screenshot loads.
        let report = try BrowserDriver(startURL: URL(fileURLWithPath: output + "/report.html"), options: {
            var o = BrowserDriver.Options(); o.mobile = false; o.width = 1300; o.height = 1500; return o
        }())
        defer { report.close() }
        try report.restart()
        // Gallery images load lazily: ask for all of them, then count the ones that decoded.
        let counts = try report.client.executeAsync("""
            const done = arguments[arguments.length - 1];
            const images = [...document.images];
            images.forEach(i => { i.loading = 'eager'; });
            Promise.all(images.map(i => i.decode().then(() => 1, () => 0))).then(loaded => done([
                document.querySelectorAll('svg g.state').length, document.querySelectorAll('svg path.edge').length,
                loaded.reduce((a, b) => a + b, 0), images.length, document.querySelectorAll('tr.failure').length]));
            """) as? [Int]
        XCTAssertEqual(counts, [model.states.count, model.edges.count, model.states.count, model.states.count, 1])
    }

    /// The wait comes after every action of an event, not only its last: here the address is checked (200 ms, as a
    /// server would) before the form can be sent, so Return right after typing would do nothing.
    func testFormActionsEachWaitForTheAppBeforeTheNext() throws {
        try requireChromeDriver()
        let dir = try temporaryDirectory()
        try """
        <!DOCTYPE html><html><head><title>Sign up</title><meta name="viewport" content="width=device-width"></head><body>
        <form id="signup"><label>Email <input id="email" type="email"></label>
        <button id="join" type="submit" disabled>Join</button></form>
        <p id="done" hidden>Welcome aboard</p>
        <script>
          const email = document.getElementById('email'), join = document.getElementById('join');
          let check;
          email.addEventListener('input', () => {
            join.disabled = true; clearTimeout(check);
            check = setTimeout(() => { join.disabled = !email.value.includes('@'); }, 200);
          });
          document.getElementById('signup').addEventListener('submit', e => {
            e.preventDefault();
            document.getElementById('signup').remove();
            document.getElementById('done').hidden = false;
            document.title = 'Welcome';
          });
        </script></body></html>
        """.write(toFile: dir + "/index.html", atomically: true, encoding: .utf8)
        let site = try LocalSite.serve(directory: dir)
        defer { site.stop() }
        let model = try crawl(site: site, output: try temporaryDirectory())
        XCTAssertEqual(model.states.map(\.title), ["Sign up", "Welcome"], "the form was sent once the address was checked")
        XCTAssertEqual(model.edges.first?.event, "fill textField \"Email\" and submit")
    }

    func testServerErrorsBlocklistAndResumeAfterInterruption() throws {
        try requireChromeDriver()
        let dir = try temporaryDirectory()
        try """
        <!DOCTYPE html><html><head><title>Start</title></head><body>
        <a href="/orders">Orders</a> <a href="/logout">Log out</a> <a href="/help.html">Help</a>
        <a href="mailto:shop@example.com">Mail us</a></body></html>
        """.write(toFile: dir + "/index.html", atomically: true, encoding: .utf8)
        try "<!DOCTYPE html><html><head><title>Help</title></head><body><a href='/'>Start</a><button onclick=\"console.error('help failed')\">Ask</button></body></html>"
            .write(toFile: dir + "/help.html", atomically: true, encoding: .utf8)
        let logoutHits = Counter()
        let site = try LocalSite.serve(directory: dir) { request in
            if request.path == "/orders" {
                return LoopbackServer.Response(status: 500, contentType: "text/html", body: Data("<html><head><title>Oops</title></head><body>Server error</body></html>".utf8))
            }
            if request.path == "/logout" { logoutHits.increment() }
            return nil
        }
        defer { site.stop() }
        let output = try temporaryDirectory() + "/out"

        // First run stops after 2 events, as if interrupted; the checkpoint holds what it found.
        var configuration = CrawlConfiguration()
        configuration.blocklist = try Blocklist(["label:log ?out"])
        configuration.settings.maxEvents = 2
        do {
            let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"))
            let first = try Crawler(driver: driver, configuration: configuration, sink: try CrawlOutput(directory: output, fresh: true)).run()
            driver.close()
            XCTAssertEqual(first.stats.stopReason, .maxEvents)
        }
        XCTAssertThrowsError(try CrawlOutput(directory: output, fresh: true), "a finished folder is not overwritten")

        let out = try CrawlOutput(directory: output, fresh: false)
        let progress = try out.loadProgress()
        XCTAssertGreaterThanOrEqual(progress.eventsFired, 2, "the events (and backs) of the first run are counted")
        let statesBefore = progress.graph.states.count
        configuration.settings.maxEvents = nil
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"))
        defer { driver.close() }
        let model = try Crawler(driver: driver, configuration: configuration, sink: out, resumeFrom: progress).run()
        XCTAssertEqual(model.stats.stopReason, .explored)
        XCTAssertGreaterThanOrEqual(model.states.count, statesBefore)
        XCTAssertEqual(Set(model.states.map(\.title)), ["Start", "Oops", "Help"])
        XCTAssertEqual(logoutHits.value, 0, "blocked elements are never touched")
        let kinds = Set(model.failures.map(\.kind))
        XCTAssertEqual(kinds, ["http 500", "console error"], "\(model.failures)")
        XCTAssertEqual(model.failures.first { $0.kind == "console error" }?.path, ["tap link \"Help\"", "tap button \"Ask\""])
    }
}

extension CrawlEndToEndTests {
    func testEveryStrategyFindsTheSameStatesAndBudgetsStopEarly() throws {
        try requireChromeDriver()
        let site = try LocalSite.serve(directory: Self.example)
        defer { site.stop() }
        let dfs = try crawl(site: site, output: try temporaryDirectory() + "/dfs")
        for strategy in [CrawlStrategy.breadthFirst, .random] {
            let other = try crawl(site: site, output: try temporaryDirectory() + "/\(strategy.rawValue)") { $0.settings.strategy = strategy }
            let diff = GraphDiff(from: dfs, to: other)
            XCTAssertTrue(diff.addedStates.isEmpty && diff.removedStates.isEmpty, "\(strategy): \(diff.text())")
            XCTAssertEqual(other.stats.stopReason, .explored)
        }
        let capped = try crawl(site: site, output: try temporaryDirectory() + "/capped") { $0.settings.maxStates = 3 }
        XCTAssertEqual(capped.states.count, 3)
        XCTAssertEqual(capped.stats.stopReason, .maxStates)
        let shallow = try crawl(site: site, output: try temporaryDirectory() + "/shallow") { $0.settings.maxDepth = 1 }
        XCTAssertEqual(shallow.stats.stopReason, .explored)
        XCTAssertTrue(shallow.states.allSatisfy { $0.depth <= 1 })
        XCTAssertTrue(shallow.states.filter { $0.depth == 1 }.allSatisfy { $0.events == 0 }, "states at --max-depth are leaves")
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
