import CartoCore
import CartoDrivers
@testable import CartoExplore
import CartoModel
import Foundation
import XCTest

/// Pages written here that reproduce why crawls of apps nobody here had seen went wrong (issue 29), one general
/// cause each, crawled end to end in headless Chromium with the default settings.
extension CrawlEndToEndTests {
    /// A finger taps what it sees: a hamburger drawn by a label lying over its checkbox, a link whose middle a
    /// neighbour covers (its free end takes the tap), a footer link under a cookie banner (reached once the banner
    /// is accepted). None of them is refused as covered.
    func testControlsAFingerCanReach() throws {
        let (model, log) = try crawlSite("finger")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let titles = Set(model.states.map(\.title))
        XCTAssertTrue(titles.isSuperset(of: ["Finger", "News", "Partly", "Legal"]), "\(titles)")
        let menuOpen = model.states.filter { ($0.properties ?? []).contains { $0.contains("\"News\"") } && $0.title == "Finger" }
        XCTAssertFalse(menuOpen.isEmpty, "the label-drawn hamburger opens the menu")
        let refused = log.filter { $0["type"] as? String == "event" && ($0["error"] as? String ?? "").contains("covered") }
            .compactMap { $0["event"] as? String }
        XCTAssertFalse(refused.contains { $0.contains("Menu") || $0.contains("Partly") }, "\(refused)")
        XCTAssertTrue(model.edges.contains { $0.event == "tap link \"Partly covered\"" }, "the partly covered link is tapped at its free end")
        XCTAssertTrue(model.edges.contains { $0.event == "tap link \"Legal notice\"" }, "the link under the banner, once the banner is gone")
    }
}
