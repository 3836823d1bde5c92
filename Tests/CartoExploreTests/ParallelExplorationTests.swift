import CartoCore
import CartoDrivers
@testable import CartoExplore
import Foundation
import XCTest

/// Sessions in parallel (`--browsers N`) decide together when a crawl is done. These tests script the interleavings
/// that timing produced on busy machines, so they fail or pass the same way every run.
final class ParallelExplorationTests: XCTestCase {
    /// A sink that remembers log entries and lets a test wait until one arrives.
    final class WatchingSink: CrawlSink, @unchecked Sendable {
        let condition = NSCondition()
        var entries: [CrawlLogEntry] = []
        func stateDiscovered(id: Int, record: CrawlProgress.StateRecord, screenshot: Data?) throws -> String? { nil }
        func log(_ entry: CrawlLogEntry) { condition.withLock { entries.append(entry); condition.broadcast() } }
        func checkpoint(_ progress: CrawlProgress, changedStates: [Int]) throws {}
        /// Waits until `test` holds for an entry, at most `seconds`.
        func wait(seconds: TimeInterval, for test: (CrawlLogEntry) -> Bool) {
            let deadline = Date().addingTimeInterval(seconds)
            condition.withLock {
                while !entries.contains(where: test) && condition.wait(until: deadline) {}
            }
        }
    }

    /// Home links to A and B; A links to C. Its screenshot is where one session is held while the other goes on.
    static func site(onScreenshotOfA: @escaping () -> Void) -> ScriptedApp {
        let app = ScriptedApp(build: { app in
            switch app.page {
            case "Home": return ScriptedApp.screen("Home", "/", [ScriptedApp.link("A", "/a"), ScriptedApp.link("B", "/b")])
            case "A": return ScriptedApp.screen("A", "/a", [ScriptedApp.link("C", "/c")])
            default: return ScriptedApp.screen(app.page, "/" + app.page.lowercased(), [UIElement(role: .heading, platformType: "h1", label: app.page)])
            }
        }, handle: { app, action in
            guard case .tap(let e) = action, let label = e.label else { return }
            app.history.append(app.page)
            app.page = label
        })
        app.onScreenshot = { page in if page == "A" { onScreenshotOfA() } }
        return app
    }

    /// One session discovers A and is held while A's discovery is recorded (its screenshot); the other fires B
    /// meanwhile and then looks for work. A's discovery must count as work — reached through the edge that found it —
    /// and never as a state without a path (that marked it unreachable and ended the crawl `explored` with C never
    /// found: 3 of 4 states, on busy machines in every run with two browsers).
    func testADiscoveryBeingRecordedIsWorkForTheOtherSessions() throws {
        let sink = WatchingSink()
        // Held until the other session gave up on A (today's race) or fired an event from A (the right outcome).
        let hold = {
            sink.wait(seconds: 5) { entry in
                switch entry {
                case .unreachable: return true
                case .event(let e): return e.from == "s1" || e.from == "s2"
                default: return false
                }
            }
        }
        var configuration = CrawlConfiguration()
        configuration.settings.screenshots = true
        let crawler = Crawler(drivers: [Self.site(onScreenshotOfA: hold), Self.site(onScreenshotOfA: hold)], configuration: configuration, sink: sink)
        let model = try crawler.run()
        XCTAssertEqual(Set(model.states.map(\.title)), ["Home", "A", "B", "C"], "\(model.states.map(\.title))")
        XCTAssertEqual(model.stats.stopReason, .explored)
        XCTAssertFalse(sink.entries.contains { if case .unreachable = $0 { return true } else { return false } }, "no state was given up")
    }
}
