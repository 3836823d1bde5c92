import CartoCore
import CartoDrivers
import CartoHTTP
import CartoJourneys
import CartoModel
import Foundation
import XCTest

/// Replay through the iOS dialect, against the same WebDriverAgent fake as the iOS crawl (here because that fake
/// and its recorded page sources live in this target).
final class IOSJourneyTests: XCTestCase {
    func testReplayOfAnIOSJourneyThroughWebDriverAgent() throws {
        let fake = try IOSCrawlTests.FakeWDA()
        let server = try LoopbackServer { fake.handle($0) }
        defer { server.stop() }
        let driver = try IOSDriver(webdriver: server.url, bundleID: "com.example.Recipes")
        defer { driver.close() }
        let script = JourneyScript(platform: "ios", start: "com.example.Recipes", steps: [
            JourneyStep(command: .action(.tap), component: "cell", target: Locators(id: "recipe-pancakes")),
            JourneyStep(command: .verify, args: ["screen", "Pancakes"]),
            JourneyStep(command: .action(.back)),
            JourneyStep(command: .verify, args: ["screen", "Recipes"]),
            // The identifier is gone in this "version": the label finds the tab.
            JourneyStep(command: .action(.tap), component: "button", target: Locators(id: "settings-tab", label: "Settings")),
            JourneyStep(command: .action(.setValue), component: "toggle", target: Locators(label: "Notifications"), args: ["on"]),
            JourneyStep(command: .verify, component: "toggle", target: Locators(id: "notifications"), args: ["value", "1"]),
            JourneyStep(command: .action(.setValue), component: "toggle", target: Locators(id: "notifications"), args: ["on"]),
            JourneyStep(command: .verify, args: ["text", "Notifications"]),
        ])
        var options = Replayer.Options()
        options.stepTimeoutSeconds = 1
        let result = try Replayer(driver: driver, options: options).run(script, name: "recipes")
        XCTAssertTrue(result.passed, result.steps.map(ReplayReport.line).joined(separator: "\n"))
        XCTAssertEqual(result.steps[4].matchedBy, .label)
        XCTAssertTrue(fake.notifications, "the switch was turned on once")
        XCTAssertEqual(fake.commands.filter { $0.contains("/click") }.count, 4, "cell, back button, tab, switch (already on the second time: not tapped)")

        // A target that never appears fails with what was tried, on which screen.
        let missing = JourneyScript(platform: "ios", start: "com.example.Recipes", steps: [
            JourneyStep(command: .action(.tap), component: "button", target: Locators(id: "share", label: "Share")),
        ])
        let failed = try Replayer(driver: driver, options: options).run(missing, name: "missing")
        XCTAssertEqual(failed.steps.first?.status, .failed)
        XCTAssertEqual(failed.steps.first?.message, #"no button matching id "share", label "Share" on screen "Recipes" after 1.0 s"#)
    }
}
