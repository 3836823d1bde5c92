import CartoCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// `carto usage` as users run it: the README's report on the bundled sessions, bad lines, the collection server.
final class UsageCLITests: XCTestCase, CLIHarness {
    func testReportOnTheBundledSessions() throws {
        let out = try tempDir() + "/report"
        let result = try carto(["usage", "report", repoRoot + "/Examples/usage-sessions", "--output", out, "--funnel", "Home>Products>Product"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("7 log files (0 unchanged)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("report on 6 sessions"), "the session without consent is left out: \(result.stderr)")
        for file in ["report.html", "report.json", "screens.csv", "functionalities.csv", "transitions.csv", "gestures.csv",
                     "unrecognised.csv", "connectivity.csv", "usage.sqlite"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/" + file), file)
        }
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/report.json"))) as! [String: Any]
        XCTAssertEqual(report["schema"] as? String, "carto.usage-report/1")
        let heatmaps = report["heatmaps"] as! [[String: Any]]
        XCTAssertEqual(Set(heatmaps.map { $0["screen"] as! String }), ["Home", "Products", "Product", "Contact", "About"])
        for map in heatmaps {
            let image = try PNG.read(URL(fileURLWithPath: out + "/" + (map["file"] as! String)))
            XCTAssertEqual(image.width, 390); XCTAssertEqual(image.height, 844)
            XCTAssertNotNil(map["screenshot"], "every screen of the example has a screenshot")
        }
        let unrecognised = report["unrecognised"] as! [[String: Any]]
        XCTAssertEqual(unrecognised.first?["screen"] as? String, "Product")
        XCTAssertEqual(unrecognised.first?["gesture"] as? String, "pinch", "people try to zoom product pictures")
        let gpx = try FileManager.default.contentsOfDirectory(atPath: out + "/gpx")
        XCTAssertEqual(gpx.count, 6)

        // Again: nothing new to ingest, same answers.
        let again = try carto(["usage", "report", repoRoot + "/Examples/usage-sessions", "--output", out, "--funnel", "Home>Products>Product", "--format", "json"])
        XCTAssertEqual(again.status, 0)
        XCTAssertTrue(again.stderr.contains("7 log files (7 unchanged), 0 new events"), again.stderr)
        let printed = try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as! [String: Any]
        XCTAssertEqual((printed["summary"] as! [String: Any])["events"] as? Int, (report["summary"] as! [String: Any])["events"] as? Int)
    }

    func testUnusableLinesAreListedWithFileAndLineAndExitOne() throws {
        let dir = try tempDir()
        let log = dir + "/logs/s.jsonl"
        try FileManager.default.createDirectory(atPath: dir + "/logs", withIntermediateDirectories: true)
        let lines = try String(contentsOfFile: repoRoot + "/Examples/usage-sessions/ann-0000.jsonl", encoding: .utf8).split(separator: "\n").prefix(20)
        try (lines.joined(separator: "\n") + "\nnot json\n" + #"{"v":1,"ts":1,"sess"#).write(toFile: log, atomically: true, encoding: .utf8)
        let result = try carto(["usage", "report", dir + "/logs", "--output", dir + "/out"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("carto usage: \(log):21: not a JSON object; line skipped\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("carto usage: \(log):22: the line is cut off"), result.stderr)
        XCTAssertTrue(result.stderr.contains("20 new events"), result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/out/report.html"), "the report is still written")
    }

    func testBadInputIsOneLineAndExitTwo() throws {
        let missing = try carto(["usage", "report", "/nonexistent/logs", "--output", try tempDir()])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: /nonexistent/logs: no such file or folder; pass folders or .jsonl files of interaction logs\n")
        let noToken = try carto(["usage", "serve", "--port", "0", "--db", try tempDir() + "/db.sqlite"], environment: ["CARTO_USAGE_TOKEN": ""])
        XCTAssertEqual(noToken.status, 2)
        XCTAssertEqual(noToken.stderr, "error: carto usage serve: no upload token; pass --token TOKEN or set CARTO_USAGE_TOKEN\n")
        let funnel = try carto(["usage", "report", "--funnel", "Home"])
        XCTAssertEqual(funnel.status, 2)
        XCTAssertTrue(funnel.stderr.contains("--funnel Home: give at least two screens"), funnel.stderr)
        let noDB = try carto(["usage", "delete-user", "ann", "--db", "/nonexistent/db.sqlite"])
        XCTAssertEqual(noDB.status, 2)
    }

    func testServeCollectsUploadsThenReportAndDeleteUserWorkOnItsDatabase() throws {
        let dir = try tempDir()
        let db = dir + "/collected.sqlite"
        let (process, base, _) = try startServer(["usage", "serve", "--port", "0", "--db", db, "--token", "t0ken", "--quiet"])
        let body = try Data(contentsOf: URL(fileURLWithPath: repoRoot + "/Examples/usage-sessions/bart-0001.jsonl"))
        XCTAssertEqual(try http("POST", base + "/v1/logs", body: body).0, 401)
        let (status, answer) = try http("POST", base + "/v1/logs", body: body, headers: ["Authorization": "Bearer t0ken"])
        XCTAssertEqual(status, 200, answer)
        let lines = body.split(separator: 10).count
        XCTAssertTrue(answer.contains("\"accepted\":\(lines)"), answer)
        XCTAssertTrue(try http("POST", base + "/v1/logs", body: body, headers: ["Authorization": "Bearer t0ken"]).1.contains("\"duplicates\":\(lines)"))
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)

        let report = try carto(["usage", "report", "--db", db, "--output", dir + "/report"])
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertTrue(report.stderr.contains("report on 1 sessions, \(lines) events"), report.stderr)
        let deleted = try carto(["usage", "delete-user", "bart", "--db", db])
        XCTAssertEqual(deleted.status, 0, deleted.stderr)
        XCTAssertEqual(deleted.stdout, "deleted 1 sessions and \(lines) events of bart\n")
        let after = try carto(["usage", "report", "--db", db, "--output", dir + "/report2"])
        XCTAssertTrue(after.stderr.contains("report on 0 sessions, 0 events"), after.stderr)
    }

    func testHelp() throws {
        for args in [["usage", "--help"], ["usage", "report", "--help"], ["usage", "serve", "--help"], ["usage", "delete-user", "--help"]] {
            let result = try carto(args)
            XCTAssertEqual(result.status, 0, args.joined(separator: " "))
            XCTAssertTrue(result.stdout.contains("USAGE: carto usage"), result.stdout)
        }
    }
}
