import Foundation
import XCTest

/// `carto record`, `carto replay` and `carto gen` as users run them.
final class JourneyCLITests: XCTestCase, CLIHarness {
    var webApp: String { "file://" + repoRoot + "/Examples/web-app" }

    func requireChromeDriver() throws {
        let paths = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver", "/usr/local/bin/chromedriver"]
        guard paths.contains(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("chromedriver is not installed (scripts/test.sh installs chromium and chromium-driver)")
        }
    }

    func writeScript(_ dir: String, steps: String) throws -> String {
        let path = dir + "/journey.json"
        try #"{"platform":"web","start":"\#(webApp)/index.html","steps":[\#(steps)]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testReplayPassesAndFailsWithJUnitAndExitCodes() throws {
        try requireChromeDriver()
        let dir = try tempDir()
        let script = try writeScript(dir, steps: #"{"command":"tap","component":"link","target":{"label":"About"}},{"command":"verify","args":["screen","About"]}"#)
        let ok = try carto(["replay", script, "--junit", dir + "/junit.xml"])
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        XCTAssertTrue(ok.stdout.contains("✓ 1. tap link \"About\""), ok.stdout)
        XCTAssertTrue(ok.stdout.contains("2 of 2 steps passed"), ok.stdout)
        XCTAssertTrue(try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8).contains(#"tests="2" failures="0""#))

        let failing = try writeScript(dir, steps: #"{"command":"tap","component":"link","target":{"label":"Careers"}},{"command":"verify","args":["screen","About"]}"#)
        let bad = try carto(["replay", failing, "--step-timeout", "0.5", "--screenshots", dir + "/shots", "--format", "json"])
        XCTAssertEqual(bad.status, 1, bad.stderr)
        let result = try JSONSerialization.jsonObject(with: Data(bad.stdout.utf8)) as! [String: Any]
        let steps = result["steps"] as! [[String: Any]]
        XCTAssertEqual(steps.map { $0["status"] as? String }, ["failed", "skipped"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/shots/failure-step-1.png"))
    }

    /// Crawl → `carto gen journey` → `carto replay` in a fresh browser: the path to the state behind the contact
    /// form, rebuilt from model.json's typed actions (no event strings parsed back), passes.
    func testCrawlGenJourneyReplayRoundTrip() throws {
        try requireChromeDriver()
        let dir = try tempDir()
        let crawl = try carto(["crawl", repoRoot + "/Examples/web-app", "-o", dir + "/crawl", "-q", "--no-screenshots"])
        XCTAssertLessThanOrEqual(crawl.status, 1, crawl.stderr)   // 1: the example's deliberate script error
        let model = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/crawl/model.json"))) as! [String: Any]
        let edges = model["edges"] as! [[String: Any]]
        let fill = try XCTUnwrap(edges.first { ($0["event"] as? String)?.hasPrefix("fill ") == true })
        let actions = try XCTUnwrap(fill["action"] as? [[String: Any]])
        XCTAssertEqual(actions.last?["command"] as? String, "tap", "typing per field, then the submit button")
        let state = try XCTUnwrap(fill["to"] as? String)

        let gen = try carto(["gen", "journey", dir + "/crawl/model.json", "--to", state, "-o", dir + "/journey.yaml"])
        XCTAssertEqual(gen.status, 0, gen.stderr)
        let yaml = try String(contentsOfFile: dir + "/journey.yaml", encoding: .utf8)
        XCTAssertTrue(yaml.hasPrefix("schema: carto.journey/1"), yaml)
        XCTAssertTrue(yaml.contains("command: type"), yaml)
        // The crawl served the folder on a port that is gone now: replay the same app from its files.
        let replay = try carto(["replay", dir + "/journey.yaml", "--url", webApp + "/index.html"])
        XCTAssertEqual(replay.status, 0, replay.stdout + replay.stderr)
        XCTAssertTrue(replay.stdout.contains("steps passed"), replay.stdout)
        XCTAssertFalse(replay.stdout.contains("✗"), replay.stdout)

        let noState = try carto(["gen", "journey", dir + "/crawl/model.json"])
        XCTAssertEqual(noState.status, 2)
        XCTAssertTrue(noState.stderr.contains("needs a crawl model and --to STATE"), noState.stderr)
    }

    func testRecordHeadlessForAFixedTimeWritesScriptAndLog() throws {
        try requireChromeDriver()
        let dir = try tempDir()
        let result = try carto(["record", webApp + "/about.html", "--headless", "--duration", "1", "--output", dir + "/rec", "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let script = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/rec/script.json"))) as! [String: Any]
        XCTAssertEqual(script["schema"] as? String, "carto.journey/1")
        XCTAssertEqual((script["steps"] as? [Any])?.count, 0, "nobody used the app")
        let log = try String(contentsOfFile: dir + "/rec/log.jsonl", encoding: .utf8)
        XCTAssertTrue(log.contains(#""name":"carto.screen.appeared""#) && log.contains(#""screen":"About""#), log)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/rec/script.yaml"))
    }

    func testBadInputIsOneLineAndExitTwo() throws {
        let missing = try carto(["replay", "/nonexistent/journey.json"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: /nonexistent/journey.json: cannot read the script; check the path (record one with `carto record URL --output DIR`)\n")
        // Without a display a person cannot use the browser: refused unless --headless says a program drives it.
        let noDisplay = try carto(["record", "http://127.0.0.1:9/", "--output", try tempDir()])
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil && ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] == nil {
            XCTAssertEqual(noDisplay.status, 2)
            XCTAssertTrue(noDisplay.stderr.contains("no display to show Chromium on"), noDisplay.stderr)
        }
        let dir = try tempDir()
        try #"{"format":"carto-crawl-model"}"#.write(toFile: dir + "/x.yaml", atomically: true, encoding: .utf8)
        let invalid = try carto(["gen", "maestro", dir + "/x.yaml"])
        XCTAssertEqual(invalid.status, 2)
        XCTAssertTrue(invalid.stderr.hasPrefix("error: \(dir)/x.yaml: .start is missing"), invalid.stderr)
    }

    func testGenerateFromAScript() throws {
        let dir = try tempDir()
        let script = try writeScript(dir, steps: #"{"command":"tap","component":"button","target":{"id":"login","label":"Sign in"}},{"command":"verify","args":["text","Welcome"]}"#)
        let swift = try carto(["gen", "xcuitest", script, "--class", "LoginTests"])
        XCTAssertEqual(swift.status, 0, swift.stderr)
        XCTAssertTrue(swift.stdout.contains("final class LoginTests: XCTestCase"), swift.stdout)
        XCTAssertTrue(swift.stdout.contains(#"element(app.buttons, ["login", "Sign in"]).tap()"#), swift.stdout)
        let maestro = try carto(["gen", "maestro", script, "--output", dir + "/flow.yaml"])
        XCTAssertEqual(maestro.status, 0, maestro.stderr)
        XCTAssertTrue(try String(contentsOfFile: dir + "/flow.yaml", encoding: .utf8).contains("- tapOn:\n    id: \"login\""))
    }

    func testHelp() throws {
        for args in [["record", "--help"], ["replay", "--help"], ["gen", "--help"], ["gen", "xcuitest", "--help"], ["gen", "maestro", "--help"]] {
            let result = try carto(args)
            XCTAssertEqual(result.status, 0, args.joined(separator: " "))
            XCTAssertTrue(result.stdout.contains("USAGE: carto"), result.stdout)
        }
    }
}
