import CartoCore
@testable import CartoDrivers
import CartoHTTP
@testable import CartoJourneys
import CartoExplore
import CartoUsage
import CartoModel
import Foundation
import XCTest

/// Record and replay end to end in real headless Chromium: a session driven by WebDriver input actions (real DOM
/// events) is recorded, then replayed in a fresh browser session.
final class RecordReplayTests: XCTestCase {
    func requireChromeDriver() throws {
        guard ChromeDriverService.locateChromeDriver() != nil else {
            throw XCTSkip("chromedriver is not installed (scripts/test.sh installs chromium and chromium-driver)")
        }
    }

    func tempDir() throws -> URL {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("carto-journey-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// Records the sign-in journey the way a person does it, through WebDriver's real input actions.
    func recordSignIn(_ app: JourneyFixtureApp, into output: URL) throws -> JourneyScript {
        let driver = try BrowserDriver(startURL: app.url)
        defer { driver.close() }
        var options = JourneyRecorder.Options()
        options.screenshotInterval = 0   // a screenshot for every screen change and tap
        let recorder = try JourneyRecorder(driver: driver, output: output, options: options)
        let client = driver.client
        func tap(_ css: String) throws { try client.tap(try client.findElement(css)); _ = try recorder.poll() }
        func type(_ css: String, _ text: String) throws {
            try tap(css)
            try client.sendKeys(text, to: try client.findElement(css))
            _ = try recorder.poll()
        }
        _ = try driver.waitForIdle(.standard)
        try type("#email", "ann@example.org")
        try type("#password", "hunter2-secret")
        try tap("#remember")
        try client.click(try client.findElement("#country option[value=be]"))
        try tap("#login")
        // Keep polling through the login call and the navigation, as `carto record` does every 100 ms: a poll that
        // lands while the document is being replaced must not end the recording.
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, (try? driver.evaluate("document.title") as? String) != "Welcome" {
            _ = try recorder.poll()
            Thread.sleep(forTimeInterval: 0.005)
        }
        _ = try driver.waitForIdle(.standard)
        XCTAssertEqual(try driver.snapshot().context.title, "Welcome")
        return try recorder.finish()
    }

    func testRecordThenReplayReachesTheSameFinalState() throws {
        try requireChromeDriver()
        let app = try JourneyFixtureApp()
        let output = try tempDir()
        let script = try recordSignIn(app, into: output)

        XCTAssertEqual(script.steps.map(\.command.rawValue), ["type", "type", "tap", "setValue", "tap", "verify"], script.steps.map(\.summary).joined(separator: "\n"))
        XCTAssertEqual(script.steps[0].target?.id, "email")
        XCTAssertEqual(script.steps[0].target?.label, "Email")
        XCTAssertEqual(script.steps[0].args, ["ann@example.org"])
        XCTAssertEqual(script.steps[1].args, ["${SECRET_PASSWORD}"], "passwords never go into the script")
        XCTAssertEqual(script.steps[2].component, "checkbox")
        XCTAssertEqual(script.steps[3].args, ["be"])
        let login = script.steps[4]
        XCTAssertEqual(login.component, "button")
        XCTAssertEqual(login.target, Locators(id: "login", label: "Sign in", text: "Sign in", path: "css selector:body > main:nth-of-type(1) > button:nth-of-type(1)"))
        XCTAssertEqual(script.steps[5].args, ["screen", "Welcome"])
        XCTAssertNotNil(login.screenshot, "a screenshot for the tap that left the page")

        // The files on disk: the same script as JSON and YAML, the log in the interaction schema.
        XCTAssertEqual(try JourneyScript.read(output.appendingPathComponent("script.json").path), script)
        XCTAssertEqual(try JourneyScript.read(output.appendingPathComponent("script.yaml").path), script)
        let log = try String(contentsOf: output.appendingPathComponent("log.jsonl"), encoding: .utf8)
        let names = log.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }.compactMap { $0["name"] as? String }
        XCTAssertEqual(names.first, "session.start"); XCTAssertEqual(names.last, "session.end")
        for name in ["carto.screen.appeared", "carto.touch", "app.screen.click", "app.widget.click", "carto.text.entry", "carto.control.changed", "carto.screenshot"] {
            XCTAssertTrue(names.contains(name), "\(name) in \(Set(names))")
        }
        XCTAssertFalse(log.contains("hunter2"), "secure text is never logged")
        XCTAssertFalse(log.contains("ann@example.org"), "text is masked by default")
        let allFiles = try String(contentsOf: output.appendingPathComponent("script.json"), encoding: .utf8) + (try String(contentsOf: output.appendingPathComponent("script.yaml"), encoding: .utf8))
        XCTAssertFalse(allFiles.contains("hunter2"))
        for shot in try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("screenshots").path) {
            XCTAssertNoThrow(try PNG.read(output.appendingPathComponent("screenshots/" + shot)))
        }

        // The recording's log is ready for usage analytics: its taps over its own screenshot.
        let store = try UsageStore(path: output.appendingPathComponent("usage.sqlite").path)
        XCTAssertEqual(try store.ingest(paths: [output.path]).problems, [])
        let report = try UsagePipeline.run(store: store, options: .init(), outputFolder: output.appendingPathComponent("report"))
        XCTAssertEqual(report.summary.sessions, 1)
        XCTAssertEqual(report.screens.map(\.name).sorted(), ["Sign in", "Welcome"])
        let signIn = try XCTUnwrap(report.heatmaps.first { $0.screen == "Sign in" })
        XCTAssertEqual(signIn.touches, 5, "taps on email, password, remember, login, and the option chosen")
        XCTAssertNotNil(signIn.screenshot)
        XCTAssertEqual(try PNG.read(output.appendingPathComponent("report/" + signIn.file)).width, 390)

        // Replay in a fresh session: same final state, waiting for the slow login call without sleeping.
        let driver = try BrowserDriver(startURL: app.url)
        defer { driver.close() }
        var options = Replayer.Options()
        options.variables = ["SECRET_PASSWORD": "another-secret"]
        var lines: [String] = []
        let result = try Replayer(driver: driver, options: options).run(script, name: "sign-in") { lines.append(ReplayReport.line($0)) }
        XCTAssertTrue(result.passed, lines.joined(separator: "\n"))
        XCTAssertEqual(result.steps.compactMap(\.matchedBy), [.id, .id, .id, .id, .id])
        let shown = try driver.visibleText()
        XCTAssertTrue(shown.contains("Welcome, ann@example.org (be, remember true)"), shown)
    }

