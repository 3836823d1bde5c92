import CartoCore
import CartoDrivers
import CartoHTTP
import CartoExplore
import CartoJourneys
import CartoModel
import Foundation
import XCTest

/// One typed action from snapshot to generated test: crawl a real app in Chromium, write model.json, read it back,
/// turn the path to each state into a journey, and replay it in a fresh browser.
final class ModelJourneyRoundTripTests: XCTestCase {
    func testCrawlThenJourneyToEveryStateReplaysInAFreshBrowser() throws {
        guard ChromeDriverService.locateChromeDriver() != nil else {
            throw XCTSkip("chromedriver is not installed (scripts/test.sh installs chromium and chromium-driver)")
        }
        let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/web-app").path
        let site = try LocalSite.serve(directory: app)
        defer { site.stop() }
        let output = NSTemporaryDirectory() + "carto-roundtrip-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: output) }

        var configuration = CrawlConfiguration()
        configuration.settings.screenshots = false
        let crawled: CrawlModel
        do {
            let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"))
            defer { driver.close() }
            let sink = try CrawlOutput(directory: output, fresh: true)
            crawled = try Crawler(driver: driver, configuration: configuration, sink: sink).run()
            try sink.writeModel(crawled)
        }
        // model.json as written, not the value in memory.
        let model = try JSONDecoder().decode(CrawlModel.self, from: Data(contentsOf: URL(fileURLWithPath: output + "/model.json")))
        XCTAssertEqual(model.edges.map(\.action), crawled.edges.map(\.action))
        XCTAssertTrue(model.edges.allSatisfy { $0.action?.isEmpty == false }, "every edge carries its typed actions")
        let fill = try XCTUnwrap(model.edges.first { $0.event.hasPrefix("fill ") }, "the contact form was filled")
        XCTAssertEqual(fill.action?.last?.command, .tap, "the fill ends with its submit button")
        XCTAssertTrue(fill.action?.dropLast().allSatisfy { $0.command == .type && $0.target?.path?.hasPrefix("css selector:") == true } == true)

        // Every state reached by a forward path, the fill's target among them: the journey there replays.
        let reachable = Set(model.edges.filter { $0.kind != .back }.map(\.to)).subtracting(["s0"]).sorted()
        XCTAssertGreaterThanOrEqual(reachable.count, 5)
        XCTAssertTrue(reachable.contains(fill.to))
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"))
        defer { driver.close() }
        var matched = Set<LocatorResolver.Match>()
        for state in reachable {
            let journey = try ModelJourney.path(in: model, to: state)
            let title = try XCTUnwrap(model.states.first { $0.id == state }?.title)
            XCTAssertEqual(journey.steps.last, JourneyStep(command: .verify, args: ["screen", title], screen: title))
            let result = try Replayer(driver: driver).run(journey, name: state)
            XCTAssertTrue(result.passed, "\(state) \(title): \(result.steps.filter { $0.status != .passed })")
            // A fresh script finds every target by the first locator it lists (links without an id by their label).
            XCTAssertEqual(result.fallbacks, [], "\(state): no fallback on a script just written")
            matched.formUnion(result.steps.compactMap(\.matchedBy))
        }
        XCTAssertEqual(matched, [.id, .label], "links without an id are found by their label, as the scripts list them")
    }
}
