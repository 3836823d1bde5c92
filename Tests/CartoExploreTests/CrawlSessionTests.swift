import CartoCore
import CartoDrivers
import CartoExplore
import CartoModel
import Foundation
import XCTest

/// `CrawlSession`, the library behind `carto crawl`, called directly: a folder served for the crawl, typed log
/// entries, settings saved and resumed, bad targets refused before anything is written.
final class CrawlSessionTests: XCTestCase {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples/web-app").standardized.path

    func testNewCrawlOfAFolderThenResumeWithTheSavedSettings() throws {
        guard ChromeDriverService.locateChromeDriver() != nil else {
            throw XCTSkip("chromedriver is not installed (scripts/test.sh installs chromium and chromium-driver)")
        }
        let output = NSTemporaryDirectory() + "carto-session-" + UUID().uuidString
        addTeardownBlock { try? FileManager.default.removeItem(atPath: output) }
        var settings = CrawlSettings(platform: .web, start: Self.example)
        settings.maxEvents = 12
        settings.screenshots = false
        settings.browsers = 2
        let session = CrawlSession(.new(settings, output: output))
        session.handleSignals = false
        final class Entries: @unchecked Sendable { var states = 0; var events: [CrawlLogEntry.Event] = [] }
        let seen = Entries()
        session.onLog = { entry in
            switch entry {
            case .state: seen.states += 1
            case .event(let e): seen.events.append(e)
            default: break
            }
        }
        let first = try session.run()
        XCTAssertEqual(first.model.stats.stopReason, .maxEvents)
        XCTAssertEqual(seen.states, first.model.states.count, "one state entry per state")
        XCTAssertEqual(Set(seen.events.compactMap(\.session)), [1, 2], "two sessions, as saved in the settings")
        XCTAssertTrue(first.model.app.start.hasPrefix("http://127.0.0.1:"), "the folder was served on loopback")
        XCTAssertTrue(FileManager.default.fileExists(atPath: output + "/model.json"))

        // The same folder again is refused; a resume reads the saved settings (the budget is spent: it stops).
        XCTAssertThrowsError(try CrawlSession(.new(settings, output: output)).run()) {
            XCTAssertTrue(($0 as? CartoError)?.message.contains("already holds a crawl") == true, "\($0)")
        }
        let resume = CrawlSession(.resume(folder: output))
        resume.handleSignals = false
        let resumed = try resume.run()
        XCTAssertEqual(resumed.model.stats.stopReason, .maxEvents)
        // Nothing lost and no event fired beyond the spent budget. (The resumed run does look at the screen the
        // app opens on: one the first run had not seen is recorded as a state of its own.)
        let before = first.model.states.map { "\($0.id) \($0.name ?? $0.title)" }
        XCTAssertEqual(Array(resumed.model.states.map { "\($0.id) \($0.name ?? $0.title)" }.prefix(before.count)), before)
        // With two sessions the first run can stop one event short: the budget check counts an event in flight, and
        // that event may then not be fired (its element gone). The resume may use what is left, never more.
        XCTAssertGreaterThanOrEqual(resumed.model.stats.events, first.model.stats.events)
        XCTAssertLessThanOrEqual(resumed.model.stats.events, 12, "no event fired beyond the budget")
    }

    func testBadTargetsAndSettingsAreRefusedBeforeAnythingIsWritten() throws {
        let output = NSTemporaryDirectory() + "carto-session-" + UUID().uuidString
        addTeardownBlock { try? FileManager.default.removeItem(atPath: output) }
        var cases: [(CrawlSettings, String)] = []
        cases.append((CrawlSettings(platform: .web, start: "no-such-folder-\(UUID().uuidString)"), "neither a URL nor a folder"))
        var block = CrawlSettings(platform: .web, start: Self.example)
        block.block = ["label:("]
        cases.append((block, "--block label:("))
        var browsers = CrawlSettings(platform: .web, start: Self.example)
        browsers.browsers = 0
        cases.append((browsers, "--browsers 0"))
        var only = CrawlSettings(platform: .web, start: Self.example)
        only.only = ["shape:round"]
        cases.append((only, "--only shape:round"))
        for (settings, expected) in cases {
            XCTAssertThrowsError(try CrawlSession(.new(settings, output: output)).run()) { error in
                XCTAssertEqual((error as? CartoError)?.status, .inputError, "\(error)")
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), "no output folder for \(expected)")
        }
        XCTAssertThrowsError(try CrawlSession(.resume(folder: output)).run()) {
            XCTAssertTrue("\($0)".contains("no crawl to resume"), "\($0)")
        }
    }
}
