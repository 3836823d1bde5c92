import CartoCore
import CartoDrivers
@testable import CartoExplore
import CartoModel
import Foundation
import XCTest

/// Event planning on real XCUITest / WebDriverAgent page sources from ../shared (skipped when it is absent):
/// what the crawler would do on each screen, and that every locator finds exactly its element again.
final class RealDumpPlanningTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/fixtures/ios-page-sources").standardized.path

    func plan(_ file: String, rows: RowPolicy = .first) throws -> (UISnapshot, [CrawlEvent]) {
        guard let data = FileManager.default.contents(atPath: Self.folder + "/" + file) else {
            throw XCTSkip("../shared/fixtures/ios-page-sources is absent: the real-dump tier needs the shared folder beside the project")
        }
        let snapshot = try IOSPageSource.parse(data, source: file)
        return (snapshot, EventPlanner(rows: rows).plan(snapshot, origin: nil).events)
    }

    func assertLocatorsUnique(_ snapshot: UISnapshot, _ events: [CrawlEvent], file: String) {
        let elements = snapshot.elements
        for event in events {
            guard let target = event.target else { continue }
            XCTAssertEqual(elements.filter { $0.locator == target.locator }.count, 1, "\(file): \(event) locator \(target.locator ?? "nil")")
        }
    }

    func testReactNativeHomeScreenOffersItsAccessibleRows() throws {
        let (snapshot, events) = try plan("theapp_home_ios_headspin.xml")
        let taps = events.filter { $0.kind == .tap }.compactMap { $0.target?.label }
        XCTAssertTrue(taps.contains("Echo Box") && taps.contains("Login Screen") && taps.contains("Picker Demo"), "\(taps)")
        assertLocatorsUnique(snapshot, events, file: "theapp")
    }

    func testSettingsScreensOpenTheFirstRowOrEveryRow() throws {
        // Visible rows with a label: 15 on the top screen, 6 on Accessibility (the others are off screen).
        for (file, rows) in [("settings_top_ios_shirates.xml", 10), ("settings_accessibility_ios_shirates.xml", 6)] {
            let (snapshot, first) = try plan(file)
            let (_, all) = try plan(file, rows: .all)
            XCTAssertGreaterThan(all.count, first.count, file)
            XCTAssertGreaterThanOrEqual(all.filter { $0.kind == .tap }.count, rows, "\(file): every visible settings row is tappable")
            assertLocatorsUnique(snapshot, all, file: file)
        }
    }

    func testBlankWebViewScreenHasNothingToDo() throws {
        let (_, events) = try plan("yilutongxing_wda_crifan.xml")
        XCTAssertTrue(events.filter { $0.kind == .tap }.isEmpty, "\(events)")
    }
}