    func testReplaySurvivesAChangedIdentifierAndReportsAMissingTarget() throws {
        try requireChromeDriver()
        let app = try JourneyFixtureApp()
        let script = try recordSignIn(app, into: try tempDir())
        var options = Replayer.Options()
        options.variables = ["SECRET_PASSWORD": "x"]
        options.stepTimeoutSeconds = 1
        let shots = try tempDir()
        options.screenshotFolder = shots

        // The next version renamed the button's id: the label still finds it.
        app.variant = .renamedButtonID
        let driver = try BrowserDriver(startURL: app.url)
        defer { driver.close() }
        let renamed = try Replayer(driver: driver, options: options).run(script, name: "sign-in")
        XCTAssertTrue(renamed.passed, renamed.steps.map(ReplayReport.line).joined(separator: "\n"))
        XCTAssertEqual(renamed.steps[4].matchedBy, .label)
        XCTAssertEqual(renamed.fallbacks.map(\.index), [5])

        // A version without the button: that step fails with a clear message and a screenshot, the rest is skipped.
        app.variant = .buttonRemoved
        let broken = try Replayer(driver: driver, options: options).run(script, name: "sign-in")
        XCTAssertFalse(broken.passed)
        XCTAssertEqual(broken.steps.map(\.status), [.passed, .passed, .passed, .passed, .failed, .skipped])
        let failure = broken.steps[4]
        XCTAssertTrue(failure.message?.hasPrefix(#"no button matching id "login", label "Sign in", text "Sign in", path css selector:body > main:nth-of-type(1) > button:nth-of-type(1) on screen "Sign in""#) == true, failure.message ?? "")
        let screenshot = try XCTUnwrap(failure.screenshot)
        XCTAssertEqual(try PNG.read(URL(fileURLWithPath: screenshot)).width, 780, "2× the 390-point phone width")
        let junit = ReplayReport.junit(broken).render()
        XCTAssertTrue(junit.contains(#"tests="6" failures="1" errors="0" skipped="1""#), junit)
        XCTAssertTrue(junit.contains("[[ATTACHMENT|\(screenshot)]]"), junit)
    }

    func testVerifyStepsAndSliders() throws {
        try requireChromeDriver()
        let app = try JourneyFixtureApp()
        let driver = try BrowserDriver(startURL: app.url.appendingPathComponent("settings.html"))
        defer { driver.close() }
        var script = JourneyScript(platform: "web", start: app.url.appendingPathComponent("settings.html").absoluteString)
        script.steps = [
            JourneyStep(command: .verify, args: ["screen", "Settings"]),
            JourneyStep(command: .action(.setValue), component: "slider", target: Locators(label: "Volume"), args: ["8"]),
            JourneyStep(command: .verify, args: ["text", "8"]),
            JourneyStep(command: .verify, component: "slider", target: Locators(id: "volume"), args: ["value", "8"]),
            JourneyStep(command: .verify, component: "link", target: Locators(label: "Back"), args: ["exists"]),
            JourneyStep(command: .verify, component: "button", target: Locators(label: "Delete account"), args: ["absent"]),
            JourneyStep(command: .action(.tap), component: "link", target: Locators(label: "Back")),
            JourneyStep(command: .verify, args: ["screen", "Welcome"]),
            JourneyStep(command: .verify, args: ["text", "no such text"]),
        ]
        var options = Replayer.Options()
        options.stepTimeoutSeconds = 0.5
        let result = try Replayer(driver: driver, options: options).run(script, name: "settings")
        XCTAssertEqual(result.steps.map(\.status), [.passed, .passed, .passed, .passed, .passed, .passed, .passed, .passed, .failed],
                       result.steps.map(ReplayReport.line).joined(separator: "\n"))
        XCTAssertEqual(result.steps.last?.message, #"the screen does not show "no such text" after 0.5 s"#)
    }
}

/// A journey as a crawl's setup: replayed before the crawl and after every restart (logging in).
final class CrawlSetupJourneyTests: XCTestCase {
    func testSetupJourneyRunsBeforeTheCrawlAndAfterEveryRestart() throws {
        guard ChromeDriverService.locateChromeDriver() != nil else { throw XCTSkip("chromedriver is not installed") }
        let sites = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../CartoExploreTests/Fixtures/sites/vault").standardized.path
        let site = try LocalSite.serve(directory: sites)
        defer { site.stop() }
        let script = JourneyScript(platform: "web", start: site.url.absoluteString, steps: [
            JourneyStep(command: .action(.type), component: "textField", target: Locators(id: "code"), args: ["${VAULT_CODE}"]),
            JourneyStep(command: .action(.tap), component: "button", target: Locators(label: "Unlock")),
        ])
        var options = Replayer.Options()
        options.variables = ["VAULT_CODE": "OPEN-SESAME"]
        let runs = Counter()
        let replay = Replayer.crawlSetup(script: script, name: "unlock.yaml", options: options)
        var configuration = CrawlConfiguration()
        configuration.setup = CrawlSetup(name: replay.name) { driver in runs.increment(); try replay.run(driver) }
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"))
        defer { driver.close() }
        let model = try Crawler(driver: driver, configuration: configuration).run()
        XCTAssertEqual(model.states.first?.title, "Vault · open", "the crawl starts where the setup left the app")
        XCTAssertFalse(model.states.contains { $0.title == "Vault" }, "the locked screen is never part of the model")
        XCTAssertGreaterThanOrEqual(runs.value, 1)
        // A setup that cannot pass stops the crawl with the step and its reason.
        var wrong = Replayer.Options()
        wrong.variables = ["VAULT_CODE": "x"]
        var failing = CrawlConfiguration()
        failing.setup = Replayer.crawlSetup(script: JourneyScript(platform: "web", start: "", steps: script.steps + [
            JourneyStep(command: .verify, args: ["text", "Inside the vault"])]), name: "unlock.yaml", options: wrong)
        let second = try BrowserDriver(startURL: site.url.appendingPathComponent("/"))
        defer { second.close() }
        XCTAssertThrowsError(try Crawler(driver: second, configuration: failing).run()) { error in
            XCTAssertTrue("\(error)".contains("setup journey unlock.yaml: step 3 (verify \"text\" \"Inside the vault\") failed"), "\(error)")
        }
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
